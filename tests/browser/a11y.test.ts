/**
 * axe-core on each demo site's main pages in Chromium: no serious or critical violations.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeChecker, type AxeCheck } from './axe.ts';
import { launch } from './chromium.ts';

const base = inject('baseURL');
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const PAGES = [
  '/',
  '/search/new-used-and-demo-cars',
  '/contact',
  '/finance',
  '/trade-in',
  '/service',
];

/** Pages checked at once: each waits on hydration and the network for much of its load. */
const PAGES_AT_ONCE = 3;

let browser: Browser;
let axe: ReturnType<typeof axeChecker>;
beforeAll(async () => {
  browser = await launch();
  axe = axeChecker(browser, PAGES_AT_ONCE);
});
afterAll(async () => {
  await axe?.close();
  await browser?.close();
});

const hydrated: AxeCheck = {
  ready: (page) => page.waitForFunction(() => (window as any).__forecourtHydrated).then(() => {}),
};

describe('accessibility (axe-core)', () => {
  for (const slug of SITES) {
    it(`${slug}: main pages have no serious or critical violations on desktop and phone`, async () => {
      const found = await Promise.all(
        PAGES.flatMap((path) =>
          [1280, 400].map(async (width) =>
            (await axe.serious(`${base}/sites/${slug}${path}`, width, hydrated)).map(
              (d) => `${path} @${width}px: ${d}`,
            ),
          ),
        ),
      );
      expect(found.flat()).toEqual([]);
    }, 180_000);
  }

  it('a car detail page has no serious or critical violations', async () => {
    const res = await fetch(`${base}/1/indexes/Car_production/query`, {
      method: 'POST',
      body: JSON.stringify({
        hitsPerPage: 1,
        filters: 'dealership_slug:"gold-coast-ford" AND status:in_stock',
      }),
    });
    const { hits } = (await res.json()) as { hits: { slug: string }[] };
    expect(hits.length).toBe(1);
    const url = `${base}/sites/gold-coast-ford/cars/${hits[0].slug}`;
    expect(await axe.serious(url, 1280, hydrated)).toEqual([]);
  }, 60_000);
});
