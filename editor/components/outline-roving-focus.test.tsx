/**
 * Roving focus in the outline (WAI-ARIA treegrid): only the entry row's buttons are in the
 * Tab order; the entry row is the row focus last went to, else the primary selected block
 * when its row is visible, else the first block row.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { blockSummary } from '../lib/blocks.ts';
import type { Row } from '../lib/tree.ts';
import { entryRow } from './BlocksPanel/index.tsx';
import { rendered, setup } from './outline-test-kit.tsx';

// An outline row calls blockSummary once per render: counting its calls counts row renders (see `rendered`).
vi.mock('../lib/blocks.ts', async (actual) => {
  const mod = await actual<typeof import('../lib/blocks.ts')>();
  return { ...mod, blockSummary: vi.fn(mod.blockSummary) };
});
beforeEach(() => {
  vi.mocked(blockSummary).mockClear();
});

describe('roving focus in the outline', () => {
  it('with nothing selected, only the first row is tabbable (all of its buttons, none of the others)', () => {
    const { tabbable } = setup();
    expect(document.querySelectorAll('.fc-tree button').length).toBe(9);
    expect(tabbable()).toEqual({ hero: ['fc-handle', 'fc-row-main'] });
    // dnd-kit's own tabIndex on the handles is overridden.
    expect(document.querySelector('[data-row="box"] .fc-handle')!.getAttribute('tabindex')).toBe(
      '-1',
    );
  });

  it('the entry row follows the selection, also when made outside the outline', () => {
    const { store, tabbable } = setup();
    act(() => store.select('box'));
    expect(tabbable()).toEqual({ box: ['fc-handle', 'fc-toggle', 'fc-row-main'] });
    act(() => store.select('text'));
    expect(tabbable()).toEqual({ text: ['fc-handle', 'fc-row-main'] });
    act(() => store.select(undefined));
    expect(tabbable()).toEqual({ hero: ['fc-handle', 'fc-row-main'] });
  });

  it('a row that gets focus becomes the entry row, even when the selection stays (Escape)', () => {
    const { store, button, tabbable } = setup();
    act(() => button('hero').focus());
    expect(store.getState().selected).toBe('hero');
    fireEvent.keyDown(button('hero'), { key: 'ArrowDown', shiftKey: true });
    expect(document.activeElement).toBe(button('box'));
    expect(store.getState().selection).toEqual(['hero', 'box']);
    expect(tabbable()).toEqual({ box: ['fc-handle', 'fc-toggle', 'fc-row-main'] });
    fireEvent.keyDown(button('box'), { key: 'Escape' });
    expect(store.getState().selection).toEqual(['hero']);
    expect(tabbable()).toEqual({ box: ['fc-handle', 'fc-toggle', 'fc-row-main'] });
    // Focusing a drag handle makes its row the entry too (no selection change).
    act(() => button('last', 'handle').focus());
    expect(store.getState().selection).toEqual(['hero']);
    expect(tabbable()).toEqual({ last: ['fc-handle', 'fc-row-main'] });
    // Leaving the outline keeps the row focus was on: Tab comes back there.
    act(() => document.getElementById('outside')!.focus());
    expect(tabbable()).toEqual({ last: ['fc-handle', 'fc-row-main'] });
    // A selection made elsewhere (the preview, the Inspector) takes over.
    act(() => store.select('text'));
    expect(tabbable()).toEqual({ text: ['fc-handle', 'fc-row-main'] });
  });

  it('Ctrl+click that takes the focused row out of the selection keeps it the entry', () => {
    const { store, button, tabbable } = setup();
    fireEvent.click(button('hero'));
    // As in a browser: the press focuses the button, then the click decides.
    fireEvent.mouseDown(button('box'));
    act(() => button('box').focus());
    fireEvent.click(button('box'), { ctrlKey: true });
    expect(store.getState().selection).toEqual(['hero', 'box']);
    fireEvent.click(button('box'), { ctrlKey: true });
    expect(store.getState().selected).toBe('hero');
    expect(tabbable()).toEqual({ box: ['fc-handle', 'fc-toggle', 'fc-row-main'] });
  });

  it('a hidden entry row (collapsed into its container) gives way to the primary, else the first row', () => {
    const { store, button, tabbable } = setup();
    act(() => store.select('text'));
    expect(tabbable()).toEqual({ text: ['fc-handle', 'fc-row-main'] });
    fireEvent.click(button('box', 'toggle'));
    expect(document.querySelector('[data-row="text"]')).toBeNull();
    expect(tabbable()).toEqual({ hero: ['fc-handle', 'fc-row-main'] });
    fireEvent.click(button('box', 'toggle'));
    expect(tabbable()).toEqual({ text: ['fc-handle', 'fc-row-main'] });
  });

  it('arrows: ←/→ between a row’s buttons, ↑/↓/Home/End to the same button of another row', () => {
    const { store, button, tabbable } = setup();
    act(() => button('box', 'handle').focus());
    fireEvent.keyDown(button('box', 'handle'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('box', 'toggle'));
    fireEvent.keyDown(button('box', 'toggle'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('box'));
    fireEvent.keyDown(button('box'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('box'));
    fireEvent.keyDown(button('box'), { key: 'ArrowLeft' });
    fireEvent.keyDown(button('box', 'toggle'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(button('box', 'handle'));
    // ↓ from the handle: the next row's handle, selecting that row.
    fireEvent.keyDown(button('box', 'handle'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('text', 'handle'));
    expect(store.getState().selection).toEqual(['text']);
    expect(tabbable()).toEqual({ text: ['fc-handle', 'fc-row-main'] });
    // From a toggle to a row without one: its main button.
    act(() => button('box', 'toggle').focus());
    fireEvent.keyDown(button('box', 'toggle'), { key: 'End' });
    expect(document.activeElement).toBe(button('last'));
    fireEvent.keyDown(button('last'), { key: 'Home' });
    expect(document.activeElement).toBe(button('hero'));
    expect(tabbable()).toEqual({ hero: ['fc-handle', 'fc-row-main'] });
  });
});

describe('moving the entry row', () => {
  it('re-renders the old and the new entry rows only', () => {
    const { store, button } = setup();
    vi.mocked(blockSummary).mockClear();
    // Focus alone (a handle: no selection change).
    act(() => button('last', 'handle').focus());
    expect(rendered()).toEqual(['hero', 'last']);
    vi.mocked(blockSummary).mockClear();
    act(() => button('text', 'handle').focus());
    expect(rendered()).toEqual(['last', 'text']);
    // Selection from outside: the newly selected row (selected, primary and entry at once) and the old entry.
    act(() => document.getElementById('outside')!.focus());
    vi.mocked(blockSummary).mockClear();
    act(() => store.select('box'));
    expect(rendered()).toEqual(['box', 'text']);
  });
});

describe('entryRow', () => {
  const rows = [
    { kind: 'head', key: 'head:layout-header', depth: 0, label: 'Header' },
    { kind: 'block', key: 'a', depth: 0 },
    { kind: 'block', key: 'b', depth: 0 },
  ] as Row[];
  it('is the focused row, else the primary block, else the first block row, if visible', () => {
    expect(entryRow(rows, 'b', 'a')).toBe('b');
    expect(entryRow(rows, 'gone', 'b')).toBe('b');
    expect(entryRow(rows, undefined, 'hidden')).toBe('a');
    expect(entryRow(rows, undefined, undefined)).toBe('a');
    expect(entryRow([], undefined, 'a')).toBeUndefined();
  });
});
