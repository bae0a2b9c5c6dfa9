/**
 * Where a drop's time goes on a big bench page, from a Chromium trace (devtools.timeline):
 * every main-thread task from the pointer's release until the preview shows the moved or
 * added block, with what ran in it (script by file, React's scheduler, style, layout,
 * message events, animation frames). For finding what to make faster, not a bench.
 *
 *   FORECOURT_DIST=<built app> npx tsx scripts/bench/editor-speed/trace.ts [blocks] [move|palette] [runs]
 */
import type { Frame, Page } from 'playwright-core';
import { launch } from '../../../tests/browser/chromium.ts';
import { benchBlocks, benchSite } from './pages.ts';
import { comesAfter, holdOver, PREVIEW_PROBE, revealRow, typeCount } from './probes.ts';
import { editorPage, startEditorServer } from './serve.ts';
import { workOf, type TraceEvent } from './typing-setup.ts';

const total = Number(process.argv[2] ?? 1000);
const what = process.argv[3] ?? 'move';
const runs = Number(process.argv[4] ?? 3);
const slug = `bench-editor-${total}`;
const server = await startEditorServer({ [slug]: benchSite(slug, total) });
const browser = await launch();
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
];

/** Marks `seen` in the preview when the watched value changes (after the bench's own probe). */
const MARK = `(() => { const b = window.__bench; new MutationObserver(() => { if (b.watch && b.watch() !== b.mark) { b.mark = b.watch(); performance.mark('seen'); } }).observe(document.body, { subtree: true, childList: true, characterData: true }); })()`;

async function drop(page: Page, preview: Frame, i: number): Promise<void> {
  const blocks = benchBlocks(total);
  const sections = blocks.filter((b) => b.type === 'section');
  const section = sections[Math.floor(((i + 0.5) * sections.length) / 8)];
  const [first, second, third] = section.children!.map((c) => c.id);
  await page.evaluate(revealRow(first));
  let from: { x: number; y: number };
  let to: { x: number; y: number };
  if (what === 'move') {
    const handle = page.locator(`[data-row="${first}"] .fc-handle`);
    await handle.scrollIntoViewIfNeeded();
    const h = (await handle.boundingBox())!;
    const t = (await page.locator(`[data-row="${third}"]`).boundingBox())!;
    from = { x: h.x + h.width / 2, y: h.y + h.height / 2 };
    to = { x: from.x, y: t.y + 4 };
    await preview.evaluate(comesAfter(first, second));
  } else {
    const item = page.locator('[data-palette="rich-text"]');
    await item.scrollIntoViewIfNeeded();
    const p = (await item.boundingBox())!;
    await page.evaluate(revealRow(second));
    const b = (await page.locator(`[data-row="${second}"]`).boundingBox())!;
    from = { x: p.x + 10, y: p.y + 10 };
    to = { x: b.x + 60, y: b.y + 4 };
    await preview.evaluate(typeCount('rich-text'));
  }
  await preview.evaluate(`window.__bench.mark = window.__bench.last`);
  await holdOver(page, from, to);
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.waitForTimeout(50);
  await page.mouse.up();
  await page.waitForTimeout(1500);
  const buf = await browser.stopTracing();
  report(JSON.parse(buf.toString()).traceEvents as TraceEvent[]);
}

function report(events: TraceEvent[]) {
  const up = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerup');
  const seen = events.find((e) => e.name === 'seen' && e.cat.includes('user_timing'));
  if (!up) return console.log('no pointerup in the trace');
  const main = events.filter((e) => e.pid === up.pid && e.tid === up.tid && e.ph === 'X');
  const end = seen ? seen.ts : up.ts + 300_000;
  const tasks = main.filter(
    (e) =>
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ts + (e.dur ?? 0) >= up.ts - 1000 &&
      e.ts <= end,
  );
  console.log(`release → seen: ${seen ? ((seen.ts - up.ts) / 1000).toFixed(1) : '?'} ms`);
  for (const task of tasks) {
    const inside = main.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0),
    );
    const parts = new Map<string, number>();
    for (const e of inside) {
      const key = workOf(e);
      if (!key) continue;
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0));
    }
    const top = [...parts]
      .filter(([, d]) => d >= 300)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`)
      .join(', ');
    if ((task.dur ?? 0) < 500) continue;
    console.log(
      `  +${((task.ts - up.ts) / 1000).toFixed(1).padStart(6)} ms  task ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${top}`,
    );
  }
}

try {
  const page = await editorPage(browser, { timeout: 120_000, bypassCSP: true });
  await page.goto(`${server.base}/editor/?site=${slug}&page=home`);
  await page.locator('.fc-tree > li[data-row]').first().waitFor({ state: 'attached' });
  await page.waitForTimeout(4000);
  const preview = page.frames().find((f) => f.url().includes('/editor/preview.html'))!;
  await preview.evaluate(PREVIEW_PROBE);
  await preview.evaluate(MARK);
  for (let i = 0; i < runs; i++) {
    await drop(page, preview, i);
    await page.waitForTimeout(1500);
  }
} finally {
  await browser.close();
  await server.stop();
}
