import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBlock } from '../doc.ts';
import { TYPING_HOLD_MAX_MS, TYPING_PAUSE_MS } from './index.ts';
import { makeStore, rootIds } from './test-kit.ts';

/** A store on fake timers, with a listener of the held kind (every one but the preview's). */
function heldStore() {
  vi.useFakeTimers();
  const store = makeStore();
  const rest = vi.fn();
  store.subscribe(rest);
  return { store, rest };
}

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
    const { store, rest } = heldStore();
    const leading = vi.fn();
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
    const { store, rest } = heldStore();
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

describe('previewFirst until a pause: typing holds the editor back, not the next key', () => {
  afterEach(() => vi.useRealTimers());
  const typeKey = (store: ReturnType<typeof makeStore>, heading: string) =>
    store.previewFirst(() => store.setProps('home-hero', { heading }), undefined, {
      untilPause: true,
    });

  it('tells the others once the keys pause, each key starting the wait again, the preview at every key', () => {
    const { store, rest } = heldStore();
    const shown: unknown[] = [];
    store.subscribeLeading(() =>
      shown.push(findBlock(store.getState().resolved, 'home-hero')!.block.props?.heading),
    );
    for (const heading of ['W', 'We', 'Wel']) {
      typeKey(store, heading);
      vi.advanceTimersByTime(TYPING_PAUSE_MS - 10);
    }
    expect(shown).toEqual(['W', 'We', 'Wel']);
    expect(rest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(rest).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(rest).toHaveBeenCalledTimes(1);
  });

  it('catches the editor up in the task right after a key typed TYPING_HOLD_MAX_MS into the hold', () => {
    const { store, rest } = heldStore();
    const gap = 120;
    let text = 'W';
    typeKey(store, text);
    for (let held = gap; held < TYPING_HOLD_MAX_MS; held += gap) {
      vi.advanceTimersByTime(gap);
      typeKey(store, (text += 'e'));
    }
    // Past the longest hold, between keys: nothing runs that a key could have to wait for.
    vi.advanceTimersByTime(gap);
    expect(rest).not.toHaveBeenCalled();
    typeKey(store, (text += 'l'));
    expect(rest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(rest).toHaveBeenCalledTimes(1);
    // A new hold begins with the next key.
    typeKey(store, (text += 'c'));
    vi.advanceTimersByTime(gap);
    expect(rest).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    expect(rest).toHaveBeenCalledTimes(2);
  });

  it('tells them at once on another change (undo) or when asked (page hidden, field left), and once only', () => {
    const { store, rest } = heldStore();
    typeKey(store, 'W');
    store.undo();
    expect(rest).toHaveBeenCalledTimes(1);
    typeKey(store, 'X');
    store.tellHeld();
    expect(rest).toHaveBeenCalledTimes(2);
    store.tellHeld();
    vi.runAllTimers();
    expect(rest).toHaveBeenCalledTimes(2);
  });
});
