/**
 * Inside the preview iframe: a container's empty list (its children, or a named slot) shown
 * as a place to drop blocks, as page builders show empty drop zones (engine/render/BlockTree's
 * `emptyLists` hook; dealer sites render nothing there). canvas-levels.ts finds them by their
 * data attributes.
 */
import type { ReactNode } from 'react';
import type { Block } from '../../../engine/site/types.ts';
import { metaOf } from '../../lib/blocks.ts';

function EmptyList({ parent, slot, label }: { parent: string; slot?: string; label: string }) {
  return (
    <div
      className="fc-editor-empty"
      data-editor-empty=""
      data-parent={parent}
      data-slot={slot ?? ''}
    >
      {label} is empty: drag a block here
    </div>
  );
}

export function emptyLists(
  block: Block,
): { children?: ReactNode; slots?: Record<string, ReactNode> } | undefined {
  const meta = metaOf(block.type);
  if (!meta.container && !meta.slots.length) return undefined;
  const out: { children?: ReactNode; slots?: Record<string, ReactNode> } = {};
  if (meta.container && !block.children?.length)
    out.children = <EmptyList parent={block.id} label={meta.label} />;
  for (const slot of meta.slots) {
    if (block.slots?.[slot.name]?.length) continue;
    out.slots ??= {};
    out.slots[slot.name] = <EmptyList parent={block.id} slot={slot.name} label={slot.label} />;
  }
  return out;
}
