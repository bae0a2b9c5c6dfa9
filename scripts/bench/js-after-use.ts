/**
 * JavaScript after use, measured in a real browser (docs/search-ui.md, "What ships when"):
 * a page is loaded, then used the way a buyer starts to (the pointer over each lazily
 * hydrated block, a scroll and a key, which fetch every search UI; on a search page a typed
 * word and a ticked filter, answered with results), and every script the page fetched from
 * its own origin is weighed as the server sends it: gzip at level 9 (vite.config.ts).
 * Opening a dialog (a card's Enquire) is a further step, not counted here; the static
 * figure of scripts/bench/page-weight.ts counts it, and this one must stay within that.
 * Shared by the page speed bench and the bundle budget test (tests/browser/bundle-budget.test.ts).
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { trackNetwork } from '../../tests/browser/waits.ts';

export interface JsAfterUse {
  /** Gzipped bytes of the scripts fetched by the time the page was idle after loading. */
  loadBytes: number;
  /** The same once the page has been used. */
  afterBytes: number;
  /** Every script fetched (path and gzipped bytes), in order. */
  scripts: { path: string; bytes: number }[];
  /** What the visit did on the page, in order (for the report). */
  steps: string[];
}

const LAZY_UI = '[data-lazy-ui]';
/** The search UIs' roots; each sets data-search-ready once hydrated (docs/search-ui.md). */
const SEARCH_UIS = [
  '.fc-search-page',
  '.fc-budget-finder',
  '.fc-model-directory',
  '.fc-dealer-directory',
];
const SEARCH_BOX = '.fc-search-page .fc-search-box__input';
const FILTER_BOX = '.fc-search-page__filters input[type="checkbox"]';

export interface UseOptions {
  timeoutMs?: number;
  /** Where a word is typed and which box is ticked (default: the product's search page). */
  searchBox?: string;
  filterBox?: string;
}

/** Loads `url` in `page`, uses it, and weighs the JavaScript it fetched. */
export async function measureJsAfterUse(
  page: Page,
  url: string,
  options: UseOptions = {},
): Promise<JsAfterUse> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const searchBox = options.searchBox ?? SEARCH_BOX;
  const filterBox = options.filterBox ?? FILTER_BOX;
  const origin = new URL(url).origin;
  const scripts: { path: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const address = new URL(response.url());
    if (address.origin !== origin || !address.pathname.endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then(
          (body) =>
            void scripts.push({
              path: address.pathname,
              bytes: gzipSync(body, { level: 9 }).length,
            }),
        )
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  const steps: string[] = [];
  try {
    const network = trackNetwork(page);
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    // A page that never goes quiet (a carousel fetching its next photo) is weighed after 5 s.
    await network.quiet(500, Math.min(timeoutMs, 5_000));
    await Promise.all(pending);
    const loadBytes = scripts.reduce((s, f) => s + f.bytes, 0);

    // Intent: the pointer over each lazily hydrated block, then a scroll and a key (any deliberate input starts every UI).
    // The marker is a `display: contents` wrapper (blocks/_search/lazy-block.tsx): its first element has the box.
    for (const region of await page.locator(`${LAZY_UI} > *:first-child`).all()) {
      const box = await region.boundingBox();
      if (box && box.width > 0 && box.height > 0) {
        await page.mouse.move(
          box.x + Math.min(box.width / 2, 40),
          box.y + Math.min(box.height / 2, 40),
        );
        steps.push('pointer over a search block');
      }
    }
    await page.mouse.wheel(0, 200);
    await page.keyboard.press('Shift');
    steps.push('scroll', 'key');
    // A second of quiet, not half: on a loaded machine a block that starts on being seen asks
    // for its code more than half a second after the scroll (a rehearsal CI weighed
    // gold-coast-ford's home 2.3 KB light so).
    await network.quiet(1_000, Math.min(timeoutMs, 10_000));
    // Weighing a UI that failed to start would flatter the page: every search UI must be up.
    for (const block of SEARCH_UIS) {
      if (!(await page.locator(block).count())) continue;
      await page
        .waitForSelector(`${block}[data-search-ready="true"]`, { timeout: timeoutMs })
        .catch(() => {
          throw new Error(`${url}: the ${block} UI did not start after use`);
        });
    }

    // A search page: a typed word, then a filter, each answered.
    if (await page.locator(searchBox).count()) {
      await page.locator(searchBox).first().fill('a');
      await page.keyboard.press('Enter');
      steps.push('typed a word');
      await network.quiet(500, timeoutMs);
      const filter = page.locator(filterBox).first();
      if ((await filter.count()) && (await filter.isVisible())) {
        await filter.check({ timeout: timeoutMs }).catch(() => undefined);
        steps.push('ticked a filter');
        await network.quiet(500, timeoutMs);
      }
    }
    await Promise.all(pending);
    const afterBytes = scripts.reduce((s, f) => s + f.bytes, 0);
    return { loadBytes, afterBytes, scripts, steps };
  } finally {
    page.off('response', onResponse);
  }
}
