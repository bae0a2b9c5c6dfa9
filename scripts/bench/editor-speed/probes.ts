/**
 * What the editor bench installs in the editor window and the preview iframe. Strings,
 * not functions: tsx would wrap named functions in helpers that do not exist in the page.
 *
 * Every time is `performance.timeOrigin + …`, so the two windows' clocks line up: an input
 * event's own `timeStamp` (when the browser got it, so time spent waiting for a busy main
 * thread counts) in the editor, and the moment a MutationObserver in the preview sees the
 * watched value change (mutation observers run right after React's commit, before paint).
 */

/** Editor window: key presses, pointer releases and long tasks. */
import type { Page } from 'playwright-core';

/**
 * Picks a block up at `from` and holds it over `to`, as a hand does (a small first move past
 * dnd-kit's activation distance, then the way there, then a settle), ready to be released.
 */
export async function holdOver(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 12, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.move(to.x, to.y + 1);
  await page.waitForTimeout(100);
}

export const EDITOR_PROBE = `(() => {
  const b = (window.__bench = { keys: [], ups: [], long: [] });
  const at = (ms) => performance.timeOrigin + ms;
  document.addEventListener('keydown', (e) => b.keys.push({ t: at(e.timeStamp), key: e.key }), true);
  window.addEventListener('pointerup', (e) => b.ups.push(at(e.timeStamp)), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.long.push({ t: at(e.startTime), d: e.duration });
  }).observe({ type: 'longtask' });
})()`;

/**
 * Preview iframe: long tasks, and each change of a watched value (`__bench.watch`, a
 * function of the DOM set per measurement) with when the observer saw it.
 */
export const PREVIEW_PROBE = `(() => {
  const b = (window.__bench = { seen: [], long: [], watch: null, last: undefined });
  const at = (ms) => performance.timeOrigin + ms;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.long.push({ t: at(e.startTime), d: e.duration });
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    if (!b.watch) return;
    const v = b.watch();
    if (v !== b.last) {
      b.last = v;
      b.seen.push({ t: at(performance.now()), v });
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** Sets what the preview watches: a function body returning a string from the DOM. */
export function watch(body: string): string {
  return `(() => { const b = window.__bench; b.watch = () => { ${body} }; b.last = b.watch(); b.seen = []; })()`;
}

export const q = (id: string) => `document.querySelector('[data-editor-block="${id}"]')`;

/** The text of a block in the preview. */
export const blockText = (id: string) => watch(`return ${q(id)}?.textContent ?? '';`);

/** Whether block `moved` comes after block `anchor` in the preview. */
export const comesAfter = (moved: string, anchor: string) =>
  watch(
    `const m = ${q(moved)}, a = ${q(anchor)}; return m && a && (a.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'after' : 'before';`,
  );

/** How many blocks of a type the preview shows. */
export const typeCount = (type: string) =>
  watch(`return String(document.querySelectorAll('[data-editor-type="${type}"]').length);`);

export const RESET = `(() => { const b = window.__bench; for (const k of Object.keys(b)) if (Array.isArray(b[k])) b[k] = []; })()`;

/**
 * Scrolls the outline until a row is rendered (long outlines render the rows near what is
 * in view, BlocksPanel/row-window.ts), as staff scroll to it; resolves when it is there.
 */
export const revealRow = (key: string) => `(async () => {
  const wrap = document.querySelector('.fc-tree-wrap');
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  wrap.scrollTop = 0;
  await frame();
  for (let i = 0; i < 400 && !document.querySelector('[data-row="${key}"]'); i++) {
    wrap.scrollTop += wrap.clientHeight;
    await frame();
  }
  document.querySelector('[data-row="${key}"]')?.scrollIntoView({ block: 'center' });
  await frame();
})()`;
