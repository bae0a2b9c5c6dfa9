/**
 * Dragging in the outline and from the palette. While a row is dragged its descendants
 * (and, for a group, the other moved blocks) are hidden and travel with it; moving the
 * pointer sideways (or pressing left/right while dragging by keyboard) changes the depth.
 * Each position is projected to a target list, and refused (shown in red, announced, not
 * dropped) unless the schema lets that block type go there. Dragging one of the top-most
 * selected blocks moves all of them together (in document order, where every one of them
 * is allowed); dragging any other block moves just it and selects just it. A palette block
 * over the preview is the canvas's (Canvas/bridge.ts): the place comes from the iframe, and
 * the outline shows it too.
 */
import { useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { DragEndEvent, DragMoveEvent, DragStartEvent } from '@dnd-kit/core';
import { blockName } from '../../lib/blocks.ts';
import { findBlock, listLabel, sameList, type Doc, type ListRef } from '../../lib/doc.ts';
import { useAnnounce, useStore } from '../../lib/hooks.ts';
import { headKey, withoutMoved, type Projection, type Row } from '../../lib/tree.ts';
import type { CanvasPlace } from '../../lib/protocol.ts';
import { useCanvas } from '../Canvas/bridge.ts';
import { isPaletteId, paletteType } from './constants.ts';
import { dragGroup, samePlace, type DragState } from './drag-state.ts';
import { projectDrop, type DropContext } from './projection.ts';
import { usePointer } from './usePointer.ts';

export interface DragHandlers {
  onDragStart: (e: DragStartEvent) => void;
  onDragMove: (e: DragMoveEvent) => void;
  onDragOver: (e: DragMoveEvent) => void;
  onDragEnd: (e: DragEndEvent) => void;
  onDragCancel: () => void;
}

/** The outline's drag state and dnd-kit handlers; `rows` are the view's rows from `resolved`, as rendered. */
export function useOutlineDrag({
  resolved,
  rows,
  root,
  listRef,
}: {
  resolved: Doc;
  rows: Row[];
  root: ListRef | undefined;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const store = useStore();
  const announce = useAnnounce();
  const [drag, setDrag] = useState<DragState | null>(null);
  // Read by the announcements and the handlers between renders.
  const dragRef = useRef<DragState | null>(null);
  const pointer = usePointer();
  const canvas = useCanvas();
  const visible = useMemo(
    () => (drag && !drag.fromPalette ? withoutMoved(rows, drag.activeId, drag.group) : rows),
    // Only the fields read: pointer moves make a new `drag` that must not recompute the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [rows, drag?.activeId, drag?.fromPalette, drag?.group],
  );

  const dropContext = (): DropContext => ({
    resolved,
    rows,
    visible,
    root,
    pointer: pointer.current,
    listLeft: () => listRef.current?.getBoundingClientRect().left ?? 0,
  });

  const update = (e: DragMoveEvent) => {
    const state = dragRef.current;
    if (!state) return;
    if (state.fromPalette && canvas?.over(pointer.current, state.type)) return;
    const projection = projectDrop(state, e.over, e, dropContext());
    const overId = e.over ? String(e.over.id) : undefined;
    if (overId === state.overId && samePlace(state.projection, projection)) return;
    const next = { ...state, overId, projection };
    dragRef.current = next;
    setDrag(next);
  };

  const handlers: DragHandlers = {
    onDragStart(e) {
      const id = String(e.active.id);
      const fromPalette = isPaletteId(id);
      const type = fromPalette ? paletteType(id) : (findBlock(resolved, id)?.block.type ?? '');
      const state: DragState = {
        activeId: id,
        type,
        fromPalette,
        group: fromPalette ? undefined : dragGroup(store, id),
      };
      dragRef.current = state;
      setDrag(state);
      if (fromPalette && canvas) {
        canvas.onPlace = (place) => {
          const current = dragRef.current;
          if (!current) return;
          const projection = canvasProjection(rows, place);
          if (samePlace(current.projection, projection)) return;
          const next = { ...current, overId: undefined, projection };
          dragRef.current = next;
          setDrag(next);
        };
        canvas.start();
      }
      // Selection (and the props form it mounts) waits for the drop: picking up stays instant.
    },
    onDragMove: update,
    onDragOver: update,
    onDragEnd(e) {
      const state = dragRef.current;
      dragRef.current = null;
      const onCanvas = !!state?.fromPalette && !!canvas?.drop(pointer.current, state.type);
      if (state && !onCanvas) canvas?.end();
      const projection =
        state && !onCanvas
          ? (projectDrop(state, e.over, e, dropContext()) ?? state.projection)
          : undefined;
      if (!state || !projection?.valid) return setDrag(null);
      // The preview shows the drop before the editor re-renders for it (docs/editor-design.md,
      // "Drops: the preview first"); the outline leaves its drag state in the same render as
      // it takes the drop.
      store.previewFirst(
        () => {
          if (state.fromPalette) {
            const block = store.newBlock(state.type);
            store.insert(block, { ref: projection.ref, index: projection.index });
            announce(
              `Added ${blockName(block)} to ${listLabel(store.getState().resolved, projection.ref)}.`,
            );
          } else
            store.moveBlocks(state.group ?? [state.activeId], projection.ref, projection.index);
        },
        () => flushSync(() => setDrag(null)),
      );
      requestAnimationFrame(() => {
        if (!state.fromPalette) {
          // Keep keyboard users where they were: focus the moved block's handle again.
          document
            .querySelector<HTMLElement>(`[data-row="${CSS.escape(state.activeId)}"] .fc-handle`)
            ?.focus();
        }
      });
    },
    onDragCancel() {
      canvas?.end();
      dragRef.current = null;
      setDrag(null);
    },
  };

  return { drag, dragRef, visible, handlers };
}

/** A place on the canvas as the outline shows it: at the depth of that list's rows. */
function canvasProjection(rows: Row[], place: CanvasPlace | undefined): Projection | undefined {
  if (!place) return undefined;
  const sibling = rows.find((r) => r.kind === 'block' && sameList(r.ref, place.ref));
  const head = rows.find((r) => r.key === (headKey(place.ref) ?? place.ref.parent));
  const depth = sibling ? sibling.depth : head ? head.depth + 1 : 0;
  return { ref: place.ref, index: place.index, depth, valid: place.ok, reason: place.reason };
}
