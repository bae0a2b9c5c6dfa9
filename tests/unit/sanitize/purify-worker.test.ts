/**
 * The sanitiser worker (engine/sanitize/purify-client.ts; docs/deploy.md, "Memory and
 * start-up"): it ends when idle and starts again on the next call, a worker stopped under
 * a caller gives an error or a new worker's answer but never the text unsanitised, a
 * worker that does not answer in time is an error, and SVGs cleaned through it lose
 * scripts and handlers.
 *
 * A worker takes seconds to load jsdom, so a test uses the one the test before it left
 * running unless what it checks needs a new one (it then ends the old one itself); the file
 * ends the last one, since the next test file in this worker shares the module. Its workers
 * start from a copy compiled once (compiled-worker.ts), as the built server's do; the start
 * from source is the processes' below.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endPurifyWorker,
  PURIFY_IDLE_MS,
  PURIFY_START_WAIT_MS,
  PURIFY_WAIT_MS,
  purifyAsync,
  purifySync,
  purifyWorkerForTests,
  purifyWorkerLoadedForTests,
  purifyWorkerRunning,
  PurifyWorkerError,
  setPurifyLimits,
  startPurifyWorker,
  workerEntry,
} from '../../../engine/sanitize/purify-client.ts';
import { sanitizeHtml } from '../../../engine/sanitize/html.server.ts';
import { cleanSvg } from '../../../engine/assets/asset-check.ts';
import { ROOT } from '../helpers.ts';
import { endWorker, compiledPurifyWorkerForFile } from './compiled-worker.ts';

let n = 0;
/** A string the memo of html.server.ts has not seen, so it reaches the worker. */
const dirty = () =>
  `<p onclick="steal()">Hello ${++n}<script>alert(${n})</script><img src="javascript:alert(1)" onerror="x()"></p>`;
const cleanOf = (i: number) => `<p>Hello ${i}<img loading="lazy"></p>`;

/** Waits until the worker's exit has been seen (events need the event loop). */
async function stopped() {
  await vi.waitFor(() => expect(purifyWorkerRunning()).toBe(false), {
    timeout: 10_000,
    interval: 20,
  });
}

compiledPurifyWorkerForFile();

afterEach(() =>
  setPurifyLimits({
    idleMs: PURIFY_IDLE_MS,
    startWaitMs: PURIFY_START_WAIT_MS,
    waitMs: PURIFY_WAIT_MS,
  }),
);

describe('the sanitiser worker', () => {
  it('sanitises rich text synchronously with the shared rules, and text without markup never reaches it', async () => {
    endPurifyWorker();
    expect(sanitizeHtml('Fish & chips > 3')).toBe('Fish & chips > 3');
    expect(purifyWorkerRunning()).toBe(false);
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    expect(purifyWorkerRunning()).toBe(true);
    expect(
      sanitizeHtml('<a href="/x" target="_blank">x</a><a href="javascript:alert(1)">y</a>'),
    ).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a><a>y</a>');
  });

  it('told to end while it loads jsdom, it ends once loaded, never in the middle (Node aborts the whole process on that)', async () => {
    endPurifyWorker();
    await stopped();
    startPurifyWorker();
    const worker = purifyWorkerForTests()!;
    expect(purifyWorkerLoadedForTests(worker)).toBe(false);
    const exited = new Promise<boolean>((resolve) =>
      worker.once('exit', () => resolve(purifyWorkerLoadedForTests(worker))),
    );
    endPurifyWorker();
    expect(purifyWorkerRunning()).toBe(false);
    expect(await exited).toBe(true);
    // The next call starts a new worker and is answered.
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
  });

  it('ends when idle, and a later call starts it again and still sanitises', async () => {
    await endWorker(); // a running worker's idle timer keeps the time it started with
    setPurifyLimits({ idleMs: 300 });
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    const first = purifyWorkerForTests();
    expect(first).toBeDefined();
    const exited = new Promise<number>((resolve) => first!.once('exit', resolve));
    await stopped();
    await exited;
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    expect(purifyWorkerForTests()).not.toBe(first);
    expect(purifyWorkerRunning()).toBe(true);
  });

  it('keeps working while called more often than the idle time', async () => {
    await endWorker(); // a running worker's idle timer keeps the time it started with
    setPurifyLimits({ idleMs: 400 });
    const worker = (sanitizeHtml(dirty()), purifyWorkerForTests());
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 150));
      expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    }
    expect(purifyWorkerForTests()).toBe(worker);
  });

  it('ends at once when told (the end of start-up)', async () => {
    // Loaded, as at the end of start-up (ending one that is still loading is the test above).
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    startPurifyWorker();
    const worker = purifyWorkerForTests()!;
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    expect(purifyWorkerRunning()).toBe(true);
    endPurifyWorker();
    expect(purifyWorkerRunning()).toBe(false);
    await exited;
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
  });

  it('never keeps the process alive when idle or waited on synchronously, but does while an answer is awaited', () => {
    // Processes of their own: each has to end on its own, well before the idle end, and the second only after its SVG is cleaned.
    const run = (script: string) => {
      const started = Date.now();
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: ROOT, encoding: 'utf8', timeout: 20_000 },
      );
      expect(Date.now() - started).toBeLessThan(PURIFY_IDLE_MS / 2);
      return out.trim().split('\n');
    };
    const client = `import { purifyAsync, purifySync } from './engine/sanitize/purify-client.ts';`;
    expect(run(`${client} console.log(purifySync('html', '<p>a<script>x</script></p>'));`)).toEqual(
      ['<p>a</p>'],
    );
    expect(
      run(
        `${client} purifyAsync('svg', '<svg onload="x()"><rect/></svg>').then((r) => console.log(r.clean));`,
      ),
    ).toEqual(['<svg><rect></rect></svg>']);
  });

  it('a worker stopped under the caller gives a new worker’s answer, never the raw text', async () => {
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    await purifyWorkerForTests()!.terminate();
    await stopped();
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
  });

  it('a worker stopped while the caller waits is a clear error or a clean answer, never the raw text', async () => {
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    setPurifyLimits({ waitMs: 1_000, startWaitMs: 1_000 });
    void purifyWorkerForTests()!.terminate(); // not awaited: the thread stops while the call is made
    const raw = dirty();
    let out: string | undefined;
    try {
      out = sanitizeHtml(raw);
    } catch (err) {
      expect(err).toBeInstanceOf(PurifyWorkerError);
      expect((err as Error).message).toMatch(/sanitiser worker/);
    }
    if (out !== undefined) expect(out).toBe(cleanOf(n));
    await stopped();
    setPurifyLimits({ waitMs: PURIFY_WAIT_MS, startWaitMs: PURIFY_START_WAIT_MS });
    expect(sanitizeHtml(raw)).toBe(cleanOf(n)); // the failed string was not remembered
  });

  it('a worker that does not answer in time is stopped with a clear error, and the next call starts a new one', async () => {
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    const busy = purifyWorkerForTests();
    // A large SVG keeps the worker busy; a rich-text call queued behind it waits longer than allowed.
    const big = `<svg xmlns="http://www.w3.org/2000/svg">${'<g onclick="x()"><rect width="1" height="1"/><path d="M0 0L1 1"/></g>'.repeat(40_000)}</svg>`;
    const slow = purifyAsync('svg', big);
    setPurifyLimits({ waitMs: 20 });
    expect(() => purifySync('html', dirty())).toThrow(
      /did not answer within 0\.02 s; it was stopped and starts again on the next call/,
    );
    expect(purifyWorkerRunning()).toBe(false);
    await expect(slow).rejects.toThrow(PurifyWorkerError);
    setPurifyLimits({ waitMs: PURIFY_WAIT_MS });
    expect(sanitizeHtml(dirty())).toBe(cleanOf(n));
    expect(purifyWorkerForTests()).not.toBe(busy);
  });

  it('cleans an SVG of scripts, event handlers, foreign content and outside links through the worker', async () => {
    const { svg, removed } = await cleanSvg(`<?xml version="1.0"?>
<svg viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <a href="javascript:alert(3)"><rect width="10" height="10" fill="red" onmouseover="alert(4)"/></a>
  <image href="https://evil.example/track.png"/><a href="#r"><circle r="1"/></a>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
</svg>`);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<rect width="10" height="10" fill="red"');
    expect(svg).toContain('href="#r"');
    expect(svg).not.toMatch(/script|onload|onmouseover|javascript:|evil\.example|foreignObject/i);
    expect(removed).toEqual(
      expect.arrayContaining([
        'onload attribute',
        '<script>',
        'onmouseover attribute',
        '<foreignobject>',
      ]),
    );
  });

  it('an asynchronous call whose worker stops before answering is rejected with a clear error', async () => {
    endPurifyWorker();
    await stopped();
    const pending = purifyAsync('svg', '<svg><rect/></svg>'); // a new worker, still loading jsdom
    void purifyWorkerForTests()!.terminate();
    await expect(pending).rejects.toThrow(/The sanitiser worker stopped before answering/);
  });

  it('finds its code beside the built server or the source, and says at once when neither is there', () => {
    const here = join(ROOT, 'engine/sanitize');
    expect(workerEntry(here).file).toBe(join(here, 'purify-worker.source.mjs'));
    const built = mkdtempSync(join(tmpdir(), 'fc-no-worker-'));
    try {
      expect(() => workerEntry(built)).toThrow(PurifyWorkerError);
      expect(() => workerEntry(built)).toThrow(`no ${join(built, 'purify-worker.js')}`);
      writeFileSync(join(built, 'purify-worker.js'), '');
      expect(workerEntry(built)).toEqual({ file: join(built, 'purify-worker.js') });
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });
});
