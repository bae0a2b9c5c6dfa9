/**
 * Focus after an action that adds rows (Duplicate, Paste), after the toolbar's and the
 * Inspector's buttons, and after undo and redo: it lands on a row (never on the page body),
 * or stays on a button that is still there and enabled.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { focusSelectionInOutline } from './BlocksPanel/index.tsx';
import { blockIdsOf, focused, frame, setup } from './outline-test-kit.tsx';

describe('focus after an action', () => {
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
    expect(announce.mock.calls).toEqual([
      ['Duplicated 2 blocks as Hero hero-2 and Section box-2.'],
    ]);
    fireEvent.keyDown(button('hero-2'), { key: 'c', ctrlKey: true });
    fireEvent.keyDown(button('hero-2'), { key: 'v', ctrlKey: true });
    expect(blockIdsOf(store)).toEqual([
      'hero',
      'box',
      'hero-2',
      'box-2',
      'hero-3',
      'box-3',
      'last',
    ]);
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
