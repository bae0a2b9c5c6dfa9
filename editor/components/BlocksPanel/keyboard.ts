/**
 * Keyboard shortcuts of the outline (the global ones live in SiteEditor). Selection on a
 * row: ↑/↓ (Home/End) move and select, Shift+↑/↓ (Shift+Home/End) extend, Space or
 * Ctrl+Space toggles, Escape goes back to the primary block, Ctrl/Cmd+A selects the
 * primary block's list, then the whole page. Block actions act on the selection.
 */
import { useMemo, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { copySelection, selectionMessage } from '../../lib/actions.ts';
import { useAnnounce, useStore } from '../../lib/hooks.ts';
import type { EditorStore } from '../../lib/store/index.ts';
import type { Row } from '../../lib/tree.ts';
import {
  cutWithFocus,
  duplicateWithFocus,
  pasteWithFocus,
  removeWithFocus,
} from './actions-with-focus.ts';
import { buttonOf, ROW_BUTTONS, rowButton, rowElement, type FocusFrom } from './focus.ts';
import { blockIds } from './rows.ts';

/** The outline's keydown handler, stable for the outline's life (rows and drag read through refs). */
export function useOutlineKeyDown(rowsRef: RefObject<Row[]>, dragRef: RefObject<unknown>) {
  const store = useStore();
  const announce = useAnnounce();
  return useMemo(
    () =>
      outlineKeyDown(store, announce, {
        rows: () => rowsRef.current,
        dragging: () => !!dragRef.current,
      }),
    [store, announce, rowsRef, dragRef],
  );
}

/**
 * Space (toggle) works on a row's main button (the drag handle keeps Space and Enter to
 * pick the block up); ↑/↓/Home/End (Shift to extend) on any of a row's buttons go to
 * another row, ←/→ to the row's other buttons. Nothing here runs while a block is being
 * dragged (then the arrows move it and Escape cancels, dnd-kit's keys).
 */
export function outlineKeyDown(
  store: EditorStore,
  announce: (m: string) => void,
  options: { rows: () => Row[]; dragging: () => boolean },
) {
  return (e: ReactKeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (options.dragging()) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const onRow = target.classList.contains('fc-row-main')
      ? target.closest<HTMLElement>('[data-row]')?.dataset.row
      : undefined;
    // Any of a row's buttons (handle, toggle, main): the arrows move focus from there.
    const cell = target.matches(ROW_BUTTONS) ? target : undefined;
    const cellRow = cell?.closest<HTMLElement>('li[data-row]');
    // After an action, focus goes to a row: the same button as now (the name by default).
    const then: FocusFrom = { button: rowButton(target) };
    if (mod && key === 'v') {
      e.preventDefault();
      pasteWithFocus(store, announce, then);
      return;
    }
    if (mod && key === 'a' && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      store.selectAll();
      announce(selectionMessage(store));
      return;
    }
    if (onRow && e.key === ' ' && !e.altKey && !e.shiftKey) {
      // Space (or Ctrl+Space) toggles the focused row; no click follows (see outlineKeyUp).
      e.preventDefault();
      store.toggleSelected(onRow);
      announce(selectionMessage(store));
      return;
    }
    if (
      cell &&
      cellRow &&
      !mod &&
      !e.altKey &&
      !e.shiftKey &&
      (e.key === 'ArrowLeft' || e.key === 'ArrowRight')
    ) {
      // Between the row's handle, toggle and main button (no wrapping).
      const cells = [...cellRow.querySelectorAll<HTMLElement>(ROW_BUTTONS)];
      e.preventDefault();
      cells[cells.indexOf(cell) + (e.key === 'ArrowLeft' ? -1 : 1)]?.focus();
      return;
    }
    if (
      cell &&
      cellRow &&
      !mod &&
      !e.altKey &&
      ['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)
    ) {
      const from = cellRow.dataset.row!;
      const rows = blockIds(options.rows());
      const at = rows.indexOf(from);
      const to =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? rows.length - 1
            : at + (e.key === 'ArrowUp' ? -1 : 1);
      e.preventDefault();
      const next = rows[to];
      if (at < 0 || !next || next === from) return;
      if (e.shiftKey) {
        store.selectRange(next, rows);
        announce(selectionMessage(store));
      } else store.select(next);
      // Focus the same button of that row (its main one when it has no toggle). It becomes
      // the entry row (the outline's onFocus).
      buttonOf(rowElement(e.currentTarget, next), rowButton(cell))?.focus();
      return;
    }
    if (
      !cell &&
      target.matches('.fc-tree, .fc-row-head') &&
      !mod &&
      !e.altKey &&
      !e.shiftKey &&
      ['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)
    ) {
      // From a head row or the treegrid itself (where focus goes when an action leaves no
      // block row to go to): to the block row below or above, or the first or last.
      const rows = options.rows();
      const at = target.matches('.fc-row-head')
        ? rows.findIndex((r) => r.key === target.dataset.row)
        : -1;
      const below = rows.slice(at + 1).find((r) => r.kind === 'block');
      const above = rows.slice(0, at < 0 ? rows.length : at).findLast((r) => r.kind === 'block');
      const first = rows.find((r) => r.kind === 'block');
      const last = rows.findLast((r) => r.kind === 'block');
      const next =
        e.key === 'Home' ? first : e.key === 'End' ? last : e.key === 'ArrowDown' ? below : above;
      e.preventDefault();
      if (!next) return;
      store.select(next.key);
      buttonOf(rowElement(e.currentTarget, next.key))?.focus();
      return;
    }
    if (e.key === 'Escape' && store.getState().selection.length > 1) {
      e.preventDefault();
      store.collapseSelection();
      announce(selectionMessage(store));
      return;
    }
    if (!store.getState().selection.length) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removeWithFocus(store, announce, then);
    } else if (mod && key === 'd') {
      e.preventDefault();
      duplicateWithFocus(store, announce, then);
    } else if (mod && key === 'c' && !window.getSelection()?.toString()) {
      e.preventDefault();
      copySelection(store, announce);
    } else if (mod && key === 'x') {
      e.preventDefault();
      cutWithFocus(store, announce, then);
    }
  };
}

/** Space toggles a row on keydown: its keyup must not also click the button. */
export function outlineKeyUp(e: ReactKeyboardEvent) {
  if (e.key === ' ' && (e.target as HTMLElement).classList.contains('fc-row-main'))
    e.preventDefault();
}
