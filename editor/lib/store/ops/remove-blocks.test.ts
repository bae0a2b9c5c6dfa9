// @vitest-environment jsdom
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { findBlock } from '../../doc.ts';
import { duplicateSelection, removeSelection } from '../../actions.ts';
import { makeStore, rootIds } from '../test-kit.ts';

describe('editor store: move and insert rules', () => {
  it('removes a block with its children', () => {
    const store = makeStore();
    store.removeBlocks(['why-us']);
    expect(findBlock(store.getState().resolved, 'why-text')).toBeUndefined();
    store.undo();
    expect(findBlock(store.getState().resolved, 'why-text')).toBeDefined();
  });
});

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());

  it('removes several blocks (Delete) in one step; undo brings them and the selection back, redo removes them again', () => {
    const store = makeStore();
    const original = store.getState().doc;
    store.select('home-hero');
    store.toggleSelected('left-text');
    const announce = vi.fn();
    expect(removeSelection(store, announce)).toBe(true);
    expect(announce).toHaveBeenCalledWith(
      'Removed 2 blocks: Hero home-hero and Rich text left-text. Undo with Ctrl+Z.',
    );
    expect(rootIds(store)).toEqual(['why-us', 'cols']);
    expect(findBlock(store.getState().resolved, 'left-text')).toBeUndefined();
    // On a template page the site has not copied, the file holds the blocks left out, nothing more.
    expect(store.getState().doc.pages).toEqual([
      { id: 'home', blockChanges: { 'home-hero': null, 'left-text': null } },
    ]);
    expect(store.getState().selection).toEqual([]);
    expect(store.history().undo).toEqual(['Remove 2 blocks']);
    store.undo();
    expect(store.getState().doc).toEqual(original);
    expect(store.getState()).toMatchObject({
      selection: ['home-hero', 'left-text'],
      selected: 'left-text',
    });
    store.redo();
    expect(rootIds(store)).toEqual(['why-us', 'cols']);
    expect(store.history()).toEqual({ undo: ['Remove 2 blocks'], redo: [] });
  });

  it('a removal can select the block that stays in the first one’s place; redo brings back the selection as it was after each change', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('why-us');
    expect(store.removeBlocks(undefined, { select: 'cols' })).toBe(true);
    expect(rootIds(store)).toEqual(['cols']);
    expect(store.getState()).toMatchObject({ selection: ['cols'], selected: 'cols' });
    store.undo();
    expect(store.getState()).toMatchObject({
      selection: ['home-hero', 'why-us'],
      selected: 'why-us',
    });
    store.redo();
    expect(store.getState()).toMatchObject({ selection: ['cols'], selected: 'cols' });
    store.undo();
    // Duplicate: undo selects the originals again, redo the copies.
    const copies = duplicateSelection(store, () => {});
    expect(copies).toEqual(['home-hero-2', 'why-us-2']);
    store.undo();
    expect(store.getState()).toMatchObject({
      selection: ['home-hero', 'why-us'],
      selected: 'why-us',
    });
    store.redo();
    expect(store.getState()).toMatchObject({
      selection: ['home-hero-2', 'why-us-2'],
      selected: 'why-us-2',
    });
    // Without `select`, nothing is selected after a removal (and after its redo).
    store.removeBlocks(['cols']);
    expect(store.getState().selection).toEqual([]);
    store.undo();
    store.redo();
    expect(store.getState().selection).toEqual([]);
  });
});
