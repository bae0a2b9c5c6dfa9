/**
 * JavaScript after use, in a real browser (docs/search-ui.md, "What ships when"): each demo
 * site's home, search, car and content pages, and the other search UIs (budget finder,
 * model and dealer directories) once each, loaded, then used as a buyer starts to
 * (scripts/bench/js-after-use.ts: the pointer over the search, a scroll, a key, a typed
 * word, a filter). Aim: 120 KB gzip on every page. The pages whose search UI cannot meet it
 * today are listed by block type with a ceiling that keeps them from growing, and the list
 * must shrink as soon as one of them meets the aim.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { launch } from './chromium.ts';
import { measureJsAfterUse } from '../../scripts/bench/js-after-use.ts';
import { createPageWeigher, PAGE_JS_AIM_GZIP } from '../../scripts/bench/page-weight.ts';
import { pageBlockTypes } from '../../engine/render/registry.ts';
import { pageAt } from '../../blocks/_shared/page-at.ts';
import { prepared, readSite } from '../unit/helpers.ts';
import { someCarOf } from './stock.ts';

/**
 * Block types whose pages miss the 120 KB aim after use, with today's ceiling. Each is an
 * InstantSearch UI: react-dom (66 KB) plus InstantSearch and its search client (~36 KB)
 * leave no room for the UI itself (docs/search-ui.md, "What ships when").
 */
export const OVER_AIM_AFTER_USE: Record<string, number> = {
  // 171 KB from 170: the typed price boxes refuse a negative amount and say where a minimum
  // above the maximum stopped, and a shared link's over-long words are cut with a note.
  // 172 KB from 171: the phone's filter sheet, its make finder and Show N cars link.
  // 173 KB from 172: every page's start script, which asks for its modules after the first
  // paint (0.4 KB; docs/render.md, "Scripts after the first paint").
  'search-page': 173 * 1024,
  'model-directory': 166 * 1024,
  'dealer-directory': 166 * 1024,
  // 144 KB from 143: every footer shows the dealer's business number (ABN, NZBN), 0.1 KB.
  // 145 KB from 144 (143.9 → 144.0 KB): the notice banner gives its height to what sticks
  // below it through a rule of its own rather than a property on the root, which restyled
  // the whole page (0.14 KB; docs/render.md, "A home page's own work").
  'budget-finder': 145 * 1024,
  // A home page with the quick search and an emergency banner (gold-coast-ford): 120.0-120.1 KB
  // after use since the region's weekly-finance note joined the en-AU words every page ships.
  // 122 KB from 121 (121.0 KB): the start script waits for the browser's first paint entry,
  // not two frames, which a busy machine passed before the paint was shown (0.1 KB).
  'quick-search': 122 * 1024,
};

const base = inject('baseURL');
const weigh = createPageWeigher(join(inject('distDir'), 'client'));
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
/** Every site's pages of each kind; the other search UIs on the first site that has them. */
const EVERY_SITE = ['/', '/search/new-used-and-demo-cars', '/cars/:slug', '/about-us'];
const ONCE = ['/budget-finder', '/model-search', '/find-a-dealer'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const visits: { slug: string; path: string }[] = [];
for (const slug of SITES) for (const path of EVERY_SITE) visits.push({ slug, path });
for (const path of ONCE) {
  const slug = SITES.find((s) => prepared(readSite(s)).pages.some((p) => p.path === path));
  if (slug) visits.push({ slug, path });
}
/** Over the aim, by block type, across the run: an exception no page needs any more fails the last test. */
const measuredTypes = new Set<string>();
const overTypes = new Set<string>();

describe('JavaScript after use, in the browser', () => {
  it.each(visits)(
    '$slug $path stays within its ceiling after use, and within the static figure',
    async ({ slug, path }) => {
      const site = prepared(readSite(slug));
      const page = pageAt(site.pages, path)!;
      expect(page, path).toBeTruthy();
      const types = pageBlockTypes(site, page);
      const address = path.includes(':slug')
        ? path.replace(':slug', await someCarOf(base, slug))
        : path;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const measured = await measureJsAfterUse(
          await context.newPage(),
          `${base}/sites/${slug}${address}`,
        );
        const listed = types.filter((t) => t in OVER_AIM_AFTER_USE);
        const ceiling = Math.max(PAGE_JS_AIM_GZIP, ...listed.map((t) => OVER_AIM_AFTER_USE[t]));
        for (const t of listed) measuredTypes.add(t);
        if (measured.afterBytes > PAGE_JS_AIM_GZIP) listed.forEach((t) => overTypes.add(t));
        const figure = `${slug}${path}: ${kb(measured.loadBytes)} at load, ${kb(measured.afterBytes)} after ${measured.steps.join(', ')}`;
        console.info(figure);
        expect(measured.afterBytes, figure).toBeLessThanOrEqual(ceiling);
        // The static figure (every chunk the page's blocks can load, dialogs included) covers what the browser fetched.
        const fetched = new Set(measured.scripts.map((s) => s.path.replace(/^\//, '')));
        const { load, lazy } = weigh(site, page);
        const known = new Set([...load, ...lazy]);
        expect(
          [...fetched].filter((f) => !known.has(f)),
          `${figure}: fetched beyond the static figure`,
        ).toEqual([]);
        if (types.includes('search-page'))
          expect(measured.steps, figure).toEqual(
            expect.arrayContaining(['pointer over a search block', 'typed a word']),
          );
      } finally {
        await context.close();
      }
    },
  );

  it('lists only block types whose pages still miss the aim', () => {
    expect(
      [...measuredTypes].filter((t) => !overTypes.has(t)),
      'now within 120 KB after use: remove them from OVER_AIM_AFTER_USE',
    ).toEqual([]);
  });
});
