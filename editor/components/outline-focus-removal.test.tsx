/**
 * Focus after a removal in the outline (Delete, Backspace, Cut): it lands on the row that
 * takes the removed blocks' place (never on the page body), and that block is selected.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { blockSummary } from '../lib/blocks.ts';
import { readClipboard } from '../lib/clipboard.ts';
import { findBlock, type Doc } from '../lib/doc.ts';
import { EditorStore } from '../lib/store/index.ts';
import { focusAfterRemoval } from '../lib/tree.ts';
import {
  blockIdsOf,
  doc,
  focused,
  frame,
  rendered,
  setup,
  slotsPage,
} from './outline-test-kit.tsx';

// An outline row calls blockSummary once per render: counting its calls counts row renders (see `rendered`).
vi.mock('../lib/blocks.ts', async (actual) => {
  const mod = await actual<typeof import('../lib/blocks.ts')>();
  return { ...mod, blockSummary: vi.fn(mod.blockSummary) };
});
beforeEach(() => {
  vi.mocked(blockSummary).mockClear();
});

describe('focus after an action', () => {
  it('Delete: focus and selection go to the block that takes its place; the entry row follows; announced once, and the focus step re-renders no row', async () => {
    const { store, announce, button, tabbable } = setup();
    act(() => button('hero').focus());
    expect(store.getState().selected).toBe('hero');
    announce.mockClear();
    fireEvent.keyDown(button('hero'), { key: 'Delete' });
    expect(blockIdsOf(store)).toEqual(['box', 'last']);
    // Selected with the removal itself (one change, one undo step).
    expect(store.getState().selection).toEqual(['box']);
    expect(store.history().undo).toEqual(['Remove Hero hero']);
    vi.mocked(blockSummary).mockClear();
    await frame();
    expect(focused()).toBe('box fc-row-main');
    expect(rendered()).toEqual([]);
    expect(tabbable()).toEqual({ box: ['fc-handle', 'fc-toggle', 'fc-row-main'] });
    expect(announce.mock.calls).toEqual([['Removed Hero hero. Undo with Ctrl+Z.']]);
    // ↓ goes on from there.
    fireEvent.keyDown(button('box'), { key: 'ArrowDown' });
    expect(focused()).toBe('text fc-row-main');
    expect(store.getState().selection).toEqual(['text']);
  });

  it('on the same button; the last block of a list: the one before it; the only block of a container: the container', async () => {
    const { store, button } = setup();
    act(() => store.select('last'));
    act(() => button('last', 'handle').focus());
    fireEvent.keyDown(button('last', 'handle'), { key: 'Delete' });
    await frame();
    expect(focused()).toBe('box fc-handle');
    expect(store.getState().selection).toEqual(['box']);
    fireEvent.keyDown(button('box', 'handle'), { key: 'ArrowDown' });
    expect(store.getState().selection).toEqual(['text']);
    fireEvent.keyDown(button('text', 'handle'), { key: 'Backspace' });
    await frame();
    expect(focused()).toBe('box fc-handle');
    expect(store.getState().selection).toEqual(['box']);
    expect(findBlock(store.getState().resolved, 'box')!.block.children).toBeUndefined();
  });

  it('the only block of a slot: the slot’s head row (nothing selected), and the arrows go on from there', async () => {
    const { store, button } = setup({ page: slotsPage() });
    act(() => button('a').focus());
    expect(store.getState().selection).toEqual(['a']);
    fireEvent.keyDown(button('a'), { key: 'Delete' });
    await frame();
    expect(focused()).toBe('head slot:cols:main');
    expect(store.getState().selection).toEqual([]);
    const head = document.querySelector<HTMLElement>('[data-row="slot:cols:main"]')!;
    fireEvent.keyDown(head, { key: 'ArrowDown' });
    expect(focused()).toBe('b fc-row-main');
    expect(store.getState().selection).toEqual(['b']);
    act(() => head.focus());
    fireEvent.keyDown(head, { key: 'ArrowUp' });
    expect(focused()).toBe('cols fc-row-main');
  });

  it('a removed block inside a collapsed one: the nearest row shown, selected', async () => {
    const { store, button } = setup();
    fireEvent.click(button('box', 'toggle'));
    act(() => button('last', 'handle').focus());
    act(() => store.select('text'));
    fireEvent.keyDown(button('last', 'handle'), { key: 'Delete' });
    expect(findBlock(store.getState().resolved, 'text')).toBeUndefined();
    await frame();
    expect(focused()).toBe('box fc-handle');
    expect(store.getState().selection).toEqual(['box']);
  });

  it('every block of the page: the treegrid itself; Ctrl+V there pastes and focuses the first pasted row; ↓ from the treegrid', async () => {
    const { store, button } = setup();
    act(() => button('hero').focus());
    fireEvent.keyDown(button('hero'), { key: 'a', ctrlKey: true });
    fireEvent.keyDown(button('hero'), { key: 'a', ctrlKey: true });
    expect(store.getState().selection).toEqual(['hero', 'box', 'last']);
    fireEvent.keyDown(button('hero'), { key: 'x', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual([]);
    await frame();
    expect(focused()).toBe('tree');
    const tree = document.querySelector<HTMLElement>('.fc-tree')!;
    fireEvent.keyDown(tree, { key: 'v', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'last']);
    await frame();
    expect(focused()).toBe('hero fc-row-main');
    expect(store.getState().selection).toEqual(['hero', 'box', 'last']);
    act(() => tree.focus());
    fireEvent.keyDown(tree, { key: 'End' });
    expect(focused()).toBe('last fc-row-main');
  });

  it('Cut several: like Delete, the blocks on the clipboard', async () => {
    const { store, announce, button } = setup();
    act(() => button('hero').focus());
    fireEvent.keyDown(button('hero'), { key: 'ArrowDown', shiftKey: true });
    announce.mockClear();
    fireEvent.keyDown(button('box'), { key: 'x', ctrlKey: true });
    await frame();
    expect(readClipboard()!.blocks.map((b) => b.id)).toEqual(['hero', 'box']);
    expect(focused()).toBe('last fc-row-main');
    expect(store.getState().selection).toEqual(['last']);
    expect(announce).toHaveBeenCalledTimes(1);
  });
});

describe('focusAfterRemoval', () => {
  const at = (page: Doc, ...ids: string[]) => {
    const store = new EditorStore({ slug: 'unit-site', doc: page });
    return focusAfterRemoval(store.getState().resolved, store.topSelected(ids));
  };
  it('is the next block that stays, else the one before, else the list’s head, then the blocks around it', () => {
    expect(at(doc(), 'hero')).toEqual({ rows: ['box'], select: 'box' });
    expect(at(doc(), 'hero', 'box')).toEqual({ rows: ['last'], select: 'last' });
    expect(at(doc(), 'box', 'last')).toEqual({ rows: ['hero'], select: 'hero' });
    expect(at(doc(), 'text')).toEqual({ rows: ['box'], select: 'box' });
    expect(at(slotsPage(), 'a')).toEqual({ rows: ['slot:cols:main', 'cols'] });
    expect(at(slotsPage(), 'cols', 'after')).toEqual({ rows: [] });
    const layout = { ...doc(), layout: { header: [{ type: 'header', id: 'site-header' }] } };
    expect(at(layout, 'site-header')).toEqual({ rows: ['head:layout:header'] });
  });
});
