/**
 * The search page on a phone (docs/search-ui.md, "Filters on a phone"): a 390×844 touch screen
 * with the CPU slowed 4× (CDP). The filters open as a full-screen sheet whose "Show N cars"
 * stays in view; a make and a price and the results take at most 6 taps, none of them needing
 * a scroll of the sheet; the browser's Back (Android's Back button) closes the sheet and
 * leaves the search as it was; a tap on Filters made while the page's scripts still load
 * opens them at once, and they stay open once the UI has hydrated.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';

let browser: Browser;
const base = inject('baseURL');
const FORD = `${base}/sites/gold-coast-ford`;
const MOST_TAPS = 6;

beforeAll(async () => {
  browser = await launch();
  // A site's stock and search are made when it is first asked for (docs/deploy.md, "Memory and
  // start-up"): ask until its search page lists filters, so the phone's visit is a usual one.
  for (let tries = 0; tries < 20; tries++) {
    const html = await (await fetch(`${FORD}/search/new-used-and-demo-cars`)).text();
    if (html.includes('fc-search-page__filters-toggle')) break;
  }
  // The searches the test makes, once, so a cold engine's first answers do not run into the
  // phone's search timeouts on a loaded machine (docs/search-ui.md, "Slow and failing networks").
  await fetch(`${FORD}/search/ford?range[price]=:30000`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function phone() {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Whether the element is wholly on screen and, in the sheet, not under its footer (or is in it). */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const foot = document.querySelector('.fc-search-page__show-me')!;
    const under = el.closest('.fc-search-page__sheet-body')
      ? foot.getBoundingClientRect().top
      : innerHeight;
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.right <= innerWidth && r.bottom <= under;
  });

const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

/** Waits until Show Me has counted to the results' count, and that count is not `old`. */
async function counted(page: Page, old: number) {
  await page.waitForFunction(
    (before) => {
      const n = (s?: string | null) => Number((s ?? '').replace(/[^0-9]/g, ''));
      const shown = n(document.querySelector('.fc-search-show-me__count')?.textContent);
      const count = n(document.querySelector('.fc-search-count')?.textContent);
      const busy = document.querySelector('.fc-search-page__results')?.getAttribute('aria-busy');
      return busy === 'false' && shown === count && count !== before;
    },
    old,
    { timeout: 30_000 },
  );
  return digits(await page.locator('.fc-search-show-me__count').textContent());
}

describe('the search page on a phone', () => {
  it('filters open as a sheet: a make, a price and the results in at most 6 taps, no scroll of the sheet', async () => {
    const { context, page } = await phone();
    const errors = watchErrors(page);
    await page.goto(`${FORD}/search/new-used-and-demo-cars`);
    let taps = 0;
    const tap = async (target: Locator) => {
      expect(await onScreen(target), await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBe(
        true,
      );
      await target.tap();
      taps++;
    };

    await tap(page.locator('.fc-search-page__filters-toggle'));
    const sheet = page.locator('.fc-search-page__filters');
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The tap started the UI: once hydrated the sheet is a modal dialog, still open.
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 60_000 });
    await page.waitForSelector('.fc-search-page__filters[role="dialog"][aria-modal="true"]');
    const showMe = sheet.locator('.fc-search-show-me');
    expect(await onScreen(showMe)).toBe(true);
    const all = digits(await page.locator('.fc-search-count').textContent());

    const make = sheet.locator('.fc-search-make').first();
    const makeName = await make.locator('.fc-search-make__name').textContent();
    await tap(make);
    const ofMake = await counted(page, all);
    expect(ofMake).toBeLessThan(all);
    expect(await onScreen(showMe)).toBe(true);

    const max = sheet.getByLabel('Max price');
    await tap(max);
    await page.keyboard.type('30000');
    await page.keyboard.press('Enter');
    const priced = await counted(page, ofMake);
    expect(priced).toBeLessThan(ofMake);
    expect(await onScreen(showMe)).toBe(true);
    // Nothing above needed the sheet scrolled, nor the page under it.
    expect(await sheet.locator('.fc-search-page__sheet-body').evaluate((el) => el.scrollTop)).toBe(
      0,
    );

    await tap(showMe);
    expect(taps).toBeLessThanOrEqual(MOST_TAPS);
    await sheet.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/search/${makeName!.toLowerCase()}`);
    expect(decodeURIComponent(page.url())).toContain('range[price]=:30000');
    expect(digits(await page.locator('.fc-search-count').textContent())).toBe(priced);
    // The first cards are compact: more than one car on a screen.
    const heights = await page
      .locator('.fc-search-page__results .fc-car-card')
      .evaluateAll((cards) => cards.slice(0, 3).map((c) => c.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeLessThan(844 / 2);
    expect(errors).toEqual([]);
    await context.close();
    // A 4× slower CPU on a machine the other tests load too: the waits above say what is slow.
  }, 120_000);

  it('Back (Android’s Back button) closes the sheet and stays on the search', async () => {
    const { context, page } = await phone();
    const errors = watchErrors(page);
    await page.goto(`${FORD}/search/ford?range[price]=:30000`);
    const address = page.url();
    const count = await page.locator('.fc-search-count').textContent();
    const toggle = page.locator('.fc-search-page__filters-toggle');
    // The first tap also starts the search UI (docs/search-ui.md): Back must work once it has.
    await toggle.tap();
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 60_000 });
    const sheet = page.locator('.fc-search-page__filters[role="dialog"]');
    await sheet.waitFor({ state: 'visible' });
    await page.goBack();
    await sheet.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(address);
    expect(await page.locator('.fc-search-count').textContent()).toBe(count);
    // The page under it is usable again: not inert, and it scrolls.
    expect(await page.locator('[inert]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    // Opened again, it closes by Back again: each opening has its own entry.
    await toggle.tap();
    await sheet.waitFor({ state: 'visible' });
    await page.goBack();
    await sheet.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(address);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a tap on Filters made while the scripts load opens them at once, and they stay open', async () => {
    const { context, page } = await phone();
    const errors = watchErrors(page);
    // The page's scripts wait until the tap has been made, so it lands before any has run.
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await tapped;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${FORD}/search/new-used-and-demo-cars`, { waitUntil: 'commit' });
    const toggle = page.locator('.fc-search-page__filters-toggle');
    await toggle.waitFor({ state: 'visible', timeout: 30_000 });
    await toggle.tap();
    const sheet = page.locator('.fc-search-page__filters');
    await sheet.waitFor({ state: 'visible' });
    expect(
      await page.evaluate(() => (window as { __forecourtHydrated?: boolean }).__forecourtHydrated),
    ).toBeUndefined();
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    release();
    // Hydrated with the sheet still open, now a modal dialog.
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 60_000 });
    await page.waitForSelector('.fc-search-page__filters[role="dialog"]');
    expect(await sheet.isVisible()).toBe(true);
    await sheet.locator('.fc-search-page__sheet-close').tap();
    await sheet.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
