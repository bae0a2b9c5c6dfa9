// @vitest-environment jsdom
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { EditorStore } from '../index.ts';
import { findBlock } from '../../doc.ts';
import { copyBlocks, readClipboard } from '../../clipboard.ts';
import { copySelection, cutSelection, pasteClipboard } from '../../actions.ts';
import { listRule, refusalOf } from '../../../../engine/site/placement.ts';
import { makeStore, ids, rootIds } from '../test-kit.ts';

describe('copy, paste and duplicate give fresh readable ids', () => {
  beforeEach(() => localStorage.clear());

  it('pastes between pages and between sites via the local clipboard', () => {
    const a = makeStore();
    copyBlocks([findBlock(a.getState().resolved, 'why-us')!.block], {
      site: 'test-site',
      page: 'home',
    });
    const clip = readClipboard()!;
    expect(clip.blocks[0].id).toBe('why-us');
    a.setView('page:contact');
    const pasted = a.pasteBlocks(clip.blocks).ids;
    expect(pasted).toEqual(['why-us-2']);
    expect(ids(a.getState().resolved.pages[1].blocks)).toEqual(['why-us-2']);

    const other = new EditorStore({
      slug: 'other',
      doc: {
        schemaVersion: 2,
        slug: 'other',
        name: 'Other',
        pages: [{ id: 'home', path: '/', title: 'Home', blocks: [] }],
      },
    });
    expect(other.pasteBlocks(clip.blocks).ids).toEqual(['why-us']); // no clash in that site: the id is kept
    expect(other.pasteBlocks(clip.blocks).ids).toEqual(['why-us-2']);
  });
});

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());

  it('copies several blocks in document order and pastes them all, in order, with fresh ids, as one step', () => {
    const store = makeStore();
    store.select('why-us');
    store.toggleSelected('home-hero');
    store.toggleSelected('why-text'); // covered by why-us
    const announce = vi.fn();
    expect(copySelection(store, announce)).toBe(true);
    expect(announce).toHaveBeenCalledWith(
      expect.stringMatching(/^Copied 2 blocks: Hero home-hero and Section why-us\./),
    );
    const clip = readClipboard()!;
    expect(clip.blocks.map((b) => b.id)).toEqual(['home-hero', 'why-us']);
    expect(clip.from).toEqual({ site: 'test-site', page: 'page:home' });
    expect(store.getState().canUndo).toBe(false); // copying is not a change
    store.setView('page:contact');
    expect(pasteClipboard(store, announce)).toEqual(['home-hero-2', 'why-us-2']);
    expect(announce).toHaveBeenLastCalledWith('Pasted Hero home-hero-2 and Section why-us-2.');
    expect(rootIds(store, 1)).toEqual(['home-hero-2', 'why-us-2']);
    expect(ids(store.getState().resolved.pages[1].blocks[1].children)).toEqual(['why-text-2']);
    expect(store.getState()).toMatchObject({
      selection: ['home-hero-2', 'why-us-2'],
      selected: 'home-hero-2',
    });
    expect(store.history().undo).toEqual(['Paste 2 blocks']);
    // Pasting again goes after the (pasted, selected) blocks.
    pasteClipboard(store, announce);
    expect(rootIds(store, 1)).toEqual(['home-hero-2', 'why-us-2', 'home-hero-3', 'why-us-3']);
    store.undo();
    store.undo();
    expect(store.getState().doc.pages).toBeUndefined();
  });

  it('cuts several blocks: copied, then removed in one step', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('cols');
    expect(cutSelection(store, () => {})).toBe(true);
    expect(readClipboard()!.blocks.map((b) => b.id)).toEqual(['home-hero', 'cols']);
    expect(rootIds(store)).toEqual(['why-us']);
    expect(store.history().undo).toEqual(['Remove 2 blocks']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    // Pasted back into the section (a container, selected alone): at its end.
    store.select('why-us');
    expect(store.pasteBlocks(readClipboard()!.blocks).ids).toEqual(['home-hero-2', 'cols-2']);
    expect(ids(findBlock(store.getState().resolved, 'why-us')!.block.children)).toEqual([
      'why-text',
      'home-hero-2',
      'cols-2',
    ]);
  });

  it('refuses a paste, with the reason, when the target list does not take one of the blocks (the rules drops follow)', () => {
    // A column takes no full-width hero (engine/site/placement.ts).
    const heroRefused = refusalOf(listRule('columns', 'main')!, 'hero');
    const store = makeStore();
    const hero = findBlock(store.getState().resolved, 'home-hero')!.block;
    const text = findBlock(store.getState().resolved, 'why-text')!.block;
    store.select('left-text');
    expect(store.pasteBlocks([text, hero])).toEqual({
      ids: [],
      reason: heroRefused,
    });
    expect(store.getState().canUndo).toBe(false);
    copyBlocks([text, hero], { site: 'test-site' });
    const announce = vi.fn();
    expect(pasteClipboard(store, announce)).toEqual([]);
    expect(announce).toHaveBeenCalledWith(`Cannot paste here: ${heroRefused}.`);
    // Rich text alone is fine there.
    expect(store.pasteBlocks([text]).ids).toEqual(['why-text-2']);
    expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual([
      'left-text',
      'why-text-2',
    ]);
  });
});
