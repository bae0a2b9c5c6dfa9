import { describe, expect, it } from 'vitest';
import { type EditorStore } from './index.ts';
import { findBlockInView } from '../doc.ts';
import { flattenView } from '../tree.ts';
import { makeStore } from './test-kit.ts';

describe('multi-select: selection rules', () => {
  const blockRows = (store: EditorStore, collapsed?: Set<string>) =>
    flattenView(store.getState().resolved, store.getState().view, collapsed)
      .filter((r) => r.kind === 'block')
      .map((r) => r.key);

  it('a plain select is one block; Ctrl/Cmd+click toggles blocks in and out, the last one picked is primary', () => {
    const store = makeStore();
    store.select('home-hero');
    expect(store.getState().selection).toEqual(['home-hero']);
    store.toggleSelected('why-us');
    store.toggleSelected('left-text');
    expect(store.getState().selection).toEqual(['home-hero', 'why-us', 'left-text']);
    expect(store.getState().selected).toBe('left-text');
    expect([...store.getState().selectedSet]).toEqual(['home-hero', 'why-us', 'left-text']);
    // Taking the primary out: the last one picked before it becomes primary.
    store.toggleSelected('left-text');
    expect(store.getState().selection).toEqual(['home-hero', 'why-us']);
    expect(store.getState().selected).toBe('why-us');
    // Taking another one out keeps the primary.
    store.toggleSelected('home-hero');
    expect(store.getState()).toMatchObject({ selection: ['why-us'], selected: 'why-us' });
    store.toggleSelected('why-us');
    expect(store.getState()).toMatchObject({ selection: [], selected: undefined });
    // With nothing selected a toggle selects; a plain select ends a multi-selection.
    store.toggleSelected('cols');
    store.toggleSelected('home-hero');
    store.select('why-text');
    expect(store.getState()).toMatchObject({ selection: ['why-text'], selected: 'why-text' });
  });

  it('a block of another view (header, another page) starts a new selection there', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('site-header');
    expect(store.getState()).toMatchObject({
      view: 'layout',
      selection: ['site-header'],
      selected: 'site-header',
    });
    store.toggleSelected('site-footer');
    expect(store.getState().selection).toEqual(['site-header', 'site-footer']);
    store.setView('page:home');
    expect(store.getState()).toMatchObject({ selection: [], selected: undefined });
  });

  it('Shift selects the visible block rows from the primary (the anchor, which stays primary) to the one clicked', () => {
    const store = makeStore();
    const rows = blockRows(store);
    expect(rows).toEqual(['home-hero', 'why-us', 'why-text', 'cols', 'left-text']); // no slot heads
    store.select('why-us');
    store.selectRange('left-text', rows);
    expect(store.getState()).toMatchObject({
      selection: ['why-us', 'why-text', 'cols', 'left-text'],
      selected: 'why-us',
    });
    // From the same anchor the other way: the range replaces the previous one.
    store.selectRange('home-hero', rows);
    expect(store.getState()).toMatchObject({
      selection: ['why-us', 'home-hero'],
      selected: 'why-us',
    });
    // Blocks inside a collapsed row are not visible, so not in the range.
    store.selectRange('cols', blockRows(store, new Set(['why-us'])));
    expect(store.getState().selection).toEqual(['why-us', 'cols']);
    // Without an anchor (nothing selected) it selects just the block.
    store.select(undefined);
    store.selectRange('cols', rows);
    expect(store.getState().selection).toEqual(['cols']);
  });

  it('normalises: a block inside another selected block is covered by it; operations see top-most blocks in document order', () => {
    const store = makeStore();
    store.select('left-text');
    store.toggleSelected('why-text');
    store.toggleSelected('why-us');
    store.toggleSelected('home-hero');
    expect(store.getState().selection).toEqual(['left-text', 'why-text', 'why-us', 'home-hero']);
    expect(store.topSelected().map((l) => l.block.id)).toEqual([
      'home-hero',
      'why-us',
      'left-text',
    ]);
    expect(store.selectionInOrder().map((l) => l.block.id)).toEqual([
      'home-hero',
      'why-us',
      'why-text',
      'left-text',
    ]);
    // Removing them removes the three top-most, why-text with its section.
    expect(store.removeBlocks()).toBe(true);
    expect(store.history().undo[0]).toBe('Remove 3 blocks');
  });

  it('Ctrl/Cmd+A selects the primary block’s list, then every top-level block of the page; Escape goes back to the primary', () => {
    const store = makeStore();
    store.addBlock('rich-text', { ref: { area: 'page:home', parent: 'why-us' }, index: 1 });
    store.select('why-text');
    store.selectAll();
    expect(store.getState()).toMatchObject({
      selection: ['why-text', 'rich-text'],
      selected: 'why-text',
    });
    store.selectAll();
    expect(store.getState()).toMatchObject({
      selection: ['home-hero', 'why-us', 'cols'],
      selected: 'home-hero',
    });
    store.collapseSelection();
    expect(store.getState()).toMatchObject({ selection: ['home-hero'], selected: 'home-hero' });
    // Nothing selected: the page. In the layout view: header and footer.
    store.select(undefined);
    store.selectAll();
    expect(store.getState().selection).toEqual(['home-hero', 'why-us', 'cols']);
    store.setView('layout');
    store.selectAll();
    expect(store.getState().selection).toEqual(['site-header', 'site-footer']);
  });

  it('keeps the selection (and its set, which outline rows read) untouched by changes that do not affect it', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('cols');
    const { selection, selectedSet } = store.getState();
    store.setProps('why-text', { html: '<p>x</p>' });
    store.setFeature('compare', true);
    expect(store.getState().selection).toBe(selection);
    expect(store.getState().selectedSet).toBe(selectedSet);
  });
});

describe('finding the selected block from the open view', () => {
  it('finds it in the open view first, and anywhere else when it is not there', () => {
    const { resolved } = makeStore().getState();
    expect(findBlockInView(resolved, 'why-us', 'page:home')?.ref.area).toBe('page:home');
    expect(findBlockInView(resolved, 'why-us', 'page:contact')?.ref.area).toBe('page:home');
    expect(findBlockInView(resolved, 'site-footer', 'page:home')?.ref.area).toBe('layout:footer');
    expect(findBlockInView(resolved, 'nowhere', 'page:home')).toBeUndefined();
  });
});
