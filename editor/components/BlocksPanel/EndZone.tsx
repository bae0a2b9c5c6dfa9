import { useDroppable } from '@dnd-kit/core';
import { LAYOUT_VIEW, type View } from '../../lib/doc.ts';
import { END_ZONE } from './constants.ts';

/** The drop target below the last row (and the empty page's hint). */
export function EndZone({ empty, view }: { empty: boolean; view: View }) {
  const { setNodeRef, isOver } = useDroppable({ id: END_ZONE });
  return (
    <div ref={setNodeRef} className={`fc-end-zone${isOver ? ' is-over' : ''}`}>
      {empty && view !== LAYOUT_VIEW
        ? 'This page has no blocks yet. Add one from the palette.'
        : ''}
    </div>
  );
}
