// @vitest-environment jsdom
import { describe, expect, it, beforeEach } from 'vitest';
import { findBlock } from '../../doc.ts';
import { duplicateSelection } from '../../actions.ts';
import { collectBlockIds } from '../../../../engine/tree/ids.ts';
import { makeStore, ids, rootIds } from '../test-kit.ts';

describe('copy, paste and duplicate give fresh readable ids', () => {
  beforeEach(() => localStorage.clear());

  it('duplicates a container with fresh ids for it and its children', () => {
    const store = makeStore();
    const [id] = store.duplicateBlocks(['why-us']);
    expect(id).toBe('why-us-2');
    const copy = findBlock(store.getState().resolved, 'why-us-2')!.block;
    expect(copy.children?.[0].id).toBe('why-text-2');
    const all = [...collectBlockIds(store.getState().resolved)];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());

  it('duplicates several blocks in one step: the copies of one list follow the last selected block of that list, and become the selection', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('why-us');
    store.toggleSelected('left-text');
    store.toggleSelected('why-us'); // out and in again: primary
    store.toggleSelected('why-us');
    const copies = duplicateSelection(store, () => {});
    expect(copies).toEqual(['home-hero-2', 'why-us-2', 'left-text-2']);
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'home-hero-2', 'why-us-2', 'cols']);
    expect(ids(findBlock(store.getState().resolved, 'why-us-2')!.block.children)).toEqual([
      'why-text-2',
    ]);
    expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual([
      'left-text',
      'left-text-2',
    ]);
    expect(store.getState()).toMatchObject({
      selection: ['home-hero-2', 'why-us-2', 'left-text-2'],
      selected: 'why-us-2',
    });
    const all = [...collectBlockIds(store.getState().resolved)];
    expect(new Set(all).size).toBe(all.length);
    expect(store.history().undo).toEqual(['Duplicate 3 blocks']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    expect(store.getState().selection).toEqual(['home-hero', 'left-text', 'why-us']);
    // One block: the same as before multi-select.
    expect(store.duplicateBlocks(['cols'])).toEqual(['cols-2']);
    expect(store.history().undo[0]).toBe('Duplicate Columns cols as cols-2');
  });

  it('duplicating a container with a child selected too copies the container once', () => {
    const store = makeStore();
    store.select('why-us');
    store.toggleSelected('why-text');
    expect(store.duplicateBlocks()).toEqual(['why-us-2']);
    expect(findBlock(store.getState().resolved, 'why-text-3')).toBeUndefined();
  });
});
