/**
 * The stock search page and the budget finder in Chromium, against the real production
 * server and its embedded search engine: a visitor's whole journey (type, refine by make,
 * move a slider by keyboard, sort, page, reload, back), the server-rendered HTML listing cars
 * before any script runs, and budget finder → search results within the budget.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeChecker } from './axe.ts';
import { launch, watchErrors } from './chromium.ts';
import { animationFrames } from './waits.ts';

let browser: Browser;
const base = inject('baseURL');
const FORD = `${base}/sites/gold-coast-ford`;
const SOUTHERN = `${base}/sites/southern-motor-group`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Waits until the search UI is interactive. Its chunk loads when the visitor starts using
 * the page (blocks/_search/lazy-block.tsx), here a pointer over the block.
 */
async function ready(page: Page, selector = '.fc-search-page') {
  await page.locator(selector).first().hover();
  await page.waitForSelector(`${selector}[data-search-ready]`, { timeout: 30_000 });
}

/**
 * Runs an action that searches, and waits for the results to settle: the search's answer
 * (or, for a search seen before, the browser's result cache: no request at all) and the
 * results no longer busy.
 */
async function searching(page: Page, action: () => Promise<unknown>) {
  const answered = page
    .waitForResponse((r) => r.url().includes('/1/indexes/') && r.request().method() === 'POST', {
      timeout: 2_000,
    })
    .catch(() => undefined);
  await action();
  await answered;
  await page.waitForFunction(
    () => document.querySelector('.fc-search-page__results')?.getAttribute('aria-busy') === 'false',
  );
  await animationFrames(page); // the commit that cleared aria-busy (results, count, URL) is painted
}

const count = async (page: Page) =>
  Number((await page.locator('.fc-search-count').textContent())!.replace(/[^0-9]/g, ''));
/** The result cards (the car card block's markup): titles and car prices (a subscription card's car price is its alternative; no-price cards have none). */
const cards = (page: Page) =>
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
const titles = async (page: Page) => (await cards(page)).map((c) => c.title);
const prices = async (page: Page) =>
  (await cards(page)).map((c) => c.price).filter((p): p is number => p !== undefined);
/** The inner URL (path and query) of the page, decoded for readable assertions. */
const inner = (page: Page, site: string) => decodeURIComponent(page.url().slice(site.length));

describe('stock search page', () => {
  it('lists cars in the server-rendered HTML, before any script runs', async () => {
    const html = await (await fetch(`${FORD}/search/new-used-and-demo-cars`)).text();
    const names = [
      ...html.matchAll(
        /class="fc-car-card__title"[^>]*><a href="[^"]+\/cars\/[^"]+"[^>]*>([^<]+)</g,
      ),
    ].map((m) => m[1]);
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) expect(name).toMatch(/^(19|20)\d\d [A-Z]/);
    expect(html).toMatch(/class="fc-search-count"[^>]*>[\d,]+ cars</);
    // Search engines get a description worded from the search (docs/search-ui.md, "Search engines").
    expect(html).toMatch(
      /<meta name="description" content="Cars for sale at Gold Coast Ford\. [\d,]+ cars in stock: search and filter by/,
    );
    expect(await (await fetch(`${FORD}/search/ford/ranger`)).text()).toMatch(
      /<meta name="description" content="Ford Ranger for sale at Gold Coast Ford\./,
    );

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${FORD}/search/ford/ranger?range[price]=30000:70000`);
    expect(await page.locator('h1').first().textContent()).toBe('Ford Ranger for sale');
    const cards = await titles(page);
    expect(cards.length).toBeGreaterThan(0);
    for (const t of cards) expect(t).toContain('Ford Ranger');
    for (const p of await prices(page)) expect(p >= 30000 && p <= 70000).toBe(true);
    // Pages are real links a crawler can follow.
    expect(await page.locator('.fc-search-pagination a[href*="page=2"]').count()).toBeGreaterThan(
      0,
    );
    await context.close();
  });

  it('types, refines by make, slides by keyboard, sorts, pages, reloads and goes back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await ready(page);
    const all = await count(page);
    expect(all).toBeGreaterThan(100);

    // Type: the box searches 300 ms after the last key.
    await searching(page, () =>
      page.locator('.fc-search-box__input').pressSequentially('ranger', { delay: 30 }),
    );
    await page.waitForURL(/query=ranger/);
    const typed = await count(page);
    expect(typed).toBeLessThan(all);
    expect(typed).toBeGreaterThan(0);

    // Refine by make: one make gives the brand path.
    await searching(page, () =>
      page.locator('.fc-search-make', { hasText: 'Ford' }).first().click(),
    );
    await page.waitForURL(/\/search\/ford\?query=ranger$/);
    expect(await page.locator('.fc-search-make[aria-pressed="true"]').count()).toBe(1);
    for (const t of await titles(page)) expect(t).toContain('Ford');

    // Move a slider with the keyboard: the lowest year up by two steps.
    const minYear = page.getByLabel('Minimum year');
    const startYear = Number(await minYear.inputValue());
    await minYear.focus();
    await searching(page, async () => {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
    });
    await page.waitForURL(/range\[year\]=\d{4}:/);
    const fromYear = Number(/range\[year\]=(\d{4}):/.exec(inner(page, FORD))![1]);
    expect(fromYear).toBe(startYear + 2);
    expect(await minYear.getAttribute('aria-valuetext')).toBe(String(fromYear));
    for (const t of await titles(page))
      expect(Number(t.slice(0, 4))).toBeGreaterThanOrEqual(fromYear);

    // Sort by lowest price.
    await searching(page, () =>
      page.locator('.fc-search-sort select').selectOption({ label: 'Price: low to high' }),
    );
    await page.waitForURL(/sortBy=Car_production_price_asc/);
    const sorted = await prices(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    // Page 2.
    const firstPage = await titles(page);
    const filtered = await count(page);
    await searching(page, () =>
      page.locator('.fc-search-pagination a[aria-label="Page 2"]').click(),
    );
    await page.waitForURL(/page=2/);
    const secondPage = await titles(page);
    expect(secondPage[0]).not.toBe(firstPage[0]);
    const url = inner(page, FORD);
    expect(url).toMatch(
      /^\/search\/ford\?query=ranger&range\[year\]=\d{4}:&sortBy=Car_production_price_asc&page=2$/,
    );

    // Reload: the same search, the same cars (server-rendered from the URL).
    await page.reload();
    await ready(page);
    expect(inner(page, FORD)).toBe(url);
    expect(await titles(page)).toEqual(secondPage);
    expect(await count(page)).toBe(filtered);
    expect(await page.locator('.fc-search-box__input').inputValue()).toBe('ranger');
    expect(await page.locator('.fc-search-sort select').inputValue()).toBe(
      'Car_production_price_asc',
    );

    // Back: the first page again, with everything else kept.
    await searching(page, () => page.goBack());
    expect(inner(page, FORD)).toBe(url.replace('&page=2', ''));
    expect(await titles(page)).toEqual(firstPage);
    // Back again: before sorting.
    await searching(page, () => page.goBack());
    expect(inner(page, FORD)).not.toContain('sortBy');
    expect(await page.locator('.fc-search-sort select').inputValue()).toBe('Car_production');

    // A filter change drops the page parameter.
    await searching(page, () => page.goForward());
    await searching(page, () => page.goForward());
    expect(inner(page, FORD)).toContain('page=2');
    await searching(page, () =>
      page
        .locator('.fc-search-section', { hasText: 'Condition' })
        .locator('input[type=checkbox]')
        .first()
        .click(),
    );
    expect(inner(page, FORD)).not.toContain('page=');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a dealer link lists that dealership only', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${SOUTHERN}/find-a-dealer`);
    await ready(page, '.fc-dealer-directory');
    const card = page
      .locator('.fc-dealer-directory__card', { has: page.locator('a.fc-button') })
      .first();
    const name = (await card.locator(':is(h2, h3)').textContent())!;
    const available = Number(
      (await card.locator('a.fc-button').textContent())!.replace(/[^0-9]/g, ''),
    );
    await card.locator('a.fc-button').click();
    await page.waitForURL(
      /\/search\/new-used-and-demo-cars\?refinementList\[dealership_slug\]\[0\]=southern-[a-z]+$/,
    );
    await ready(page);
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('.fc-search-count')?.textContent ?? ''),
    );
    // The directory counts cars available now; the search also shows cars sold in the last days.
    const listed = await count(page);
    expect(listed).toBeGreaterThanOrEqual(available);
    expect(listed).toBeLessThan(available * 1.2);
    expect(await page.locator('.fc-search-chip').allTextContents()).toEqual([`${name} × (remove)`]);
    await page.close();
  });
});

describe('directories', () => {
  it('the model directory searches models and links to their stock', async () => {
    const html = await (await fetch(`${FORD}/model-search`)).text();
    expect(html).toContain('Ranger');
    expect(html).toMatch(/in stock/);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${FORD}/model-search`);
    await ready(page, '.fc-model-directory');
    await page
      .locator('.fc-model-directory .fc-search-box__input')
      .pressSequentially('everest', { delay: 30 });
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-model-directory__card').length === 1,
    );
    expect(await page.locator('.fc-model-directory__card :is(h2, h3)').textContent()).toBe(
      'Ford Everest',
    );
    await page.locator('.fc-model-directory__stock').click();
    await page.waitForURL(/\/search\/ford\/everest$/);
    await ready(page);
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    );
    for (const t of await titles(page)) expect(t).toContain('Ford Everest');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('budget finder', () => {
  it('works out the budget and lands on search results within it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${SOUTHERN}/budget-finder`);
    await ready(page, '.fc-budget-finder');
    // Defaults: 200 a week and 2000 deposit → $54,000.
    expect(await page.locator('[data-budget]').getAttribute('data-budget')).toBe('54000');
    const go = page.locator('.fc-budget-finder__go');
    expect(await go.textContent()).toBe('View Cars In This Range');

    // Below the cheapest car: disabled, "0 Cars Found" and the message.
    await page.fill('input[name=weekly]', '1');
    await page.fill('input[name=deposit]', '0');
    await page.waitForFunction(
      () => document.querySelector('.fc-budget-finder__go')?.textContent === '0 Cars Found',
    );
    expect(await go.isDisabled()).toBe(true);
    expect(await page.locator('.fc-budget-finder__message').textContent()).toBe(
      'No Cars found for this budget',
    );

    // $150 a week and $1,500 deposit: 150 × 260 + 1500 = $40,500.
    await page.fill('input[name=weekly]', '$150');
    await page.fill('input[name=deposit]', '1,500');
    await page.waitForFunction(
      () =>
        document.querySelector('.fc-budget-finder__go')?.textContent === 'View Cars In This Range',
    );
    expect(await page.locator('[data-budget]').getAttribute('data-budget')).toBe('40500');
    await go.click();
    await page.waitForURL(/\/search\/new-used-and-demo-cars\?range\[price\]=:40500$/);
    await ready(page);
    await page.waitForFunction(
      () => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    );
    const found = await prices(page);
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p).toBeLessThanOrEqual(40500);
    // Sorted by highest price, the dearest car shown is still within the budget.
    await searching(page, () =>
      page.locator('.fc-search-sort select').selectOption({ label: 'Price: high to low' }),
    );
    const dearest = await prices(page);
    expect(dearest[0]).toBeLessThanOrEqual(40500);
    expect(dearest[0]).toBeGreaterThan(30000);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** Pages checked at once: each waits on hydration and the network for much of its load. */
const PAGES_AT_ONCE = 3;

describe('accessibility of the search blocks (axe-core)', () => {
  const pages: [string, string, ((p: Page) => Promise<void>)?][] = [
    [`${FORD}/search/ford/ranger?range[price]=30000:70000`, '.fc-search-page'],
    [
      `${FORD}/search/ford`,
      '.fc-search-page',
      // The filters toggle shows on phones only (on a desktop the filters always show).
      async (p) => {
        const toggle = p.locator('.fc-search-page__filters-toggle');
        if (await toggle.isVisible()) await toggle.click();
      },
    ],
    [`${SOUTHERN}/budget-finder`, '.fc-budget-finder'],
    [`${SOUTHERN}/find-a-dealer`, '.fc-dealer-directory'],
    [`${FORD}/model-search`, '.fc-model-directory'],
  ];
  it('has no serious or critical violations on desktop and phone', async () => {
    const axe = axeChecker(browser, PAGES_AT_ONCE);
    try {
      const found = await Promise.all(
        pages.flatMap(([url, root, prepare]) =>
          [1280, 400].map(async (width) => {
            const check = {
              scope: 'main',
              ready: async (page: Page) => {
                await ready(page, root);
                await prepare?.(page);
              },
            };
            return (await axe.serious(url, width, check)).map(
              (d) => `${url.slice(base.length)} @${width}px: ${d}`,
            );
          }),
        ),
      );
      expect(found.flat()).toEqual([]);
    } finally {
      await axe.close();
    }
  }, 120_000);
});
