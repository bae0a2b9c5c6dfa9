/** Content blocks in Chromium: locations grid with holiday hours, its map and nearest-location search, reviews carousel by keyboard. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';

const base = inject('baseURL');
/** The locations map's own chunk (blocks/_shared/StaticMap.tsx). */
const isMapCode = (url: string) => /\/StaticMap-[\w-]+\.js$/.test(url);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A desktop page of gold-coast-ford at `path`, hydrated, with the scripts it asked for so far. */
async function open(path: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(`${base}/sites/gold-coast-ford${path}`);
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  return { page, errors, scripts };
}

describe('locations', () => {
  it('a multi-location site shows a card grid and opens holiday hours from a button', async () => {
    const { page, errors } = await open('/locations');
    const cards = page.locator('.fc-locations__grid .fc-location-card');
    // Five locations, one hidden: four cards.
    expect(await cards.count()).toBe(4);
    expect(await cards.first().locator('.fc-location-card__name').textContent()).toContain(
      'Southport',
    );
    const button = cards.first().getByRole('button', { name: 'Holiday hours' });
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('Good Friday');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'Holiday hours',
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the locations map', () => {
  it('is drawn after client-side navigation, its code loaded then', async () => {
    // A page reached by client-side navigation has no server map: its code comes and draws it.
    const { page, errors, scripts } = await open('/');
    expect(scripts.filter(isMapCode)).toEqual([]);
    await page.locator('a[href="/sites/gold-coast-ford/contact"]:visible').first().click();
    await page.waitForURL(/\/contact$/);
    const drawn = page.locator('.fc-locations svg.fc-static-map');
    await drawn.waitFor();
    expect(await drawn.locator('.fc-static-map__pin').count()).toBeGreaterThan(0);
    expect(scripts.filter(isMapCode)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the nearest-location search', () => {
  it('loads its geocoding code at the first search, sorts by distance, and names a postcode it cannot place', async () => {
    const { page, errors, scripts } = await open('/locations');
    const loadedAtStart = scripts.length;
    // The map the server drew is kept, without the map's code (DeferredMap.tsx).
    const map = page.locator('.fc-locations svg.fc-static-map');
    expect(await map.count()).toBe(1);
    expect(await map.locator('.fc-static-map__pin').count()).toBe(4);
    const search = page.getByRole('search', { name: 'Find the nearest location' });
    await search.getByRole('textbox').fill('4000');
    await search.getByRole('button', { name: 'Find nearest' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Sorted by distance' });
    await expect.poll(() => status.textContent()).toContain('Brisbane 4000');
    // The geocoding module came with the search, not with the page.
    expect(scripts.slice(loadedAtStart).some((url) => /\/geocode-[\w-]+\.js$/.test(url))).toBe(
      true,
    );
    expect(scripts.slice(0, loadedAtStart).some((url) => /\/geocode-/.test(url))).toBe(false);
    // Sorting the cards leaves the map as the server drew it.
    expect(await map.locator('.fc-static-map__pin').count()).toBe(4);
    expect(scripts.filter(isMapCode)).toEqual([]);

    await search.getByRole('textbox').fill('12');
    await search.getByRole('button', { name: 'Find nearest' }).click();
    await expect.poll(() => search.textContent()).toContain('Invalid postcode');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('reviews', () => {
  it('the carousel starts at the third review and moves with the arrow keys', async () => {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    await page.goto(`${base}/sites/southern-motor-group/`);
    await page.waitForFunction(() => (window as any).__forecourtHydrated);
    const carousel = page.locator('.fc-reviews__carousel');
    const active = () =>
      carousel
        .locator('[aria-roledescription="slide"][data-active="true"]')
        .first()
        .getAttribute('aria-label');
    expect(await active()).toMatch(/^3 of \d+$/);
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    expect(await active()).toMatch(/^4 of \d+$/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await active()).toMatch(/^2 of \d+$/);
    await page.close();
  });
});
