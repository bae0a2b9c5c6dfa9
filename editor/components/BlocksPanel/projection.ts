import type { DragEndEvent, DragMoveEvent, UniqueIdentifier } from '@dnd-kit/core';
import type { Doc, ListRef } from '../../lib/doc.ts';
import {
  draggedTypes,
  project,
  projectMove,
  type BlockRow,
  type Projection,
  type Row,
} from '../../lib/tree.ts';
import { END_ZONE, INDENT } from './constants.ts';
import type { DragState } from './drag-state.ts';

/** What the drop target is computed from: the outline as it is and where the pointer is. */
export interface DropContext {
  resolved: Doc;
  /** All rows of the view, and those shown while dragging (the moved blocks' rows hidden). */
  rows: Row[];
  visible: Row[];
  /** The view's own list (undefined for the layout view). */
  root: ListRef | undefined;
  /** The last pointer position seen, if any (palette drags). */
  pointer: { x: number; y: number } | undefined;
  /** The left edge of the outline's list, where depth 0 starts (measured for palette drags only). */
  listLeft: () => number;
}

type Over = { id: UniqueIdentifier; rect: { top: number; height: number; left: number } } | null;

/** Where the dragged thing would land now. */
export function projectDrop(
  state: DragState,
  over: Over,
  e: DragMoveEvent | DragEndEvent,
  at: DropContext,
): Projection | undefined {
  if (!over) return undefined;
  const { resolved, rows, visible, root } = at;
  const overId = String(over.id);
  if (!state.fromPalette) {
    if (overId === END_ZONE) {
      const others = visible.filter((r) => r.key !== state.activeId);
      const active = rows.find((r) => r.key === state.activeId) as BlockRow | undefined;
      return active
        ? project(
            resolved,
            others,
            others.length,
            active.depth + Math.round(e.delta.x / INDENT),
            draggedTypes(resolved, state.type, state.group),
            root,
            state.group?.length ? state.group : [state.activeId],
          )
        : undefined;
    }
    return projectMove(
      resolved,
      rows,
      state.activeId,
      overId,
      Math.round(e.delta.x / INDENT),
      root,
      state.group,
    );
  }
  // From the palette: before or after the row under the pointer, depth from the pointer's x.
  // (The pointer itself, not dnd-kit's delta, which is corrected for scrolling.)
  const start = e.activatorEvent as PointerEvent;
  const x = at.pointer?.x ?? (start.clientX ?? 0) + e.delta.x;
  const y = at.pointer?.y ?? (start.clientY ?? 0) + e.delta.y;
  const wanted = Math.max(0, Math.floor((x - at.listLeft() - 24) / INDENT));
  if (overId === END_ZONE)
    return project(resolved, visible, visible.length, wanted, state.type, root);
  const index = visible.findIndex((r) => r.key === overId);
  if (index < 0) return undefined;
  const after = y > over.rect.top + over.rect.height / 2;
  return project(resolved, visible, index + (after ? 1 : 0), wanted, state.type, root);
}
