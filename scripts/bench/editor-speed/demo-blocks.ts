/**
 * Typing into the demo sites' real blocks (docs/editor-design.md, "Speed"): on
 * gold-coast-ford as it is in sites/, the home page's hero with its buttons, the blog page's
 * cards with links and the locations page's locations block, how long until the preview shows
 * each key, and how many server checks went out while the keys were typed (none: a check
 * waits for a pause, and nothing the preview shows waits for one).
 */
import type { Frame, Page } from 'playwright-core';
import { blockText, EDITOR_PROBE, PREVIEW_PROBE, RESET } from './probes.ts';

export const DEMO_SITE = 'gold-coast-ford';

/** Where staff type: the page, the block, the field (rjsf's id) and what they add to it. */
export const DEMO_FIELDS = [
  { page: 'home', block: 'home-hero', field: 'root_heading', what: 'hero heading' },
  { page: 'home', block: 'home-hero', field: 'root_actions_0_label', what: 'hero button label' },
  {
    page: 'blog-reviews',
    block: 'blog-reviews-cards',
    field: 'root_cards_0_title',
    what: 'card heading',
  },
  {
    page: 'blog-reviews',
    block: 'blog-reviews-cards',
    field: 'root_cards_0_link_label',
    what: 'card link label',
  },
  { page: 'locations', block: 'locations-all', field: 'root_heading', what: 'locations heading' },
] as const;

const TYPED = ' and more';

export interface DemoTyping {
  what: string;
  samples: number[];
  /** Server checks sent between the first key and the last. */
  checksWhileTyping: number;
}

const SETTLED = `!/Updating|Starting/.test(document.querySelector('[data-preview-revision]')?.textContent ?? 'Updating')`;

/** Types into each demo field at `delay` ms a key; the latency of each key that shows. */
export async function typeIntoDemoBlocks(
  page: Page,
  base: string,
  delay: number,
): Promise<DemoTyping[]> {
  const checks: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/editor/check')) checks.push(Date.now());
  });
  const out: DemoTyping[] = [];
  let open = '';
  let preview: Frame | undefined;
  for (const { page: pageId, block, field, what } of DEMO_FIELDS) {
    if (open !== pageId) {
      await page.goto(`${base}/editor/?site=${DEMO_SITE}&page=${pageId}`);
      await page.locator(`[data-row="${block}"]`).waitFor({ timeout: 120_000 });
      await page.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
      preview = page.frames().find((f) => f.url().includes('/editor/preview.html'));
      if (!preview) throw new Error('no preview iframe');
      await page.evaluate(EDITOR_PROBE);
      await preview.evaluate(PREVIEW_PROBE);
      open = pageId;
    }
    await page.locator(`[data-row="${block}"] .fc-row-main`).click();
    const input = page.locator(`#${field}`);
    await input.click();
    await page.keyboard.press('End');
    await page.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
    const before = await input.inputValue();
    await page.evaluate(RESET);
    await preview!.evaluate(blockText(block));
    const from = Date.now();
    await page.keyboard.type(TYPED, { delay });
    const to = Date.now();
    await page.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
    const keys = (
      (await page.evaluate('window.__bench.keys')) as Array<{ t: number; key: string }>
    ).filter((k) => k.key.length === 1);
    const seen = (await preview!.evaluate('window.__bench.seen')) as Array<{
      t: number;
      v: string;
    }>;
    const samples = keys.flatMap((k, i) => {
      if (TYPED[i] === ' ') return [];
      const want = (before + TYPED.slice(0, i + 1)).trim();
      const hit = seen.find((s) => s.v.includes(want));
      return [hit ? Math.max(0, hit.t - k.t) : Number.POSITIVE_INFINITY];
    });
    out.push({
      what,
      samples,
      checksWhileTyping: checks.filter((t) => t >= from && t <= to).length,
    });
    // Back as it was, so the next run types into the same text.
    await input.fill(before);
    await page.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
  }
  return out;
}
