import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, rootIds } from './test-kit.ts';

describe('previewFirst: a drop reaches the preview before the editor re-renders for it', () => {
  afterEach(() => vi.useRealTimers());

  it('tells the leading listeners at once and the others in a task after, with the new state already there', () => {
    vi.useFakeTimers();
    const store = makeStore();
    const order: string[] = [];
    store.subscribe(() => order.push(`rest ${rootIds(store).join(',')}`));
    store.subscribeLeading(() => order.push(`leading ${rootIds(store).join(',')}`));
    const after = vi.fn(() => order.push('after'));
    const moved = store.previewFirst(
      () => store.moveBlocks(['home-hero'], { area: 'page:home' }, 3),
      after,
    );
    expect(moved).toBe(true);
    expect(rootIds(store)).toEqual(['why-us', 'cols', 'home-hero']);
    expect(order).toEqual(['leading why-us,cols,home-hero']);
    expect(after).not.toHaveBeenCalled();
    vi.runAllTimers();
    // The caller's own state goes first, then every other listener, once.
    expect(order).toEqual(['leading why-us,cols,home-hero', 'after', 'rest why-us,cols,home-hero']);
    vi.runAllTimers();
    expect(order).toHaveLength(3);
  });

  it('tells everyone once, at once, when another change comes before the held task', () => {
    vi.useFakeTimers();
    const store = makeStore();
    const rest = vi.fn();
    const leading = vi.fn();
    store.subscribe(rest);
    store.subscribeLeading(leading);
    store.previewFirst(() => store.moveBlocks(['home-hero'], { area: 'page:home' }, 3));
    expect(rest).not.toHaveBeenCalled();
    store.select('why-us');
    expect(leading).toHaveBeenCalledTimes(2);
    expect(rest).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(rest).toHaveBeenCalledTimes(1);
  });

  it('runs `after` at once when nothing changed (a refused drop), and outside previewFirst nothing waits', () => {
    vi.useFakeTimers();
    const store = makeStore();
    const rest = vi.fn();
    store.subscribe(rest);
    const after = vi.fn();
    // A section cannot go inside its own child list.
    expect(
      store.previewFirst(
        () => store.moveBlocks(['why-us'], { area: 'page:home', parent: 'why-us' }, 0),
        after,
      ),
    ).toBe(false);
    expect(after).toHaveBeenCalledTimes(1);
    expect(rest).not.toHaveBeenCalled();
    store.moveBlocks(['home-hero'], { area: 'page:home' }, 3);
    expect(rest).toHaveBeenCalledTimes(1);
  });
});
