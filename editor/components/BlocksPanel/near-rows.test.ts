// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearRows } from './near-rows.ts';

/** An IntersectionObserver whose reports the test makes. */
class FakeObserver {
  static last: FakeObserver;
  observed = new Set<Element>();
  constructor(
    public report: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void,
    public options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('NearRows: only rows near the visible outline are drop targets', () => {
  it('counts rows as near until measured, then follows the observer, telling only the rows that changed', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new NearRows();
    const a = document.createElement('li');
    const b = document.createElement('li');
    near.track('a', a, null);
    near.track('b', b, null);
    const root = document.createElement('div');
    near.setRoot(root);
    const io = FakeObserver.last;
    expect(io.options).toMatchObject({ root, rootMargin: '100% 0px' });
    expect([...io.observed]).toEqual([a, b]);
    expect(near.isNear('a') && near.isNear('b')).toBe(true);

    const toldA = vi.fn();
    const toldB = vi.fn();
    near.subscribe('a', toldA);
    near.subscribe('b', toldB);
    io.report([
      { target: a, isIntersecting: true },
      { target: b, isIntersecting: false },
    ]);
    expect(near.isNear('a')).toBe(true);
    expect(near.isNear('b')).toBe(false);
    expect(toldA).not.toHaveBeenCalled();
    expect(toldB).toHaveBeenCalledTimes(1);

    // Scrolled into range again.
    io.report([{ target: b, isIntersecting: true }]);
    expect(near.isNear('b')).toBe(true);
    expect(toldB).toHaveBeenCalledTimes(2);
  });

  it('stops observing a row that went, and observes its new element', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const near = new NearRows();
    near.setRoot(document.createElement('div'));
    const io = FakeObserver.last;
    const first = document.createElement('li');
    const second = document.createElement('li');
    near.track('a', first, null);
    near.track('a', second, first);
    expect([...io.observed]).toEqual([second]);
    near.track('a', null, second);
    expect(io.observed.size).toBe(0);
  });
});
