/**
 * The search page on a weak network (docs/search-ui.md, "Slow and failing networks"): the
 * search requests are slowed down or dropped with Playwright's route interception. With
 * 1,200 ms added to every search the page shows it is busy (aria-busy, the progress strip)
 * while the previous cars stay on screen, and the new results arrive; with 5% of search
 * requests failing every search still arrives (the client tries again); when every try
 * fails, a polite message keeps the last cars on screen and "Try again" recovers.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launch } from './chromium.ts';
import { animationFrames } from './waits.ts';

let browser: Browser;
const base = inject('baseURL');
const FORD = `${base}/sites/gold-coast-ford`;
const SEARCHES = '**/1/indexes/**';
const LATENCY_MS = 1200;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(page: Page) {
  await page.locator('.fc-search-page').first().hover();
  await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 30_000 });
}

const cardIds = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.fc-search-page__results .fc-car-card')].map((c) =>
      c.getAttribute('data-car-id'),
    ),
  );
const count = async (page: Page) => (await page.locator('.fc-search-count').textContent()) ?? '';

/** Waits until the results are settled: not busy, cars listed, no failure message. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.fc-search-page__results')?.getAttribute('aria-busy') === 'false' &&
      document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0,
    undefined,
    { timeout: 30_000 },
  );
  await animationFrames(page);
}

describe('search on a slow network', () => {
  it('with 1,200 ms added to each search: a busy state with the previous cars kept, then the results', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await ready(page);
    const before = await cardIds(page);
    const beforeCount = await count(page);
    let delayed = 0;
    await page.route(SEARCHES, async (route: Route) => {
      delayed++;
      // eslint-disable-next-line no-restricted-syntax -- the slow network itself: each search answers late
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page
      .locator('.fc-search-section', { hasText: 'Condition' })
      .locator('input[type=checkbox]')
      .nth(2)
      .check();
    // Busy, with a visible progress strip, while the old cars and count stay on screen.
    await page.waitForSelector('.fc-search-page__results[aria-busy="true"]');
    await page.waitForSelector('.fc-search-status__bar', { state: 'visible' });
    expect(await cardIds(page)).toEqual(before);
    expect(await count(page)).toBe(beforeCount);
    // Then the results, without a failure message.
    await settled(page);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LATENCY_MS);
    expect(await cardIds(page)).not.toEqual(before);
    expect(await count(page)).not.toBe(beforeCount);
    expect(await page.locator('.fc-search-status--error').count()).toBe(0);
    expect(await page.locator('[role=alert]').count()).toBe(0);
    expect(delayed).toBeGreaterThan(0);
    // The progress strip is gone and took no room from the cards (no jump).
    expect(await page.locator('.fc-search-status__bar').count()).toBe(0);
    await page.close();
  });

  it('with 5% of search requests failing, every search still arrives', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await ready(page);
    // One request in twenty is dropped, the second one among them, so failures surely happen.
    let n = 0;
    let failed = 0;
    await page.route(SEARCHES, async (route: Route) => {
      if (n++ % 20 === 1) {
        failed++;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    const makes = page.locator('.fc-search-make');
    for (let i = 0; i < 12; i++) {
      // Makes added one by one, then taken away: twelve searches, each a new request.
      const make = makes.nth(i < 6 ? i : 11 - i);
      await make.click();
      await page.waitForFunction(
        ([pressed]) =>
          document.querySelectorAll('.fc-search-make[aria-pressed="true"]').length === pressed,
        [i < 6 ? i + 1 : 11 - i],
      );
      await settled(page);
      expect(await page.locator('.fc-search-status--error').count()).toBe(0);
      expect(await count(page)).toMatch(/^[\d,]+ cars?$/);
    }
    expect(n).toBeGreaterThan(failed);
    expect(failed).toBeGreaterThan(0);
    await page.close();
  });

  it('when every try fails: the last cars stay with a polite message, and Try again recovers', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await ready(page);
    const before = await cardIds(page);
    const fail = (route: Route) => route.abort('internetdisconnected');
    await page.route(SEARCHES, fail);
    await page
      .locator('.fc-search-section', { hasText: 'Condition' })
      .locator('input[type=checkbox]')
      .nth(0)
      .check();
    const message = page.locator('.fc-search-status--error');
    await message.waitFor();
    expect(await message.getAttribute('role')).toBe('status');
    expect(await message.textContent()).toContain('from your last search');
    expect(await page.locator('[role=alert]').count()).toBe(0);
    expect(await cardIds(page)).toEqual(before);
    await page.unroute(SEARCHES, fail);
    await message.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction(() => !document.querySelector('.fc-search-status--error'));
    await settled(page);
    expect(await cardIds(page)).not.toEqual(before);
    await page.close();
  });
});
