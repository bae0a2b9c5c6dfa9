/**
 * The car page on a phone (docs/cars.md, "Car page on a phone"): a 390×844 touch screen
 * with the CPU slowed 4× (CDP). The gallery swipes to the next photo (touches through CDP,
 * so Chromium makes the pointer events itself), the photo following the finger before it is
 * lifted, a vertical drag on it scrolls the page
 * instead, and it opens full screen at the width its srcset picks for the screen; Escape
 * closes it and focus returns. The Call / Enquire bar stays at the foot of the screen without
 * covering the page's end; similar cars are in the server's HTML; the tabs take one row; axe
 * finds nothing serious with the photos full screen.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { animationFrames } from './waits.ts';
import { seriousViolations } from './axe.ts';

let browser: Browser;
const base = inject('baseURL');
const SITE = 'gold-coast-ford';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** An in-stock car of the site with several photos, from the site's own search. */
async function carWithPhotos(): Promise<{ slug: string; objectID: string }> {
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    headers: { 'X-Algolia-API-Key': `site.${SITE}` },
    body: JSON.stringify({
      filters: 'status:in_stock AND photos_count > 2 AND price > 1000',
      hitsPerPage: 1,
      attributesToRetrieve: ['slug'],
    }),
  });
  const hit = ((await res.json()) as { hits?: { slug: string; objectID: string }[] }).hits?.[0];
  if (!hit) throw new Error(`no car with photos on ${SITE}`);
  return hit;
}

/** A finger put down at (x, y) and moved by (dx, dy) in steps, not lifted, as a touch screen reports it. */
async function touchAndMove(cdp: CDPSession, x: number, y: number, dx: number, dy: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }],
    });
  }
}

const lift = (cdp: CDPSession) =>
  cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

/** A one-finger drag from (x, y) by (dx, dy). */
async function drag(cdp: CDPSession, x: number, y: number, dx: number, dy: number) {
  await touchAndMove(cdp, x, y, dx, dy);
  await lift(cdp);
}

/** Where the main photo's left edge is on screen now. */
const photoLeft = (page: Page) =>
  page.locator('.fc-gallery__main img').evaluate((img) => img.getBoundingClientRect().left);

const mainPhotoAlt = (page: Page) =>
  page.locator('.fc-gallery__main img').getAttribute('alt') as Promise<string>;

describe('car page on a phone', () => {
  it('the gallery swipes and opens full screen; the bar, similar cars and compact tabs', async () => {
    const car = await carWithPhotos();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/sites/${SITE}/cars/${car.slug}`);
    await page.waitForFunction(
      () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
      undefined,
      { timeout: 60_000 },
    );

    // A swipe left brings the second photo; until the finger is lifted the photo follows it.
    const box = (await page.locator('.fc-gallery__main').boundingBox())!;
    expect(await mainPhotoAlt(page)).toMatch(/photo 1 of \d+$/);
    const rest = await photoLeft(page);
    const swipe = box.width * 0.5;
    await touchAndMove(cdp, box.x + box.width * 0.8, box.y + box.height / 2, -swipe, 0);
    await page.waitForFunction(
      ([left, far]) =>
        document.querySelector('.fc-gallery__main img')!.getBoundingClientRect().left <= left - far,
      [rest, swipe * 0.6],
    );
    expect(rest - (await photoLeft(page))).toBeLessThanOrEqual(swipe + 1);
    expect(await mainPhotoAlt(page)).toMatch(/photo 1 of/);
    await lift(cdp);
    await page.waitForFunction(() =>
      document
        .querySelector('.fc-gallery__main img')
        ?.getAttribute('alt')
        ?.match(/photo 2 of/),
    );
    // Lifted, the new photo stands where the first one stood.
    await page.waitForFunction(
      (left) =>
        Math.abs(
          document.querySelector('.fc-gallery__main img')!.getBoundingClientRect().left - left,
        ) < 1,
      rest,
    );

    // A drag up on the photo scrolls the page and leaves the photo alone.
    const scrolled = await page.evaluate(() => scrollY);
    await drag(cdp, box.x + box.width / 2, box.y + box.height * 0.9, 0, -box.height * 0.6);
    await page.waitForFunction((before) => scrollY > before + 20, scrolled);
    expect(await mainPhotoAlt(page)).toMatch(/photo 2 of/);

    // Full screen: a dialog with the same photo, at the width the srcset offers for this screen.
    const opener = page.locator('.fc-gallery__full');
    await opener.scrollIntoViewIfNeeded();
    await opener.tap();
    const dialog = page.locator('dialog.fc-fullscreen[open]');
    await dialog.waitFor({ timeout: 30_000 });
    const big = dialog.locator('img');
    expect(await big.getAttribute('alt')).toMatch(/photo 2 of/);
    await page.waitForFunction(
      () => (document.querySelector('dialog.fc-fullscreen img') as HTMLImageElement)?.complete,
    );
    const picked = await big.evaluate((img: HTMLImageElement) => {
      const needed = innerWidth * devicePixelRatio;
      const widths = img.srcset
        .split(',')
        .map((c) => Number(c.trim().split(' ')[1].replace('w', '')))
        .sort((a, b) => a - b);
      return {
        expected: widths.find((w) => w >= needed) ?? widths[widths.length - 1],
        got: Number(new URL(img.currentSrc).searchParams.get('w')),
        shown: img.getBoundingClientRect().width,
      };
    });
    expect(picked.got).toBe(picked.expected);
    expect(picked.shown).toBeGreaterThan(390 - 32);
    // A swipe full screen moves on, and the gallery behind follows.
    const stage = (await dialog.locator('.fc-fullscreen__stage').boundingBox())!;
    await drag(cdp, stage.x + stage.width * 0.8, stage.y + stage.height / 3, -stage.width / 2, 0);
    await page.waitForFunction(() =>
      document
        .querySelector('dialog.fc-fullscreen img')
        ?.getAttribute('alt')
        ?.match(/photo 3 of/),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('fc-gallery__full');
    expect(await mainPhotoAlt(page)).toMatch(/photo 3 of/);

    // The bar sits at the foot of the screen, and the page's end scrolls clear of it.
    const bar = page.locator('[data-car-bar]');
    const barBox = (await bar.boundingBox())!;
    expect(Math.round(barBox.y + barBox.height)).toBe(844);
    await bar.getByRole('link', { name: /^Call/ }).waitFor();
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await animationFrames(page);
    const lastBottom = await page.evaluate(() => {
      const all = [...document.querySelectorAll('footer *, main *')].filter(
        (el) => !el.closest('[data-car-bar]') && el.getBoundingClientRect().height > 0,
      );
      return Math.max(...all.map((el) => el.getBoundingClientRect().bottom));
    });
    expect(lastBottom).toBeLessThanOrEqual(barBox.y + 1);

    // Similar cars, server-rendered compact cards, never the car itself.
    const similar = page.locator('[data-similar-cars] .fc-similar-card');
    expect(await similar.count()).toBeGreaterThan(0);
    expect(
      await similar.evaluateAll((els) => els.map((e) => e.getAttribute('data-car-id'))),
    ).not.toContain(car.objectID);

    // Compact specs: the tabs take one row (scrolled sideways), not three.
    const tabTops = await page
      .locator('.fc-car-detail__tabs [role="tab"]')
      .evaluateAll(
        (tabs) => new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size,
      );
    expect(tabTops).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the phone page with its photos full screen has no serious or critical axe violations', async () => {
    const car = await carWithPhotos();
    const found = await seriousViolations(browser, `${base}/sites/${SITE}/cars/${car.slug}`, 390, {
      async ready(page) {
        await page.waitForFunction(
          () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
          undefined,
          { timeout: 60_000 },
        );
        await page.locator('.fc-gallery__full').click();
        await page.locator('dialog.fc-fullscreen[open] img').waitFor({ timeout: 30_000 });
      },
    });
    expect(found).toEqual([]);
  }, 120_000);
});
