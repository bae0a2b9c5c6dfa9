import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';

const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
let browser: Browser;
const base = inject('baseURL');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('demo sites in Chromium', () => {
  it('the index lists every demo site', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    for (const slug of SITES)
      expect(await page.locator(`a[href="/sites/${slug}/"]`).count()).toBe(1);
    await page.close();
  });

  it.each(SITES)(
    '%s home page renders its header and footer, hydrates, and logs no errors',
    async (slug) => {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      const response = await page.goto(`${base}/sites/${slug}/`);
      expect(response?.status()).toBe(200);
      await page.waitForFunction(
        () =>
          document.querySelector('#fc-root')?.hasAttribute('data-hydrated') ||
          (window as any).__forecourtHydrated,
      );
      expect(await page.getByRole('banner').count()).toBeGreaterThan(0);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      expect(await page.locator('main#main h1').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('server-rendered HTML is readable without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/sites/gold-coast-ford/`);
    expect(await page.title()).toContain('Gold Coast Ford');
    expect(await page.locator('h1').first().textContent()).toContain('Ford');
    await context.close();
  });

  it('opens, navigates and closes a menu dropdown by keyboard', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/sites/southern-motor-group/`);
    await page.waitForFunction(() => (window as any).__forecourtHydrated);
    const toggle = page.locator('nav button[aria-expanded]').first();
    await toggle.focus();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menuId = await toggle.getAttribute('aria-controls');
    expect(await page.locator(`#${menuId}`).isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    const focusedInMenu = await page.evaluate(
      (id) => !!document.getElementById(id!)?.contains(document.activeElement),
      menuId,
    );
    expect(focusedInMenu).toBe(true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe(
      'false',
    );
    await page.close();
  });

  it('navigates between pages on the client and keeps the site base path', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/sites/kiwi-car-yard/`);
    await page.waitForFunction(() => (window as any).__forecourtHydrated);
    await page.evaluate(() => ((window as any).__navMarker = true));
    await page
      .locator(
        'main a[href="/sites/kiwi-car-yard/sell-my-car"], main a[href="/sites/kiwi-car-yard/search/used-cars"]',
      )
      .first()
      .click();
    await page.waitForURL(/\/sites\/kiwi-car-yard\/(sell-my-car|search\/used-cars)/);
    expect(await page.evaluate(() => (window as any).__navMarker)).toBe(true); // no full reload
    await page.close();
  });

  it('answers unknown paths with the site 404 page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/sites/lakeside-chevrolet/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').first().textContent()).toContain("couldn't find");
    await page.close();
  });
});

describe('brand pages and the listings feed', () => {
  it("a brand page lists only that make's models", async () => {
    const html = await (await fetch(`${base}/sites/southern-motor-group/brands/mazda`)).text();
    const makes = [...html.matchAll(/class="fc-model-card__make">([^<]+)</g)].map((m) => m[1]);
    expect(makes.length).toBeGreaterThan(2);
    expect(new Set(makes)).toEqual(new Set(['Mazda']));
  });

  it('each site publishes its stock as a vehicle-listings TSV feed', async () => {
    const res = await fetch(`${base}/sites/kiwi-car-yard/feeds/vehicles.tsv`);
    expect(res.status).toBe(200);
    const [header, first] = (await res.text()).split('\n');
    expect(header.split('\t')).toEqual([
      'id',
      'vin',
      'store_code',
      'dealership_name',
      'dealership_address',
      'price',
      'condition',
      'make',
      'model',
      'trim',
      'year',
      'mileage',
      'image_link',
      'additional_image_link',
      'link',
      'date_in_stock',
      'certified_pre_owned',
    ]);
    expect(first.split('\t')).toHaveLength(17);
    expect(first).toContain('/sites/kiwi-car-yard/cars/');
  });
});

describe('a broken block stays contained', () => {
  it('the rest of the page renders when a block throws in the browser', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.route(/\/build\/carousel-[^/]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export default { component() { throw new Error("carousel exploded"); } };',
      }),
    );
    await page.goto(`${base}/sites/gold-coast-ford/`);
    await page.waitForFunction(() => (window as any).__forecourtHydrated);
    expect(await page.locator('[data-block-error]').count()).toBe(0); // production: nothing shown
    expect(await page.locator('main h1').first().isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).toContain('Your local Ford family'); // block after the carousel
    // Logged, not swallowed (when the block's boundary hydrates, which may be after the page's marker).
    await expect.poll(() => errors.join('\n')).toContain('carousel exploded');
    await page.close();
  });

  it('a block whose code fails to load fails alone', async () => {
    const page = await browser.newPage();
    await page.route(/\/build\/carousel-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 500, body: 'nope' }),
    );
    await page.goto(`${base}/sites/gold-coast-ford/`);
    await page.waitForFunction(() => (window as any).__forecourtHydrated);
    expect(await page.locator('main').textContent()).toContain('Your local Ford family');
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await page.close();
  });
});
