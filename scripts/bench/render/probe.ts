/**
 * Browser side of the hydration bench: counts the block elements React commits (the views'
 * refs, render/views.ts) and notes when the last one of the page has hydrated. `start` is
 * taken before the entry reads its payload, so both sides' figures include parsing it.
 */
import type { BenchProbe } from './views.ts';

export interface BenchState {
  start: number;
  end: number;
  count: number;
  expected: number;
  /** The first block element as the server sent it: still in the page after hydrating, or React replaced the DOM. */
  first: Element | null;
  /** How many of the page's elements were hydrated when it ended (the real-page bench). */
  hydrated?: number;
}

/**
 * Resolves once the browser has laid out and painted the server's HTML. Each entry waits for it
 * before starting, so the first paint of a 1,000-block page (tens of ms) lands in no side's
 * figure; otherwise it fell into whichever side's bundle ran before it, the smallest one's.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function startProbe(): void {
  const state: BenchState = {
    start: performance.now(),
    end: 0,
    count: 0,
    expected: Number(document.documentElement.dataset.blocks),
    first: document.querySelector('[data-b]'),
  };
  const probe: BenchProbe = {
    block() {
      if (++state.count === state.expected) state.end = performance.now();
    },
  };
  Object.assign(window, { __bench: state, __benchProbe: probe });
}

export function onRecoverableError(error: unknown) {
  console.error('[bench] recovered while hydrating', error);
}
