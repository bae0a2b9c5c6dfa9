/**
 * The search page's history as a buyer lives it (docs/search-ui.md, "URL state"): one entry
 * per action, Back and Forward bring the address and the results back together (across
 * the path-based search routes, which are separate pages of the site), Back from a car page
 * restores the filters and the scroll position (also to the page the buyer landed on, deep in
 * an infinite list whose later cars load again), and Show Me on a phone lands on the count
 * and the first car with a count that only moves from the old total to the new one.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { animationFrames } from './waits.ts';

let browser: Browser;
const base = inject('baseURL');
const FORD = `${base}/sites/gold-coast-ford`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the search UI is interactive (its chunk loads on the visitor's first use: here a pointer over it). */
async function ready(page: Page) {
  await page.locator('.fc-search-page').first().hover();
  await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 30_000 });
}

/** Waits until the results are no longer busy, and that commit is painted. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const results = document.querySelector('.fc-search-page__results');
    return (
      results?.getAttribute('aria-busy') === 'false' &&
      document.querySelectorAll('.fc-search-page__results .fc-car-card').length > 0
    );
  });
  await animationFrames(page);
}

interface Shown {
  url: string;
  count: string;
  cards: string[];
  chips: string[];
  sort: string;
}

/** What the visitor sees: the address, the count, the cards, the chosen filters and the sort. */
async function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => ({
    url: decodeURIComponent(location.pathname + location.search).replace(/^\/sites\/[^/]+/, ''),
    count: document.querySelector('.fc-search-count')?.textContent ?? '',
    cards: [...document.querySelectorAll('.fc-search-page__results .fc-car-card')]
      .slice(0, 6)
      .map((c) => c.getAttribute('data-car-id') ?? ''),
    chips: [...document.querySelectorAll('.fc-search-chip')].map((c) => c.textContent ?? ''),
    sort:
      (document.querySelector('.fc-search-sort select') as HTMLSelectElement | null)?.value ?? '',
  }));
}

/** Runs an action that searches something new, and waits for its answer and the results to settle. */
async function searching(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/1/indexes/') && r.request().method() === 'POST',
    { timeout: 10_000 },
  );
  await action();
  await answered;
  await settled(page);
}

/** Runs a history move and waits for the address to be `url` and the results on screen to settle. */
async function travel(page: Page, move: () => Promise<unknown>, url: string) {
  await move();
  await page.waitForFunction(
    (u) => decodeURIComponent(location.pathname + location.search).endsWith(u),
    url,
  );
  await settled(page);
}

describe('search history', () => {
  it('Back and Forward through three filter states restore the address and the results together, without new entries', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await ready(page);
    const states: Shown[] = [await shown(page)];
    const condition = page
      .locator('.fc-search-section', { hasText: 'Condition' })
      .locator('input[type=checkbox]');

    // 1: Used (/search/used-cars is another page of the site than /search/new-used-and-demo-cars).
    await searching(page, () => condition.nth(2).check());
    await page.waitForURL(/\/search\/used-cars$/);
    states.push(await shown(page));
    // 2: a make (the brand path).
    await searching(page, () =>
      page.locator('.fc-search-make', { hasText: 'Ford' }).first().click(),
    );
    await page.waitForURL(/\/search\/ford\?refinementList\[car_type\]\[0\]=used$/);
    states.push(await shown(page));
    // 3: a sort.
    await searching(page, () =>
      page.locator('.fc-search-sort select').selectOption({ label: 'Price: low to high' }),
    );
    await page.waitForURL(/sortBy=Car_production_price_asc/);
    states.push(await shown(page));
    // Lowest price first opens with priced cars ("Enquire for price" cars go last).
    const firstStates = await page.evaluate(() =>
      [...document.querySelectorAll('.fc-search-page__results .fc-car-card .fc-car-price')]
        .slice(0, 3)
        .map((p) => p.getAttribute('data-price-state')),
    );
    expect(firstStates.length).toBe(3);
    expect(firstStates).not.toContain('no-price');

    // Each action made exactly one entry, and each state showed different cars.
    const length = await page.evaluate(() => history.length);
    for (let i = 1; i < states.length; i++)
      expect(states[i].cards).not.toEqual(states[i - 1].cards);
    expect(states.map((s) => s.url)).toEqual([
      '/search/new-used-and-demo-cars',
      '/search/used-cars',
      '/search/ford?refinementList[car_type][0]=used',
      '/search/ford?refinementList[car_type][0]=used&sortBy=Car_production_price_asc',
    ]);

    // Back three times, then Forward three times: each stop comes to show exactly what it
    // showed before. (The old results may stand, not busy, for a moment after the address
    // changes and before the restored search starts, so the page is watched until it does.)
    for (let i = states.length - 2; i >= 0; i--) {
      await travel(page, () => page.goBack(), states[i].url);
      await expect.poll(() => shown(page)).toEqual(states[i]);
    }
    for (let i = 1; i < states.length; i++) {
      await travel(page, () => page.goForward(), states[i].url);
      await expect.poll(() => shown(page)).toEqual(states[i]);
    }
    // Travelling wrote nothing: Forward still has somewhere to go after Back.
    expect(await page.evaluate(() => history.length)).toBe(length);
    await travel(page, () => page.goBack(), states[2].url);
    await travel(page, () => page.goForward(), states[3].url);
    await expect.poll(() => shown(page)).toEqual(states[3]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('typing in the search box makes one entry', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${FORD}/search/used-cars`);
    await ready(page);
    const length = await page.evaluate(() => history.length);
    const box = page.locator('.fc-search-box__input');
    await box.pressSequentially('ran', { delay: 40 });
    await page.waitForURL(/query=ran$/);
    await box.pressSequentially('ger', { delay: 40 });
    await page.waitForURL(/query=ranger$/);
    await settled(page);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    await travel(page, () => page.goBack(), '/search/used-cars');
    expect(await box.inputValue()).toBe('');
    await page.close();
  });

  it('Back from a car page restores the filters and the scroll position', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${FORD}/search/used-cars`);
    await ready(page);
    await page.locator('.fc-search-make', { hasText: 'Ford' }).first().click();
    await page.waitForURL(/\/search\/ford\?refinementList\[car_type\]\[0\]=used$/);
    await settled(page);
    const before = await shown(page);
    // Down to the sixth car, then open it.
    const sixth = page.locator('.fc-search-page__results .fc-car-card').nth(5);
    await sixth.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    await page.waitForFunction(() => window.scrollY > 600);
    await animationFrames(page, 3);
    const y = await page.evaluate(() => window.scrollY);
    await sixth.locator('.fc-car-card__title a').click();
    await page.waitForURL(/\/cars\//);
    await page.waitForSelector('.fc-search-page', { state: 'detached' });

    await page.goBack();
    await page.waitForURL(/\/search\/ford\?refinementList\[car_type\]\[0\]=used$/);
    await settled(page);
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) <= 2, y);
    expect(await shown(page)).toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Back to the page the buyer landed on, deep in an infinite list on a phone, lands on the same car', async () => {
    // kiwi-car-yard loads more cars as the list ends (infiniteScroll); the landing entry is the server's page.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/sites/kiwi-car-yard/search/used-cars`);
    await page.locator('.fc-search-page__filters-toggle').click();
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 30_000 });
    // The filters opened as a sheet over the page (docs/search-ui.md, "Filters on a phone").
    await page.locator('.fc-search-page__sheet-close').click();
    await settled(page);
    const cards = page.locator('.fc-search-page__results .fc-car-card');
    // Past the second page of cars: the list has loaded twice more.
    // Count before scrolling: the scroll itself can bring the next cars before a later count.
    for (let had = await cards.count(); had <= 45; had = await cards.count()) {
      await cards.last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(
        (n) => document.querySelectorAll('.fc-search-page__results .fc-car-card').length > n,
        had,
        { timeout: 15_000 },
      );
    }
    const car = cards.nth(45);
    await car.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 60);
    await animationFrames(page, 3);
    const id = await car.getAttribute('data-car-id');
    const topBefore = await car.evaluate((el) => el.getBoundingClientRect().top);
    await car.locator('.fc-car-card__title a').click();
    await page.waitForURL(/\/cars\//);
    await page.waitForSelector('.fc-search-page', { state: 'detached' });

    await page.goBack();
    await page.waitForURL(/\/search\/used-cars$/);
    // The same car comes back where it was. The promo tiles above it keep their places (one random
    // order per visit): a new draw put a taller tile above it and moved it 58 px. The list above
    // may still be loading when the old scroll position is reached, so wait.
    const SLACK = 2;
    const shownTop = (carId: string) =>
      page
        .locator(`.fc-search-page__results .fc-car-card[data-car-id="${carId}"]`)
        .evaluate((el) => el.getBoundingClientRect().top);
    await page
      .waitForFunction(
        ([carId, before, slack]) => {
          const top = document
            .querySelector(`.fc-search-page__results .fc-car-card[data-car-id="${carId}"]`)
            ?.getBoundingClientRect().top;
          return top !== undefined && Math.abs(top - before) <= slack;
        },
        [id!, topBefore, SLACK] as const,
        { timeout: 20_000 },
      )
      .catch(() => undefined);
    const top = await shownTop(id!);
    expect(Math.abs(top - topBefore)).toBeLessThanOrEqual(SLACK);
    expect(top).toBeGreaterThan(-SLACK);
    expect(top).toBeLessThan(844);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Show Me on a phone (390 px)', () => {
  it('lands with the count and the first car in view, and the count only moves from the old total to the new one', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    await page.locator('.fc-search-page__filters-toggle').click();
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 30_000 });
    await page.waitForSelector('.fc-search-page__filters-toggle[aria-expanded="true"]');
    const number = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
    const old = number(await page.locator('.fc-search-count').textContent());

    // Every count the page shows while the filter's search runs and the button counts down.
    await page.evaluate(() => {
      const w = window as unknown as { counts: string[]; shown: string[] };
      w.counts = [];
      w.shown = [];
      new MutationObserver(() => {
        w.counts.push(document.querySelector('.fc-search-count')?.textContent ?? '');
        w.shown.push(document.querySelector('.fc-search-show-me__count')?.textContent ?? '');
      }).observe(document.querySelector('.fc-search-page')!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page
      .locator('.fc-search-section', { hasText: 'Condition' })
      .locator('input[type=checkbox]')
      .nth(2)
      .check();
    await page.waitForURL(/\/search\/used-cars$/);
    await settled(page);
    const now = number(await page.locator('.fc-search-count').textContent());
    expect(now).toBeLessThan(old);
    await page.waitForFunction(
      (n) =>
        Number(
          document.querySelector('.fc-search-show-me__count')?.textContent?.replace(/[^0-9]/g, ''),
        ) === n,
      now,
    );
    const { counts, shown: buttons } = await page.evaluate(() => {
      const w = window as unknown as { counts: string[]; shown: string[] };
      return { counts: w.counts, shown: w.shown };
    });
    // The count line shows the old total or the new one, nothing in between or beyond.
    for (const c of counts.map(number)) expect([old, now]).toContain(c);
    // The button counts down without ever climbing.
    const steps = buttons.map(number);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1]);
    for (const s of steps) expect(s >= now && s <= old).toBe(true);

    await page.locator('.fc-search-show-me').click();
    // The panel closes and the window scrolls (smoothly) to the results: wait for it to stop.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { lastY?: number; still?: number };
        w.still = w.lastY === window.scrollY ? (w.still ?? 0) + 1 : 0;
        w.lastY = window.scrollY;
        return w.still > 5;
      },
      undefined,
      { polling: 50 },
    );
    const view = await page.evaluate(() => {
      const covered = (el: Element) => {
        const r = el.getBoundingClientRect();
        const x = r.left + Math.min(20, r.width / 2);
        const y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        return !!top && !el.contains(top) && !top.contains(el);
      };
      const count = document.querySelector('.fc-search-count')!;
      const card = document.querySelector('.fc-search-page__results .fc-car-card')!;
      const title = card.querySelector('.fc-car-card__title')!;
      const rc = count.getBoundingClientRect();
      const rt = title.getBoundingClientRect();
      const rk = card.getBoundingClientRect();
      return {
        countInView: rc.top >= 0 && rc.bottom <= innerHeight && !covered(count),
        cardTopInView: rk.top >= 0 && rk.top < innerHeight / 2,
        titleInView: rt.top >= 0 && rt.bottom <= innerHeight,
        panel: document
          .querySelector('.fc-search-page__filters-toggle')
          ?.getAttribute('aria-expanded'),
        focused: document.activeElement?.classList.contains('fc-search-page__results'),
      };
    });
    expect(view).toEqual({
      countInView: true,
      cardTopInView: true,
      titleInView: true,
      panel: 'false',
      focused: true,
    });
    await context.close();
  });
});
