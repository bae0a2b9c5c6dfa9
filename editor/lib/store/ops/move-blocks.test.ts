// @vitest-environment jsdom
import { describe, expect, it, beforeEach } from 'vitest';
import { findBlock, type Doc } from '../../doc.ts';
import { blockMeta } from '../../blocks.ts';
import { makeStore, ids, rootIds } from '../test-kit.ts';

describe('editor store: move and insert rules', () => {
  it('moves a block into a container, into a named slot and back to the page', () => {
    const store = makeStore();
    expect(store.moveBlocks(['home-hero'], { area: 'page:home', parent: 'why-us' }, 1)).toBe(true);
    let page = store.getState().doc.pages[0];
    expect(ids(page.blocks)).toEqual(['why-us', 'cols']);
    expect(ids(page.blocks[0].children)).toEqual(['why-text', 'home-hero']);
    expect(
      store.moveBlocks(['why-text'], { area: 'page:home', parent: 'cols', slot: 'aside' }, 0),
    ).toBe(true);
    page = store.getState().doc.pages[0];
    expect(page.blocks[1].slots.aside.map((b: Doc) => b.id)).toEqual(['why-text']);
    expect(store.moveBlocks(['why-text'], { area: 'page:home' }, 0)).toBe(true);
    page = store.getState().doc.pages[0];
    expect(ids(page.blocks)).toEqual(['why-text', 'why-us', 'cols']);
    // The emptied slot is removed rather than written out as [].
    expect(page.blocks[2].slots).toEqual({ main: [expect.objectContaining({ id: 'left-text' })] });
  });

  it('refuses blocks where the schema does not allow them', () => {
    const store = makeStore();
    expect(store.moveBlocks(['why-text'], { area: 'page:home', parent: 'home-hero' }, 0)).toBe(
      false,
    ); // hero is no container
    expect(store.moveBlocks(['home-hero'], { area: 'page:home', parent: 'cols' }, 0)).toBe(false); // columns: slots only
    expect(
      store.moveBlocks(['home-hero'], { area: 'page:home', parent: 'cols', slot: 'sidebar' }, 0),
    ).toBe(false); // no such slot
    expect(
      store.moveBlocks(['home-hero'], { area: 'page:home', parent: 'cols', slot: 'aside' }, 0),
    ).toBe(false); // a full-width hero in half a column
    expect(store.moveBlocks(['why-us'], { area: 'page:home', parent: 'why-us' }, 0)).toBe(false); // into itself
    expect(store.getState().canUndo).toBe(false);
  });

  it('refuses to move a container into its own descendant', () => {
    const store = makeStore();
    store.moveBlocks(['cols'], { area: 'page:home', parent: 'why-us' }, 0);
    expect(
      store.moveBlocks(['why-us'], { area: 'page:home', parent: 'cols', slot: 'main' }, 0),
    ).toBe(false);
  });

  it('moves blocks between the header and footer of the layout', () => {
    const store = makeStore();
    store.addBlock('emergency-banner', { ref: { area: 'layout:header' }, index: 0 });
    expect(store.moveBlocks(['emergency-banner'], { area: 'layout:footer' }, 1)).toBe(true);
    const { doc } = store.getState();
    expect(ids(doc.layout.header)).toEqual(['site-header']);
    expect(ids(doc.layout.footer)).toEqual(['site-footer', 'emergency-banner']);
  });
});

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());

  it('moves several blocks together (a group drag) in document order as one step; refused where one of them cannot go', () => {
    const store = makeStore();
    store.select('cols');
    store.toggleSelected('home-hero');
    expect(
      store.moveBlocks(store.getState().selection, { area: 'page:home', parent: 'why-us' }, 1),
    ).toBe(true);
    expect(rootIds(store)).toEqual(['why-us']);
    expect(ids(findBlock(store.getState().resolved, 'why-us')!.block.children)).toEqual([
      'why-text',
      'home-hero',
      'cols',
    ]);
    expect(store.getState()).toMatchObject({
      selection: ['home-hero', 'cols'],
      selected: 'home-hero',
    });
    expect(store.history().undo).toEqual(['Move 2 blocks to Section why-us']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    expect(store.getState().doc.pages).toBeUndefined();
    // Where they already are: nothing to do. Into one of them: refused.
    expect(store.moveBlocks(['home-hero', 'why-us'], { area: 'page:home' }, 0)).toBe(false);
    expect(
      store.moveBlocks(['home-hero', 'why-us'], { area: 'page:home', parent: 'why-us' }, 0),
    ).toBe(false);
    // A slot that takes rich text only refuses a group holding a hero.
    const slot = blockMeta.columns.slots[0];
    const accepts = slot.accepts;
    slot.accepts = ['rich-text'];
    try {
      expect(
        store.moveBlocks(
          ['home-hero', 'why-text'],
          { area: 'page:home', parent: 'cols', slot: 'main' },
          0,
        ),
      ).toBe(false);
      expect(store.getState().canUndo).toBe(false);
    } finally {
      slot.accepts = accepts;
    }
  });
});
