import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type RefObject,
} from 'react';
import type { ListRef, View } from '../../lib/doc.ts';
import { useEditor } from '../../lib/hooks.ts';
import type { Row } from '../../lib/tree.ts';
import type { DragState } from './drag-state.ts';
import { DragPreview } from './DragPreview.tsx';
import { EndZone } from './EndZone.tsx';
import { InsertMarker } from './InsertMarker.tsx';
import { outlineKeyUp } from './keyboard.ts';
import type { OutlineEntry } from './OutlineEntry.ts';
import { OutlineToolbar } from './OutlineToolbar.tsx';
import type { Pick } from './rows.ts';
import { NearRows } from './near-rows.ts';
import { useRowWindow } from './row-window.ts';
import { TreeRowContainer } from './TreeRow.tsx';
import { usePanelOpen } from '../PanelTitle.tsx';

/**
 * Rows stay where they are while dragging; a line shows where the block will land (at the
 * depth it will have). Shifting 300 rows on every move is what makes long outlines lag.
 */
const stayInPlace: SortingStrategy = () => null;

/**
 * The rows' keys, the same array while they are the same keys: a new array makes dnd-kit's
 * SortableContext tell every row's useSortable, which on a 1,000-row outline costs more
 * than a keystroke may (a prop edit rebuilds the rows, not their keys).
 */
function useSameIds(rows: Row[]): string[] {
  const [kept] = useState(() => ({ ids: [] as string[] }));
  return useMemo(() => {
    const ids = rows.map((r) => r.key);
    if (ids.length !== kept.ids.length || ids.some((id, i) => id !== kept.ids[i])) kept.ids = ids;
    return kept.ids;
  }, [rows, kept]);
}

const listKey = (ref: ListRef) => `${ref.area}|${ref.parent ?? ''}|${ref.slot ?? ''}`;

/** How many blocks each list has (aria-setsize of its rows: with only some rows rendered, assistive tech cannot count them). */
function useSetSizes(rows: Row[]): Map<string, number> {
  return useMemo(() => {
    const sizes = new Map<string, number>();
    for (const r of rows)
      if (r.kind === 'block') sizes.set(listKey(r.ref), (sizes.get(listKey(r.ref)) ?? 0) + 1);
    return sizes;
  }, [rows]);
}

export interface OutlineProps {
  view: View;
  /** All rows of the view, and those shown (without the dragged blocks' rows while dragging). */
  rows: Row[];
  visible: Row[];
  drag: DragState | null;
  /** Several blocks selected. */
  multi: boolean;
  entry: OutlineEntry;
  listRef: RefObject<HTMLUListElement | null>;
  onToggle: (id: string) => void;
  onPick: Pick;
  onFocus: FocusEventHandler;
  onKeyDown: KeyboardEventHandler;
}

/** The outline: ONE flat sortable treegrid of rows with depths, its toolbar, drop zone and drag feedback. */
export function Outline({
  view,
  rows,
  visible,
  drag,
  multi,
  entry,
  listRef,
  onToggle,
  onPick,
  onFocus,
  onKeyDown,
}: OutlineProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const [near] = useState(() => new NearRows());
  useLayoutEffect(() => {
    near.setRoot(wrapRef.current);
    return () => near.setRoot(null);
  }, [near]);
  const ids = useSameIds(visible);
  const entryId = useSyncExternalStore(entry.subscribe, () => entry.id);
  const primary = useEditor((s) => s.selected);
  // Long outlines render the rows in view and those focus may go to next (row-window.ts).
  const items = useRowWindow(wrapRef, listRef, visible, [entryId, primary, drag?.activeId]);
  const sizes = useSetSizes(visible);
  const [open, toggleOpen] = usePanelOpen('outline');
  return (
    <section
      className={`fc-panel fc-outline${open ? '' : ' is-collapsed'}`}
      aria-labelledby="fc-outline-title"
    >
      <OutlineToolbar open={open} onToggle={toggleOpen} />
      <div
        className="fc-tree-wrap"
        id="fc-outline-body"
        hidden={!open}
        ref={wrapRef}
        onKeyDown={onKeyDown}
        onKeyUp={outlineKeyUp}
      >
        <SortableContext items={ids} strategy={stayInPlace}>
          <ul
            className={`fc-tree${multi ? ' is-multi' : ''}`}
            ref={listRef}
            role="treegrid"
            aria-multiselectable="true"
            aria-labelledby="fc-outline-title"
            aria-rowcount={visible.length}
            // Where focus goes when an action leaves the outline without rows (see focusInOutline).
            tabIndex={-1}
            data-dragging={
              drag ? (drag.projection?.valid === false ? 'refused' : 'yes') : undefined
            }
            onFocus={onFocus}
          >
            {items.map((item) =>
              item.kind === 'gap' ? (
                // eslint-disable-next-line jsx-a11y/role-supports-aria-props -- a drop gap is hidden from the tree readers walk
                <li
                  key={item.key}
                  className="fc-tree-gap"
                  role="none"
                  aria-hidden="true"
                  style={{ height: item.height }}
                />
              ) : (
                <TreeRowContainer
                  key={item.row.key}
                  row={item.row}
                  rowIndex={item.at + 1}
                  setSize={item.row.kind === 'block' ? (sizes.get(listKey(item.row.ref)) ?? 0) : 0}
                  refused={
                    !!drag && item.row.key === drag.activeId && drag.projection?.valid === false
                  }
                  entry={entry}
                  near={near}
                  onToggle={onToggle}
                  onPick={onPick}
                />
              ),
            )}
          </ul>
        </SortableContext>
        <EndZone empty={!rows.length} view={view} />
        {drag?.projection && (
          <InsertMarker
            projection={drag.projection}
            rows={drag.fromPalette ? visible : visible.filter((r) => r.key !== drag.activeId)}
            wrap={wrapRef.current}
          />
        )}
      </div>
      <DragPreview drag={drag} rows={rows} />
    </section>
  );
}
