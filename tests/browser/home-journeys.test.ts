/**
 * The demo home pages as a buyer uses them (docs/content-blocks.md, "Home pages"), in
 * Chromium against the production server: a quick search lands on the matching results
 * (with and without JavaScript), a featured car opens its page, the featured row works from
 * the keyboard, the hero picture is fetched first, and nothing moves while a home page
 * loads and is scrolled through (CLS < 0.05, PerformanceObserver 'layout-shift').
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { CLS_DEVICES, CLS_LIMIT, layoutShifts, totalShift } from './layout-shifts.ts';

const base = inject('baseURL');
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const home = (slug: string) => `${base}/sites/${slug}/`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The page is hydrated and the quick search's script has taken over its form. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  await page.waitForSelector('.fc-quick-search__form[data-ready]');
}

/** The inner URL (path and query) of the page, decoded for readable assertions. */
const inner = (page: Page, slug: string) =>
  decodeURIComponent(page.url().slice(`${base}/sites/${slug}`.length));

/** Titles and car prices of the search results. */
const results = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.fc-search-page__results .fc-car-card')].map((card) => {
      const price = card.querySelector('.fc-car-price');
      const amount = price?.querySelector(
        price.getAttribute('data-price-state') === 'subscription' ? '.fc-car-price__alt' : 'strong',
      );
      const m = /\$([\d,]+)/.exec(amount?.textContent ?? '');
      return {
        title: card.querySelector('.fc-car-card__title')?.textContent?.trim() ?? '',
        price: m ? Number(m[1].replace(/,/g, '')) : undefined,
      };
    }),
  );

const resultCount = async (page: Page) =>
  Number((await page.locator('.fc-search-count').textContent())!.replace(/[^0-9]/g, ''));

describe('quick search on the home page', () => {
  it('make, model and a price land on the matching search results', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(home('gold-coast-ford'));
    await hydrated(page);
    const form = page.locator('.fc-quick-search__form');
    // The no-script model list is markup as text to a scripted page: none of it shows.
    expect(await form.innerText()).not.toContain('<');
    await form.getByLabel('Make').selectOption('Ford');
    // The model list follows the make.
    const models = await form.getByLabel('Model').locator('option').allTextContents();
    expect(models).toContain('Ranger');
    expect(models).not.toContain('Corolla');
    await form.getByLabel('Model').selectOption('Ranger');
    await form.getByLabel('Maximum price').selectOption({ label: 'Up to $50,000' });
    await form.getByRole('button', { name: 'Search cars' }).click();
    await page.waitForURL(/\/search\/ford\/ranger\?range\[price\]=:50000$/);
    expect(inner(page, 'gold-coast-ford')).toBe('/search/ford/ranger?range[price]=:50000');
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    );
    const found = await results(page);
    expect(found.length).toBeGreaterThan(0);
    for (const car of found) expect(car.title).toContain('Ford Ranger');
    for (const car of found)
      if (car.price !== undefined) expect(car.price).toBeLessThanOrEqual(50000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a weekly budget searches by weekly repayment', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(home('kiwi-car-yard'));
    await hydrated(page);
    // Nothing in the featured rows widens the page (a phone would zoom it out).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const form = page.locator('.fc-quick-search__form');
    await form.getByRole('radio', { name: 'Weekly budget' }).check();
    expect(await form.getByLabel('Maximum price').isVisible()).toBe(false);
    await form.getByLabel('Maximum weekly repayment').selectOption({ label: 'Up to $150/wk' });
    await form.getByRole('button', { name: 'Search cars' }).click();
    await page.waitForURL(/weekly_price/);
    expect(inner(page, 'kiwi-car-yard')).toBe(
      '/search/new-used-and-demo-cars?range[weekly_price]=:150',
    );
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    );
    const limited = await resultCount(page);
    await page.goto(`${base}/sites/kiwi-car-yard/search/new-used-and-demo-cars`);
    expect(limited).toBeLessThan(await resultCount(page));
    await page.close();
  });

  it('works as a plain form without JavaScript', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(home('southern-motor-group'));
    const form = page.locator('.fc-quick-search__form');
    await form.getByLabel('Make').selectOption('Kia');
    // One model list shows: the noscript's, every model grouped by make (the scripted one is hidden).
    const model = form.getByRole('combobox', { name: 'Model' });
    const kia = model.locator('optgroup[label="Kia"] option');
    expect(await kia.count()).toBeGreaterThan(0);
    const chosen = (await kia.first().getAttribute('value'))!;
    await model.selectOption(chosen);
    await form.getByRole('button', { name: 'Search cars' }).click();
    await page.waitForURL(/\/search\/new-used-and-demo-cars\?/);
    expect(new URL(page.url()).searchParams.getAll('refinementList[model][0]')).toEqual([chosen]);
    const found = await results(page);
    expect(found.length).toBeGreaterThan(0);
    for (const car of found) expect(car.title).toContain(`Kia ${chosen}`);
    await context.close();
  });
});

describe('featured stock on the home page', () => {
  it('a featured car opens its car page (a click before the row has hydrated is followed)', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(home('southern-motor-group'));
    await hydrated(page);
    const row = page.getByRole('region', { name: /^New arrivals, \d+ cars$/ });
    const first = row.locator('.fc-car-card__title a').first();
    const name = (await first.textContent())!.trim();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/sites\/southern-motor-group\/cars\/[a-z0-9-]+$/);
    await first.click();
    await page.waitForURL(`${base}${href}`);
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
      .toContain(name);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('See all opens the same cars in the stock search, newest first', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(home('lakeside-chevrolet'));
    await hydrated(page);
    const section = page.locator('.fc-featured-stock', {
      has: page.getByRole('heading', { name: 'Chevrolet in stock' }),
    });
    await section.getByRole('link', { name: /See all/ }).click();
    await page.waitForURL(/\/search\/chevrolet$/);
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    );
    for (const car of await results(page)) expect(car.title).toContain('Chevrolet');
    await page.close();
  });

  it('scrolls with its previous/next buttons and the arrow, Home and End keys', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(home('gold-coast-ford'));
    await hydrated(page);
    const row = page.getByRole('region', { name: /^New arrivals, \d+ cars$/ });
    const section = page.locator('.fc-featured-stock').first();
    const prev = section.getByRole('button', { name: 'Previous cars' });
    const next = section.getByRole('button', { name: 'Next cars' });
    const scrollLeft = () => row.evaluate((el) => el.scrollLeft);
    // The row's UI hydrates when the visitor reaches it (blocks/_search/lazy-block.tsx).
    await row.hover();
    await page.waitForSelector('.fc-featured-stock--ready');
    expect(await prev.getAttribute('aria-disabled')).toBe('true');

    // Next from the keyboard: Tab to it and press Enter.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    await expect.poll(() => prev.getAttribute('aria-disabled')).toBe('false');
    await prev.focus();
    await page.keyboard.press('Space');
    await expect.poll(scrollLeft).toBe(0);

    // The row itself takes focus and scrolls with the keys.
    await row.focus();
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        row.evaluate((el) => Math.abs(el.scrollWidth - el.clientWidth - el.scrollLeft) <= 1),
      )
      .toBe(true);
    await expect.poll(() => next.getAttribute('aria-disabled')).toBe('true');
    const end = await scrollLeft();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scrollLeft).toBeLessThan(end);
    await page.keyboard.press('Home');
    await expect.poll(scrollLeft).toBe(0);
    // Tab goes on into the first car.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('.fc-featured-stock__item') !== null,
      ),
    ).toBe(true);
    await page.close();
  });
});

describe('hero picture', () => {
  it.each(SITES)('%s: fetched first, never lazily, with its size, and loaded', async (slug) => {
    const html = await (await fetch(home(slug))).text();
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" href="/assets/sites/${slug}/home-hero-[0-9a-f]+\\.svg"`,
      ),
    );
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(home(slug), { waitUntil: 'load' });
    const img = page.locator('.fc-hero__backdrop img');
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('loading')).toBeNull();
    expect(await img.getAttribute('width')).toBe('1600');
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(
      true,
    );
    // White words over the overlay.
    expect(await page.locator('.fc-hero h1').evaluate((el) => getComputedStyle(el).color)).toBe(
      'rgb(255, 255, 255)',
    );
    await page.close();
  });
});

describe('home page layout stability', () => {
  for (const device of CLS_DEVICES) {
    it.each(SITES)(`%s on a ${device.name}: CLS under ${CLS_LIMIT}`, async (slug) => {
      const shifts = await layoutShifts(browser, home(slug), device, { scrollScreens: 6 });
      expect(
        totalShift(shifts),
        `shifted: ${shifts.flatMap((s) => s.sources).join(', ')}`,
      ).toBeLessThan(CLS_LIMIT);
    });
  }
});

describe('the notice banner and a sticky header', () => {
  it('a sticky header stays just below the banner while the page scrolls', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(home('gold-coast-ford'));
    await hydrated(page);
    // gold-coast-ford's header does not stick: made sticky here as a site's `sticky: true` renders it.
    await page.evaluate(() => {
      const header = document.querySelector('.fc-header')!;
      header.classList.add('fc-header--sticky');
      header.setAttribute('data-fc-sticky', '');
    });
    await page.evaluate(() => window.scrollTo(0, 1500));
    const edges = () =>
      page.evaluate(() => ({
        scrolled: window.scrollY,
        bannerTop: document.querySelector('.fc-emergency-banner')!.getBoundingClientRect().top,
        bannerBottom: document.querySelector('.fc-emergency-banner')!.getBoundingClientRect()
          .bottom,
        headerTop: document.querySelector('.fc-header')!.getBoundingClientRect().top,
        // Published for what sticks, not on the root, which every element would inherit.
        onRoot: document.documentElement.style.getPropertyValue('--fc-sticky-offset'),
      }));
    await expect.poll(async () => (await edges()).headerTop).toBeGreaterThan(10);
    const at = await edges();
    expect(at.scrolled).toBeGreaterThan(1000);
    expect(at.bannerTop).toBe(0);
    expect(Math.abs(at.headerTop - at.bannerBottom)).toBeLessThan(1);
    expect(at.onRoot).toBe('');
    await page.close();
  });
});
