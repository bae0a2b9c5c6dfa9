// @vitest-environment jsdom
/** Back from a car page restores the scroll even while the page is still growing (docs/search-ui.md, "URL state"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  entryKey,
  mountedByHistory,
  rememberedScroll,
  rememberScroll,
  RESTORE_FOLLOW_MS,
  scrollToWhenTall,
} from './scroll-memory.ts';

let height = 0;
let resized: (() => void) | undefined;
const scrolls: number[] = [];

/** Makes the page `h` tall and tells the observer, as a browser does when more cars arrive. */
function grow(h: number) {
  height = h;
  resized?.();
}

beforeEach(() => {
  vi.useFakeTimers();
  scrolls.length = 0;
  height = 2000;
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: () => height,
  });
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('scrollTo', (opts: ScrollToOptions) => scrolls.push(opts.top ?? 0));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        resized = cb;
      }
      observe() {}
      disconnect() {
        resized = undefined;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scrollToWhenTall', () => {
  it('scrolls at once when the page is tall enough', () => {
    const done = vi.fn();
    scrollToWhenTall(900, done);
    expect(scrolls).toEqual([900]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('follows a page that grows (more cars loading) until the position is reached', () => {
    const done = vi.fn();
    scrollToWhenTall(5000, done);
    expect(scrolls).toEqual([1200]);
    expect(done).not.toHaveBeenCalled();
    grow(4000);
    grow(7000);
    expect(scrolls).toEqual([1200, 3200, 5000]);
    expect(done).toHaveBeenCalledTimes(1);
    grow(9000);
    expect(scrolls).toHaveLength(3);
  });

  it('stops following when the visitor scrolls, or after a while', () => {
    const done = vi.fn();
    scrollToWhenTall(5000, done);
    window.dispatchEvent(new Event('wheel'));
    grow(7000);
    expect(scrolls).toEqual([1200]);
    expect(done).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    scrollToWhenTall(9000, later);
    vi.advanceTimersByTime(RESTORE_FOLLOW_MS);
    grow(12000);
    expect(later).toHaveBeenCalledTimes(1);
    expect(scrolls.at(-1)).toBe(6200);
  });
});

describe('entryKey', () => {
  it("keeps the landing entry's position too (the server's page has no history key), apart from a pushed entry's", () => {
    window.history.replaceState(null, '', '/search/used-cars?sortBy=Car_production_year_desc');
    const landing = entryKey();
    rememberScroll(landing, 6503);
    window.history.pushState({ key: 'abc123' }, '', '/search/ford');
    expect(entryKey()).toBe('abc123');
    expect(rememberedScroll(entryKey())).toBeUndefined();
    window.history.replaceState(null, '', '/search/used-cars?sortBy=Car_production_year_desc');
    expect(rememberedScroll(entryKey())).toBe(6503);
  });
});

describe('mountedByHistory', () => {
  it("is false for the server page's hydration only: a later mount with its data is a Back to the landing page", () => {
    expect(mountedByHistory('POP', true)).toBe(false);
    expect(mountedByHistory('POP', true)).toBe(true);
    expect(mountedByHistory('POP', false)).toBe(true);
    expect(mountedByHistory('PUSH', false)).toBe(false);
    expect(mountedByHistory('PUSH', true)).toBe(false);
  });
});
