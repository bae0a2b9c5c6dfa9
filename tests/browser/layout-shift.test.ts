/**
 * Layout stability (CLS < 0.05; docs/decisions.md, "Documents and rendering") checked in CI, not only in the Lighthouse bench:
 * each demo site's home, search and car-detail pages, on a phone and a desktop viewport,
 * loaded and hydrated in Chromium, with every layout shift Chromium reports added up.
 * Hydration is where shifts hide (carousels activating, lazily hydrated search), so the
 * page is watched until the network is idle after it hydrated and the next frames are painted.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './chromium.ts';
import { animationFrames } from './waits.ts';

const base = inject('baseURL');
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];
const LIMIT = 0.05;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function someCar(slug: string): Promise<string> {
  // The site's own search key holds the answer to that site's stock (engine/search/public-access.ts).
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    headers: { 'X-Algolia-API-Key': `site.${slug}` },
    body: JSON.stringify({ filters: 'status:in_stock', hitsPerPage: 1, attributesToRetrieve: ['slug'] }),
  });
  const body = (await res.json()) as { hits: { slug: string }[] };
  if (body.hits[0]) return body.hits[0].slug;
  const any = await fetch(`${base}/1/indexes/Car_production/query`, { method: 'POST', body: JSON.stringify({ filters: 'status:in_stock', hitsPerPage: 1 }) });
  return ((await any.json()) as { hits: { slug: string }[] }).hits[0].slug;
}

interface Shift {
  value: number;
  sources: string[];
}

async function shiftsOf(url: string, device: (typeof VIEWPORTS)[number]): Promise<Shift[]> {
  const { name: _name, ...options } = device;
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const found: { value: number; sources: string[] }[] = [];
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    // Entries are delivered after the frame they happen in: the test takes the rest itself.
    (window as any).__takeShifts = () => (record(observer.takeRecords()), found);
    function record(entries: PerformanceEntryList) {
      for (const entry of entries as any[]) {
        if (entry.hadRecentInput) continue;
        found.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s: any) => {
            const el = s.node as Element | null;
            return el ? `${el.nodeName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}` : '?';
          }),
        });
      }
    }
    observer.observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  await page.waitForLoadState('networkidle');
  // The network is idle (chunks, data and images are in): once fonts are ready and two more
  // frames are painted, nothing is left to move the layout.
  await page.evaluate(() => document.fonts.ready);
  await animationFrames(page);
  const shifts = (await page.evaluate(() => (window as any).__takeShifts())) as Shift[];
  await context.close();
  return shifts;
}

describe('layout stability', () => {
  for (const slug of SITES) {
    it(`${slug}: home, search and car pages shift less than ${LIMIT} on phone and desktop`, async () => {
      const car = await someCar(slug);
      const over: string[] = [];
      for (const path of ['/', '/search/new-used-and-demo-cars', `/cars/${car}`]) {
        for (const device of VIEWPORTS) {
          const shifts = await shiftsOf(`${base}/sites/${slug}${path}`, device);
          const total = shifts.reduce((sum, s) => sum + s.value, 0);
          if (total >= LIMIT) {
            const by = [...new Set(shifts.flatMap((s) => s.sources))].join(', ');
            over.push(`${path} on ${device.name}: ${total.toFixed(3)} (${by})`);
          }
        }
      }
      expect(over).toEqual([]);
    }, 120_000);
  }
});
