/**
 * Layout stability (CLS < 0.05; docs/decisions.md, "Documents and rendering") checked in CI, not only in the Lighthouse bench:
 * each demo site's search and car-detail pages, on a phone and a desktop viewport (the home
 * pages on the same two, loaded and scrolled through, in home-journeys.test.ts),
 * loaded and hydrated in Chromium, with every layout shift Chromium reports added up.
 * Hydration is where shifts hide (carousels activating, lazily hydrated search), so the
 * page is watched until the network is idle after it hydrated and the next frames are painted.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './chromium.ts';
import { CLS_DEVICES, CLS_LIMIT, layoutShifts, totalShift } from './layout-shifts.ts';
import { someCarOf } from './stock.ts';

const base = inject('baseURL');
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('layout stability', () => {
  for (const slug of SITES) {
    it(`${slug}: search and car pages shift less than ${CLS_LIMIT} on phone and desktop`, async () => {
      const car = await someCarOf(base, slug);
      const over: string[] = [];
      for (const path of ['/search/new-used-and-demo-cars', `/cars/${car}`]) {
        for (const device of CLS_DEVICES) {
          const shifts = await layoutShifts(browser, `${base}/sites/${slug}${path}`, device);
          const total = totalShift(shifts);
          if (total >= CLS_LIMIT) {
            const by = [...new Set(shifts.flatMap((s) => s.sources))].join(', ');
            over.push(`${path} on ${device.name}: ${total.toFixed(3)} (${by})`);
          }
        }
      }
      expect(over).toEqual([]);
    }, 120_000);
  }
});
