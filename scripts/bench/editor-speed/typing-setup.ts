/**
 * What the typing trace tools share (typing-cpu.ts, typing-trace.ts; trace.ts reads the same
 * events): a Chromium trace event, and an editor page open on a demo field with the preview
 * marking `seen` at each change of that block's text, ready to trace keys typed into it.
 */
import type { Browser } from 'playwright-core';
import { type DEMO_FIELDS, DEMO_SITE } from './demo-blocks.ts';
import { blockText, PREVIEW_PROBE } from './probes.ts';
import { editorPage } from './serve.ts';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread itself ran, not the time it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

/** Main-thread work the tools name by itself when they say what ran in a task. */
const NAMED_WORK = new Set([
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'ParseHTML',
  'FireAnimationFrame',
  'TimerFire',
  'RunMicrotasks',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
  'UpdateLayer',
  'Commit',
  'GCEvent',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'FireIdleCallback',
  'v8.run',
  'ScheduleStyleRecalculation',
  'InvalidateLayout',
]);

/** What a trace event inside a task was, as the tools print it: script by file and function, an event by type, or named work; undefined for the rest. */
export function workOf(e: TraceEvent): string | undefined {
  if (e.name === 'FunctionCall')
    return `js ${String(e.args?.data?.url ?? '')
      .split('/')
      .pop()}:${e.args?.data?.functionName ?? ''}`;
  if (e.name === 'EventDispatch') return `event ${e.args?.data?.type}`;
  return NAMED_WORK.has(e.name) ? e.name : undefined;
}

/** What the tools type into the field. */
export const TYPED = ' for three years on every new car';

/** Marks `seen` in the preview at each change of the watched block's text. */
const MARK = `(() => { const b = window.__bench; new MutationObserver(() => { if (b.watch && b.watch() !== b.mark) { b.mark = b.watch(); performance.mark('seen'); } }).observe(document.body, { subtree: true, childList: true, characterData: true }); })()`;

/** The editor open at `field`'s block, the cursor at the end of the field, the preview watching it. */
export async function openTypingField(
  browser: Browser,
  base: string,
  field: (typeof DEMO_FIELDS)[number],
) {
  const page = await editorPage(browser, { timeout: 120_000 });
  await page.goto(`${base}/editor/?site=${DEMO_SITE}&page=${field.page}`);
  await page.locator(`[data-row="${field.block}"]`).waitFor();
  await page.waitForTimeout(3000);
  const preview = page.frames().find((f) => f.url().includes('/editor/preview.html'))!;
  await preview.evaluate(PREVIEW_PROBE);
  await preview.evaluate(MARK);
  return {
    page,
    preview,
    /** Puts the cursor at the end of the field and waits for the editor to settle. */
    async focusField() {
      await page.locator(`[data-row="${field.block}"] .fc-row-main`).click();
      await page.locator(`#${field.field}`).click();
      await page.keyboard.press('End');
      await page.waitForTimeout(2000);
      await preview.evaluate(blockText(field.block));
      await preview.evaluate(`window.__bench.mark = window.__bench.last`);
    },
  };
}
