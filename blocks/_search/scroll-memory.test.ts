// @vitest-environment jsdom
/** Back from a car page restores the scroll even while the page is still growing (docs/search-ui.md, "URL state"). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anchorOnScreen,
  entryKey,
  mountedByHistory,
  rememberedScroll,
  rememberScroll,
  RESTORE_FOLLOW_MS,
  scrollToWhenTall,
} from './scroll-memory.ts';

let height = 0;
let scrollY = 0;
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
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.stubGlobal('scrollTo', (opts: ScrollToOptions) => {
    scrollY = opts.top ?? 0;
    scrolls.push(scrollY);
  });
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
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scrollToWhenTall', () => {
  it('scrolls at once when the page is tall enough', () => {
    const done = vi.fn();
    scrollToWhenTall({ y: 900 }, done);
    expect(scrolls).toEqual([900]);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('follows a page that grows (more cars loading) until the position is reached', () => {
    const done = vi.fn();
    scrollToWhenTall({ y: 5000 }, done);
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
    scrollToWhenTall({ y: 5000 }, done);
    window.dispatchEvent(new Event('wheel'));
    grow(7000);
    expect(scrolls).toEqual([1200]);
    expect(done).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    scrollToWhenTall({ y: 9000 }, later);
    vi.advanceTimersByTime(RESTORE_FOLLOW_MS);
    grow(12000);
    expect(later).toHaveBeenCalledTimes(1);
    expect(scrolls.at(-1)).toBe(6200);
  });
});

/** A result card whose top is `pageTop()` down the page (a function: cards above it may grow). */
function card(id: string, pageTop: () => number) {
  const li = document.createElement('article');
  li.className = 'card';
  li.setAttribute('data-car-id', id);
  li.getBoundingClientRect = () => {
    const top = pageTop() - scrollY;
    return { top, bottom: top + 180 } as DOMRect;
  };
  document.body.append(li);
  return li;
}
const CARDS = { selector: '.card[data-car-id]', attribute: 'data-car-id' };

describe('scrollToWhenTall with the card the visitor was looking at', () => {
  it('puts that card back at its offset, though the cards above it changed heights on the way', () => {
    height = 20_000;
    // The pixel place is stale: stand-in heights above put the car 1,000 px further down now.
    let carTop = 5000;
    card('car-45', () => carTop);
    const done = vi.fn();
    scrollToWhenTall({ y: 4000, anchor: { id: 'car-45', top: 120 } }, done, CARDS);
    expect(scrolls).toEqual([4880]);
    // The cards drawn as it came into view were 30 px taller than their stand-ins.
    carTop = 5030;
    vi.advanceTimersToNextFrame();
    expect(scrolls).toEqual([4880, 4910]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    expect(done).toHaveBeenCalledTimes(1);
    expect(scrolls.at(-1)).toBe(4910);
  });

  it('scrolls to the pixel place while the list is still loading, then to the card once it is there', () => {
    height = 3000;
    const done = vi.fn();
    scrollToWhenTall({ y: 4000, anchor: { id: 'car-45', top: 120 } }, done, CARDS);
    expect(scrolls).toEqual([2200]);
    grow(6000);
    expect(scrolls).toEqual([2200, 4000]);
    expect(done).not.toHaveBeenCalled();
    card('car-45', () => 4300);
    grow(8000);
    expect(scrolls.at(-1)).toBe(4180);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('names the first card on screen and its offset when remembering', () => {
    card('car-1', () => 0);
    card('car-2', () => 180);
    card('car-3', () => 360);
    scrollY = 250;
    expect(anchorOnScreen(CARDS)).toEqual({ id: 'car-2', top: -70 });
  });
});

describe('entryKey', () => {
  it("keeps the landing entry's position too (the server's page has no history key), apart from a pushed entry's", () => {
    window.history.replaceState(null, '', '/search/used-cars?sortBy=Car_production_year_desc');
    const landing = entryKey();
    rememberScroll(landing, { y: 6503, anchor: { id: 'car-46', top: 120 } });
    window.history.pushState({ key: 'abc123' }, '', '/search/ford');
    expect(entryKey()).toBe('abc123');
    expect(rememberedScroll(entryKey())).toBeUndefined();
    window.history.replaceState(null, '', '/search/used-cars?sortBy=Car_production_year_desc');
    expect(rememberedScroll(entryKey())).toEqual({ y: 6503, anchor: { id: 'car-46', top: 120 } });
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
