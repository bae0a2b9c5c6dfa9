/**
 * Roving focus in the outline (WAI-ARIA treegrid): only the entry row's buttons are in the
 * Tab order; the entry row is the row focus last went to, else the primary selected block
 * when its row is visible, else the first block row. After an action that removes or adds
 * rows, focus lands on a row (never on the page body).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { EditorStore } from '../lib/store.ts';
import { AnnounceContext, IssueCounts, IssueCountsContext, StoreContext } from '../lib/hooks.ts';
import { findBlock, type Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { focusAfterRemoval, type Row } from '../lib/tree.ts';
import { blockSummary } from '../lib/blocks.ts';
import { readClipboard } from '../lib/clipboard.ts';
import { BlocksPanel, entryRow, focusSelectionInOutline } from './BlocksPanel/index.tsx';
import { BlockInspector } from './Inspector/index.ts';

// An outline row calls blockSummary once per render: counting its calls counts row renders.
vi.mock('../lib/blocks.ts', async (actual) => {
  const mod = await actual<typeof import('../lib/blocks.ts')>();
  return { ...mod, blockSummary: vi.fn(mod.blockSummary) };
});
const rendered = () => vi.mocked(blockSummary).mock.calls.map(([block]) => block.id as string).sort();
beforeEach(() => {
  vi.mocked(blockSummary).mockClear();
});

function doc(): Doc {
  return unitSite([
    { type: 'hero', id: 'hero', props: { heading: 'Hello' } },
    { type: 'section', id: 'box', children: [{ type: 'rich-text', id: 'text', props: { html: '<p>x</p>' } }] },
    { type: 'rich-text', id: 'last', props: { html: '<p>y</p>' } },
  ]);
}

function setup({ page, inspector = false }: { page?: Doc; inspector?: boolean } = {}) {
  localStorage.clear();
  const store = new EditorStore({ slug: 'unit-site', doc: page ?? doc() });
  const announce = vi.fn();
  render(
    <StoreContext.Provider value={store}>
      <AnnounceContext.Provider value={announce}>
        <IssueCountsContext.Provider value={new IssueCounts()}>
          <button type="button" id="outside">
            outside
          </button>
          <BlocksPanel />
          {inspector && <BlockInspector />}
        </IssueCountsContext.Provider>
      </AnnounceContext.Provider>
    </StoreContext.Provider>,
  );
  const button = (id: string, kind: 'handle' | 'toggle' | 'row-main' = 'row-main') => document.querySelector<HTMLButtonElement>(`[data-row="${id}"] .fc-${kind}`)!;
  /** The rows with a button in the Tab order, and which of their buttons are. */
  const tabbable = () => {
    const out: Record<string, string[]> = {};
    for (const b of document.querySelectorAll<HTMLButtonElement>('.fc-tree button')) {
      if (b.tabIndex < 0) continue;
      const row = b.closest('[data-row]')!.getAttribute('data-row')!;
      (out[row] ??= []).push(b.className);
    }
    return out;
  };
  return { store, announce, button, tabbable };
}

describe('roving focus in the outline', () => {
  it('with nothing selected, only the first row is tabbable (all of its buttons, none of the others)', () => {
    const { tabbable } = setup();
    expect(document.querySelectorAll('.fc-tree button').length).toBe(9);
    expect(tabbable()).toEqual({ hero: ['fc-handle', 'fc-row-main'] });
    // dnd-kit's own tabIndex on the handles is overridden.
    expect(document.querySelector('[data-row="box"] .fc-handle')!.getAttribute('tabindex')).toBe('-1');
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

/** Lets the focus step (next animation frame, after the rows are rendered) run. */
const frame = () =>
  act(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });

/** Where focus is: "row button-class", "tree" (the treegrid), "head row-key", or the element's id. */
function focused(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'body';
  if (el.matches('.fc-tree')) return 'tree';
  if (el.matches('.fc-row-head')) return `head ${el.dataset.row}`;
  const row = el.closest<HTMLElement>('.fc-tree [data-row]');
  return row ? `${row.dataset.row} ${el.className}` : el.id || el.textContent || el.tagName;
}

function slotsPage(): Doc {
  return unitSite([
    { type: 'columns', id: 'cols', slots: { main: [{ type: 'rich-text', id: 'a', props: { html: '<p>a</p>' } }], aside: [{ type: 'rich-text', id: 'b', props: { html: '<p>b</p>' } }] } },
    { type: 'rich-text', id: 'after', props: { html: '<p>c</p>' } },
  ]);
}

const blockIdsOf = (store: EditorStore) => (store.getState().doc.pages[0].blocks as Doc[]).map((b) => b.id);

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

  it('Duplicate and Paste: focus on the first new block; the new blocks stay selected, nothing announced twice', async () => {
    const { store, announce, button } = setup();
    act(() => button('hero').focus());
    fireEvent.keyDown(button('hero'), { key: 'ArrowDown', shiftKey: true });
    announce.mockClear();
    fireEvent.keyDown(button('box'), { key: 'd', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'hero-2', 'box-2', 'last']);
    await frame();
    expect(focused()).toBe('hero-2 fc-row-main');
    expect(store.getState().selection).toEqual(['hero-2', 'box-2']);
    expect(announce.mock.calls).toEqual([['Duplicated 2 blocks as Hero hero-2 and Section box-2.']]);
    fireEvent.keyDown(button('hero-2'), { key: 'c', ctrlKey: true });
    fireEvent.keyDown(button('hero-2'), { key: 'v', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'hero-2', 'box-2', 'hero-3', 'box-3', 'last']);
    await frame();
    expect(focused()).toBe('hero-3 fc-row-main');
    expect(store.getState().selection).toEqual(['hero-3', 'box-3']);
    expect(announce).toHaveBeenCalledTimes(3);
  });

  it('the outline’s toolbar keeps focus on the pressed button while it is enabled (the entry row follows the selection); once disabled, focus goes to the outline', async () => {
    const { store, tabbable } = setup();
    fireEvent.click(document.querySelector('[data-row="box"] .fc-row-main')!);
    const remove = screen.getByRole('button', { name: 'Remove' });
    act(() => remove.focus());
    fireEvent.click(remove);
    await frame();
    expect(store.getState().selection).toEqual(['last']);
    expect(document.activeElement).toBe(remove);
    expect(tabbable()).toEqual({ last: ['fc-handle', 'fc-row-main'] });
    fireEvent.click(remove);
    await frame();
    expect(document.activeElement).toBe(remove);
    expect(store.getState().selection).toEqual(['hero']);
    // The last block: nothing left to select, the button is disabled.
    fireEvent.click(remove);
    expect(blockIdsOf(store)).toEqual([]);
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    await frame();
    expect(focused()).toBe('tree');
  });

  it('the Inspector’s actions: for several blocks, Duplicate keeps focus there, Remove (the summary goes) puts it on the row that takes their place; for one, Remove keeps it', async () => {
    const { store, button } = setup({ inspector: true });
    fireEvent.click(button('hero'));
    fireEvent.click(button('last'), { ctrlKey: true });
    const actions = screen.getByRole('toolbar', { name: 'Actions on the selected blocks' });
    const duplicate = within(actions).getByRole('button', { name: 'Duplicate' });
    act(() => duplicate.focus());
    fireEvent.click(duplicate);
    await frame();
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'last', 'hero-2', 'last-2']);
    expect(document.activeElement).toBe(duplicate);
    const remove = within(actions).getByRole('button', { name: 'Remove' });
    act(() => remove.focus());
    fireEvent.click(remove);
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'last']);
    expect(remove.isConnected).toBe(false);
    await frame();
    // The copies were the last blocks: the one before them.
    expect(focused()).toBe('last fc-row-main');
    expect(store.getState().selection).toEqual(['last']);
    // One block: its own Remove keeps focus while a block takes its place (the Inspector then shows that one).
    const single = () => document.querySelector<HTMLElement>('.fc-block-inspector')!;
    const removeOne = within(single()).getByRole('button', { name: 'Remove' });
    act(() => removeOne.focus());
    fireEvent.click(removeOne);
    await frame();
    expect(store.getState().selection).toEqual(['box']);
    expect(single().dataset.block).toBe('box');
    expect(document.activeElement).toBe(removeOne);
  });

  it('undo and redo (from the outline): focus on the selection they bring back, a multi-selection kept', async () => {
    const { store, button } = setup();
    act(() => button('hero').focus());
    fireEvent.keyDown(button('hero'), { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(button('box'), { key: 'Delete' });
    await frame();
    expect(focused()).toBe('last fc-row-main');
    // What SiteEditor's Ctrl+Z / Ctrl+Shift+Z handler does when focus is in the outline.
    act(() => {
      store.undo();
      focusSelectionInOutline(store, document.activeElement);
    });
    await frame();
    expect(focused()).toBe('hero fc-row-main');
    expect(store.getState()).toMatchObject({ selection: ['hero', 'box'], selected: 'hero' });
    act(() => {
      store.redo();
      focusSelectionInOutline(store, document.activeElement);
    });
    await frame();
    expect(focused()).toBe('last fc-row-main');
    expect(store.getState().selection).toEqual(['last']);
  });
});

describe('focus after undo with nothing to select', () => {
  it('goes to the entry row without selecting it (undo brought back "nothing selected")', async () => {
    const { store, button } = setup();
    act(() => button('hero').focus());
    fireEvent.keyDown(button('hero'), { key: 'c', ctrlKey: true });
    act(() => store.select(undefined));
    // Pasted at the end of the page (nothing selected), focus on it.
    fireEvent.keyDown(button('hero'), { key: 'v', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual(['hero', 'box', 'last', 'hero-2']);
    await frame();
    expect(focused()).toBe('hero-2 fc-row-main');
    act(() => {
      store.undo();
      focusSelectionInOutline(store, document.activeElement);
    });
    await frame();
    // The name button of the entry row (the first row): focusing it would select it, but not here.
    expect(focused()).toBe('hero fc-row-main');
    expect(store.getState().selection).toEqual([]);
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
