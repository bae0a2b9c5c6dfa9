import { DragOverlay } from '@dnd-kit/core';
import { blockName, metaOf } from '../../lib/blocks.ts';
import type { BlockRow, Row } from '../../lib/tree.ts';
import type { DragState } from './drag-state.ts';

/** What follows the pointer while dragging: the block's name (or "N blocks"), red with the reason when refused. */
export function DragPreview({ drag, rows }: { drag: DragState | null; rows: Row[] }) {
  const activeRow =
    drag && !drag.fromPalette
      ? (rows.find((r) => r.key === drag.activeId) as BlockRow | undefined)
      : undefined;
  return (
    <DragOverlay dropAnimation={null}>
      {drag ? (
        <div
          className={`fc-drag-overlay${drag.projection?.valid === false || !drag.projection ? ' is-refused' : ''}`}
        >
          {drag.fromPalette
            ? `New ${metaOf(drag.type).label}`
            : drag.group
              ? `${drag.group.length} blocks`
              : activeRow
                ? blockName(activeRow.block)
                : drag.activeId}
          {drag.projection?.valid === false && <small> — {drag.projection.reason}</small>}
        </div>
      ) : null}
    </DragOverlay>
  );
}
