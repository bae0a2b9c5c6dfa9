/**
 * Where the slow keys' time goes, typing into a demo block, from a Chromium trace: for each
 * key, how long it waited for the main thread (its `keydown` dispatched after the browser got
 * it), how long from then until the preview showed it, and every main-thread task in between
 * with what ran in it (events, timers, message events, script by file, style, layout, paint).
 * The slowest keys are printed in full. For finding what to make faster, not a bench.
 *
 *   FORECOURT_DIST=<built app> npx tsx scripts/bench/editor-speed/typing-trace.ts [n] [delay] [shown]
 *
 * `n`: the n-th of DEMO_FIELDS (default 1: the hero's button label); `delay`: ms between keys
 * (default 120); `shown`: how many of the slowest keys to print (default 6).
 */
import { launch } from '../../../tests/browser/chromium.ts';
import { quantile } from '../editor-speed.ts';
import { DEMO_FIELDS } from './demo-blocks.ts';
import { startEditorServer } from './serve.ts';
import { openTypingField, TYPED, workOf, type TraceEvent } from './typing-setup.ts';

const field = DEMO_FIELDS[Number(process.argv[2] ?? 1)];
const delay = Number(process.argv[3] ?? 120);
const shown = Number(process.argv[4] ?? 6);
/** `WHOLE=1`: each printed key's tasks up to the next key, not just until the preview showed it. */
const whole = !!process.env.WHOLE;
/** A `key` mark at each keydown's own timestamp (when the browser got the key). */
const KEYS = `document.addEventListener('keydown', (e) => performance.mark('key', { startTime: e.timeStamp }), true)`;

const server = await startEditorServer({});
const browser = await launch();
try {
  const { page, focusField } = await openTypingField(browser, server.base, field);
  await page.evaluate(KEYS);
  await focusField();
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8.execute',
    ],
  });
  await page.keyboard.type(TYPED, { delay });
  await page.waitForTimeout(1500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
  const dispatched = events.filter(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown',
  );
  if (!dispatched.length) throw new Error('no keydown in the trace');
  const { pid, tid } = dispatched[0];
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = main.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
  );
  const got = events
    .filter((e) => e.name === 'key' && e.cat.includes('user_timing'))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const seen = events
    .filter((e) => e.name === 'seen' && e.cat.includes('user_timing'))
    .map((e) => e.ts);
  const describe = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of main) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
      const key = e.name === 'TimerFire' ? 'timer' : workOf(e);
      if (key) parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0));
    }
    return [...parts]
      .filter(([, d]) => d >= 300)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`)
      .join(', ');
  };
  const rows = dispatched.map((k, i) => {
    const at = got.filter((g) => g <= k.ts).pop() ?? k.ts;
    const next = dispatched[i + 1]?.ts ?? k.ts + 1_000_000;
    const shownAt = seen.find((s) => s > k.ts && s < next);
    return {
      i,
      at,
      k,
      wait: (k.ts - at) / 1000,
      total: shownAt === undefined ? Number.POSITIVE_INFINITY : (shownAt - at) / 1000,
      shownAt,
    };
  });
  const totals = rows.map((r) => r.total);
  console.log(
    `${field.what}, ${delay} ms a key: got → shown median ${quantile(totals, 0.5).toFixed(1)} ms, p95 ${quantile(totals, 0.95).toFixed(1)} ms; waits for the thread median ${quantile(
      rows.map((r) => r.wait),
      0.5,
    ).toFixed(1)} ms`,
  );
  for (const r of [...rows].sort((a, b) => b.total - a.total).slice(0, shown)) {
    const end = whole
      ? (dispatched[r.i + 1]?.ts ?? r.k.ts + 200_000)
      : (r.shownAt ?? r.k.ts + 100_000);
    console.log(
      `key ${r.i}: waited ${r.wait.toFixed(1)} ms, shown ${r.total.toFixed(1)} ms after the browser got it`,
    );
    for (const t of tasks) {
      if (t.ts + (t.dur ?? 0) < r.at - 40_000 || t.ts > end || (t.dur ?? 0) < 300) continue;
      console.log(
        `  ${((t.ts - r.at) / 1000).toFixed(1).padStart(7)} ms  task ${((t.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(1)})  ${describe(t)}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
