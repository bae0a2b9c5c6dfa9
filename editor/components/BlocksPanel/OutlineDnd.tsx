/**
 * One DndContext for the palette and the outline (so palette items can be dragged into the
 * outline). The outline is ONE flat sortable list of rows with depths: no nested sortables,
 * so no flicker or mis-collision between nested droppables (docs/editor.md, "The outline").
 */
import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
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
import { INDENT, isPaletteId } from './constants.ts';
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

/** Outline rows collide by centre (stable with one flat list); palette items only over what is under the pointer. */
const collisionDetection: CollisionDetection = (args) => {
  if (isPaletteId(args.active.id)) return pointerWithin(args);
  return closestCenter(args);
};

// Module constants: new options objects on each render would make new sensors, new activator
// listeners for every row, and so re-render every row of the outline on every keystroke.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter };

export function OutlineDnd({ handlers, announcements, children }: { handlers: DragHandlers; announcements: Announcements; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Rows are measured when a drag starts and whenever the sortable items change (a
      // dragged container's children leave the list); measuring 300 rows on every frame
      // (MeasuringStrategy.Always) costs more than it gives.
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
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
