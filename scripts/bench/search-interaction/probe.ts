/**
 * What the interaction bench (../search-interaction.ts) installs in each page before its
 * scripts run: Event Timing and long task observers, and the moment a trusted click's result
 * is on screen. A result is "on screen" once the results' text (each page's cards) differs
 * from what it was at the click, at the first frame after that change (a
 * requestAnimationFrame, then a task: the frame has been painted by then).
 */
import type { Page } from 'playwright-core';

export interface Probe {
  /** Event Timing entries of interactions (interactionId > 0), 16 ms and longer. */
  events: { id: number; start: number; duration: number }[];
  longTasks: { start: number; duration: number }[];
  /** Trusted clicks: when each happened and when its result was on screen (undefined until it is). */
  clicks: { at: number; shown?: number }[];
}

declare global {
  interface Window {
    __interaction: Probe & { snapshot(): string };
  }
}

/**
 * Installed with addInitScript, before any of the page's own scripts. A string, not a
 * function: tsx would wrap named functions in helpers that do not exist in the page.
 * Window capture runs before the page's own listeners (a held click stops propagation at
 * the document).
 */
const PROBE = `(() => {
  const probe = (window.__interaction = { events: [], longTasks: [], clicks: [] });
  probe.snapshot = () =>
    [...document.querySelectorAll(RESULTS)].map((e) => e.textContent).join('\\n');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        probe.events.push({ id: e.interactionId, start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    const click = { at: event.timeStamp };
    probe.clicks.push(click);
    const before = probe.snapshot();
    const observer = new MutationObserver(() => {
      if (probe.snapshot() === before) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (click.shown = performance.now())));
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  }, true);
})()`;

export async function installProbe(page: Page, resultsSelector: string): Promise<void> {
  await page.addInitScript(PROBE.replace('RESULTS', JSON.stringify(resultsSelector)));
}

export function readProbe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const { events, longTasks, clicks } = window.__interaction;
    return { events, longTasks, clicks };
  });
}

/** Resolves once the latest trusted click's result is on screen; its time from the click in ms. */
export async function clickResult(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const last = window.__interaction.clicks.at(-1);
      return last?.shown !== undefined && last.shown - last.at;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Resolves once the results' text differs from `before` (a search answered), or after `timeoutMs`. */
export async function resultsChanged(page: Page, before: string, timeoutMs = 8_000) {
  await page
    .waitForFunction((old) => window.__interaction.snapshot() !== old, before, {
      timeout: timeoutMs,
      polling: 50,
    })
    .catch(() => undefined);
}

export const snapshot = (page: Page) => page.evaluate(() => window.__interaction.snapshot());

/** Lets the observers deliver what the last frames produced (Event Timing reports after paint). */
export const flushed = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );

/** p75 of each interaction's longest entry; interactions that reported nothing were under 16 ms and count as 16. */
export function inp(events: Probe['events'], from: number, to: number, expected: number): number {
  const longest = new Map<number, number>();
  for (const e of events)
    if (e.start >= from && e.start <= to)
      longest.set(e.id, Math.max(longest.get(e.id) ?? 0, e.duration));
  const values = [...longest.values()];
  while (values.length < expected) values.push(16);
  return percentile(values, 0.75);
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}
