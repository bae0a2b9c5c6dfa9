/**
 * The main thread's CPU time per keystroke into a demo block, from a Chromium trace: each
 * task's thread time (`tdur`, what the thread itself ran, not the time it waited for a core),
 * summed from the key's press until the preview shows it ("to preview"), and from one key
 * to the next ("per key": everything the key caused before the next, the check, autosave and
 * other timers included). Wall times swell with the machine's load; thread time much less,
 * so builds can be compared on a shared machine (docs/editor-design.md, "Speed"). For
 * comparing builds, not a bench with an aim.
 *
 *   FORECOURT_DIST=<built app> npx tsx scripts/bench/editor-speed/typing-cpu.ts [n] [delay]
 *
 * `n`: the n-th of DEMO_FIELDS (default 0: the home hero's heading); `delay`: ms between keys
 * (default 120).
 */
import { launch } from '../../../tests/browser/chromium.ts';
import { quantile } from '../editor-speed.ts';
import { DEMO_FIELDS } from './demo-blocks.ts';
import { startEditorServer } from './serve.ts';
import { openTypingField, TYPED, type TraceEvent } from './typing-setup.ts';

const field = DEMO_FIELDS[Number(process.argv[2] ?? 0)];
const delay = Number(process.argv[3] ?? 120);

const server = await startEditorServer({});
const browser = await launch();
try {
  const { page, focusField } = await openTypingField(browser, server.base, field);
  await focusField();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  await page.keyboard.type(TYPED, { delay });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!keys.length) throw new Error('no keydown in the trace');
  const { pid, tid } = keys[0];
  const tasks = events.filter(
    (e) =>
      e.pid === pid &&
      e.tid === tid &&
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  const seen = events.filter((e) => e.name === 'seen').map((e) => e.ts);
  const cpu = (from: number, to: number) =>
    tasks
      .filter((t) => t.ts + (t.dur ?? 0) > from && t.ts < to)
      .reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000;
  const toPreview: number[] = [];
  const perKey: number[] = [];
  keys.forEach((k, i) => {
    const next = keys[i + 1]?.ts ?? k.ts + 1_000_000;
    const shown = seen.find((s) => s > k.ts && s < next);
    if (shown !== undefined) toPreview.push(cpu(k.ts, shown));
    perKey.push(cpu(k.ts, next));
  });
  const line = (label: string, v: number[]) =>
    `  ${label.padEnd(12)} median ${quantile(v, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(v, 0.95).toFixed(1).padStart(6)} ms   (${v.length})`;
  console.log(
    `${field.what}, ${delay} ms a key: main-thread CPU (thread time)\n${line('to preview', toPreview)}\n${line('per key', perKey)}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
