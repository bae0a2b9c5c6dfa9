/**
 * Layout stability as the browser tests measure it (CLS < 0.05; docs/decisions.md,
 * "Documents and rendering"): every layout shift Chromium reports while a page loads,
 * hydrates (and, when asked, is scrolled through), until the network is idle and the next
 * frames are painted.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { animationFrames } from './waits.ts';

export const CLS_LIMIT = 0.05;

export interface Device extends BrowserContextOptions {
  name: string;
  viewport: { width: number; height: number };
}

/** The phone and the desktop every page's layout stability is checked on (Lighthouse's phone). */
export const CLS_DEVICES: Device[] = [
  {
    name: 'phone',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  },
  {
    name: 'desktop',
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
];

export interface Shift {
  value: number;
  /** The moved elements, as `tag.class.class`. */
  sources: string[];
}

export async function layoutShifts(
  browser: Browser,
  url: string,
  device: Device,
  options: { scrollScreens?: number } = {},
): Promise<Shift[]> {
  const { name: _name, ...contextOptions } = device;
  const context = await browser.newContext(contextOptions);
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
            return el
              ? `${el.nodeName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`
              : '?';
          }),
        });
      }
    }
    observer.observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  await page.waitForLoadState('networkidle');
  // Scrolled a screen at a time, lazily loaded photos come in on the way.
  for (let i = 0; i < (options.scrollScreens ?? 0); i++) {
    await page.mouse.wheel(0, device.viewport.height * 0.8);
    await animationFrames(page);
  }
  if (options.scrollScreens) await page.waitForLoadState('networkidle');
  // The network is idle (chunks, data and images are in): once fonts are ready and two more
  // frames are painted, nothing is left to move the layout.
  await page.evaluate(() => document.fonts.ready);
  await animationFrames(page);
  const shifts = (await page.evaluate(() => (window as any).__takeShifts())) as Shift[];
  await context.close();
  return shifts;
}

export const totalShift = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);
