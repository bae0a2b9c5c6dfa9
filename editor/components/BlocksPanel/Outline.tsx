import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { useLayoutEffect, useMemo, useRef, useState, type FocusEventHandler, type KeyboardEventHandler, type RefObject } from 'react';
import type { View } from '../../lib/doc.ts';
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
import { TreeRowContainer } from './TreeRow.tsx';

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
export function Outline({ view, rows, visible, drag, multi, entry, listRef, onToggle, onPick, onFocus, onKeyDown }: OutlineProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const [near] = useState(() => new NearRows());
  useLayoutEffect(() => {
    near.setRoot(wrapRef.current);
    return () => near.setRoot(null);
  }, [near]);
  const ids = useSameIds(visible);
  return (
    <section className="fc-panel fc-outline" aria-labelledby="fc-outline-title">
      <OutlineToolbar />
      <div className="fc-tree-wrap" ref={wrapRef} onKeyDown={onKeyDown} onKeyUp={outlineKeyUp}>
        <SortableContext items={ids} strategy={stayInPlace}>
          <ul
            className={`fc-tree${multi ? ' is-multi' : ''}`}
            ref={listRef}
            role="treegrid"
            aria-multiselectable="true"
            aria-labelledby="fc-outline-title"
            // Where focus goes when an action leaves the outline without rows (see focusInOutline).
            tabIndex={-1}
            data-dragging={drag ? (drag.projection?.valid === false ? 'refused' : 'yes') : undefined}
            onFocus={onFocus}
          >
            {visible.map((row) => (
              <TreeRowContainer key={row.key} row={row} refused={!!drag && row.key === drag.activeId && drag.projection?.valid === false} entry={entry} near={near} onToggle={onToggle} onPick={onPick} />
            ))}
          </ul>
        </SortableContext>
        <EndZone empty={!rows.length} view={view} />
        {drag?.projection && <InsertMarker projection={drag.projection} rows={drag.fromPalette ? visible : visible.filter((r) => r.key !== drag.activeId)} wrap={wrapRef.current} />}
      </div>
      <DragPreview drag={drag} rows={rows} />
    </section>
  );
}
