/**
 * Focus (roving tabindex): only one row, the entry row (see OutlineEntry), is in the Tab
 * order, so Tab enters the outline there and leaves it after that row's buttons, however
 * long the page.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type RefObject,
} from 'react';
import { useStore } from '../../lib/hooks.ts';
import type { Row } from '../../lib/tree.ts';
import { entryRow, OutlineEntry } from './OutlineEntry.ts';

/**
 * The entry row of an outline showing `rows` (`rowsRef` holds the latest ones) in the list
 * `listRef`, and the list's focus handler that moves it.
 */
export function useOutlineEntry(
  rows: Row[],
  rowsRef: RefObject<Row[]>,
  listRef: RefObject<HTMLUListElement | null>,
) {
  const store = useStore();
  // `focusedRow` is the row focus last went to, until the primary block changes while focus
  // is outside the outline (a click in the preview, a block added from the palette): then
  // the entry follows the selection again.
  const focusedRow = useRef<string | undefined>(undefined);
  const [entry] = useState(
    () => new OutlineEntry(entryRow(rows, undefined, store.getState().selected)),
  );
  const placeEntry = useCallback(
    () => entry.set(entryRow(rowsRef.current, focusedRow.current, store.getState().selected)),
    [entry, store, rowsRef],
  );
  useLayoutEffect(placeEntry, [rows, placeEntry]);
  useEffect(() => {
    let primary = store.getState().selected;
    return store.subscribe(() => {
      const { selected } = store.getState();
      if (selected === primary) return;
      primary = selected;
      // Focus still on a row (Ctrl+click, arrows) keeps that row the entry: Tab goes on from there.
      const active = document.activeElement;
      focusedRow.current =
        active && listRef.current?.contains(active)
          ? active.closest<HTMLElement>('[data-row]')?.dataset.row
          : undefined;
      placeEntry();
    });
  }, [store, placeEntry, listRef]);
  const onFocus = useCallback(
    (e: ReactFocusEvent) => {
      const key = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')?.dataset.row;
      if (!key) return;
      focusedRow.current = key;
      placeEntry();
    },
    [placeEntry],
  );
  return { entry, onFocus };
}
