/**
 * One DndContext for the palette and the outline (so palette items can be dragged into the
 * outline). The outline is ONE flat sortable list of rows with depths: no nested sortables,
 * so no flicker or mis-collision between nested droppables (docs/editor-design.md, "The outline").
 */
import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  getClientRect,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { DRAG_INSTRUCTIONS } from './announcements.ts';
import { END_ZONE, INDENT, isPaletteId } from './constants.ts';
import type { DragHandlers } from './useOutlineDrag.ts';

/** Up/down go to the next row (sortable's own getter); left/right change the depth, keeping it across up/down. */
const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  const current = args.currentCoordinates;
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
    event.preventDefault();
    return { x: current.x + (event.code === 'ArrowRight' ? INDENT : -INDENT), y: current.y };
  }
  const next = sortableKeyboardCoordinates(event, args);
  if (!next) return next;
  const { collisionRect } = args.context;
  const sideways = collisionRect ? current.x - collisionRect.left : 0;
  return { x: next.x + sideways, y: next.y };
};

/**
 * The outline row at a point of the window, found by the browser's hit test: dnd-kit's own
 * detectors read every droppable's rect (and its scroll offsets) on each pointer move,
 * which on a 1,000-row outline is a long task per move.
 */
function rowAt(
  args: Parameters<CollisionDetection>[0],
  x: number,
  y: number,
): ReturnType<CollisionDetection> | undefined {
  const hit = document
    .elementsFromPoint(x, y)
    .find((el) => el.matches('.fc-tree > li[data-row], .fc-end-zone'));
  const id = hit?.classList.contains('fc-end-zone') ? END_ZONE : hit?.getAttribute('data-row');
  const container = id
    ? args.droppableContainers.find((c) => c.id === id && !c.disabled)
    : undefined;
  return container
    ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }]
    : undefined;
}

const outside = (x: number, y: number) =>
  !document.elementsFromPoint(x, y).some((el) => el.matches('.fc-tree-wrap'));

/**
 * Outline rows collide by centre (stable with one flat list): the row under the dragged
 * row's centre, which is the row whose centre is nearest; palette items only over what is
 * under the pointer. Elsewhere (the end zone, outside the list) dnd-kit's detectors decide.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (isPaletteId(args.active.id)) {
    const p = args.pointerCoordinates;
    if (!p) return pointerWithin(args);
    // Over the palette or the preview (the canvas decides there): no row.
    return rowAt(args, p.x, p.y) ?? (outside(p.x, p.y) ? [] : pointerWithin(args));
  }
  const r = args.collisionRect;
  const list = document.querySelector('.fc-tree')?.getBoundingClientRect();
  return (
    (list && rowAt(args, list.left + list.width / 2, r.top + r.height / 2)) ?? closestCenter(args)
  );
};

// Module constants: new options objects on each render would make new sensors, new activator
// listeners for every row, and so re-render every row of the outline on every keystroke.
const MEASURING = {
  droppable: { strategy: MeasuringStrategy.WhileDragging, measure: getClientRect },
};
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter };

export function OutlineDnd({
  handlers,
  announcements,
  children,
}: {
  handlers: DragHandlers;
  announcements: Announcements;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Rows are measured when a drag starts and whenever the sortable items change (a
      // dragged container's children leave the list); measuring 300 rows on every frame
      // (MeasuringStrategy.Always) costs more than it gives.
      // Plain boxes: rows never move while dragging (no transform to take out, which cost a
      // style lookup per row at pick-up).
      measuring={MEASURING}
      // Only the outline scrolls while dragging (never the palette the block came from).
      autoScroll={{ canScroll: (el) => !el.closest('.fc-palette') }}
      onDragStart={handlers.onDragStart}
      onDragMove={handlers.onDragMove}
      onDragOver={handlers.onDragOver}
      onDragEnd={handlers.onDragEnd}
      onDragCancel={handlers.onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      {children}
    </DndContext>
  );
}
