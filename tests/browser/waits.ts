/**
 * Waits for conditions, never for a fixed time: a browser test that sleeps is slow on a
 * fast machine and flaky on a loaded one. Each helper names the event it waits for.
 */
import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';

/**
 * Resolves after the page has painted `count` more frames: whatever a React commit or an
 * effect scheduled before the call has been rendered (and measured) by then.
 */
export function animationFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) =>
          left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
        step(n);
      }),
    count,
  );
}

/**
 * Resolves once the page has run every zero-delay task queued before this call: timers of
 * equal delay run in the order they were set (HTML's timer ordering), so a library that
 * defers work with `setTimeout(fn)` (dnd-kit's keyboard sensor starts listening for keys
 * that way) has done it when this returns.
 */
export function queuedTasks(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * Counts a page's requests from the moment it is called; `quiet()` resolves once none is
 * in flight and none has started or ended for `quietMs` (Playwright's "networkidle", but
 * asked for when the caller is ready, e.g. after hydration), or after `timeoutMs` at the latest.
 */
export function trackNetwork(page: Page) {
  let inflight = 0;
  let lastActivity = Date.now();
  let changed = () => {};
  const started = () => {
    inflight++;
    lastActivity = Date.now();
    changed();
  };
  const ended = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
    changed();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Stops counting (a tab lent by `tabs()` goes on to other pages). */
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
    quiet(quietMs = 300, timeoutMs = 5_000): Promise<void> {
      return new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          clearTimeout(timer);
          clearTimeout(limit);
          changed = () => {};
          resolve();
        };
        const limit = setTimeout(done, timeoutMs);
        changed = () => {
          clearTimeout(timer);
          if (inflight === 0) timer = setTimeout(done, quietMs - (Date.now() - lastActivity));
        };
        changed();
      });
    },
  };
}

/** Stops a server started by a test and waits for it to exit (it closes its database), for `timeoutMs` at most. */
export async function stopServer(proc: ChildProcess | undefined, timeoutMs = 5_000): Promise<void> {
  if (!proc || proc.exitCode !== null) return;
  const exited = once(proc, 'exit', { signal: AbortSignal.timeout(timeoutMs) }).catch(
    () => undefined,
  );
  proc.kill('SIGTERM');
  await exited;
}
