/**
 * What screen readers hear while a block is dragged (dnd-kit's live region): blocks are
 * named by label and id, positions by number and list, and each message is said once.
 */
import { useMemo, type RefObject } from 'react';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { blockName, metaOf } from '../../lib/blocks.ts';
import { findBlock, getList, listLabel, sameList, type Doc, type ListRef } from '../../lib/doc.ts';
import { useStore } from '../../lib/hooks.ts';
import type { Projection } from '../../lib/tree.ts';
import { isPaletteId, paletteType } from './constants.ts';
import { dragGroup, type DragState } from './drag-state.ts';

export const DRAG_INSTRUCTIONS =
  'To move this block, press space. Then use the up and down arrow keys to move it, left and right to take it out of or put it into a container, space to drop it, or escape to cancel.';

/** The announcements of one outline; `dragRef` holds the current drag (its projection). */
export function useDragAnnouncements(dragRef: RefObject<DragState | null>): Announcements {
  const store = useStore();
  return useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => {
      const s = String(id);
      if (isPaletteId(s)) return `new ${metaOf(paletteType(s)).label} block`;
      const b = findBlock(store.getState().resolved, s)?.block;
      return b ? blockName(b) : s;
    };
    let said = '';
    let pickedUp = '';
    let start: { ref: ListRef; index: number } | undefined;
    // The blocks moving together (set on pick-up, from the selection as it was then).
    let group: string[] | undefined;
    const what = (active: UniqueIdentifier) =>
      group ? `The ${group.length} selected blocks` : nameOf(active);
    const where = (active: UniqueIdentifier): string | undefined => {
      const p = dragRef.current?.projection;
      const doc = store.getState().resolved;
      // Still where it started, and nothing else said yet: keep the pick-up instructions.
      if (
        p?.valid &&
        start &&
        said === pickedUp &&
        sameList(p.ref, start.ref) &&
        p.index === start.index
      )
        return undefined;
      if (!p)
        return `${what(active)} ${group ? 'are' : 'is'} not over a place ${group ? 'they' : 'it'} can be dropped.`;
      if (!p.valid) return `${what(active)} cannot go here: ${p.reason ?? 'not allowed'}.`;
      return `${what(active)} will go to ${positionWords(doc, p, group ?? [String(active)])}.`;
    };
    const once = (text: string | undefined) => {
      if (!text || text === said) return undefined;
      said = text;
      return text;
    };
    return {
      onDragStart({ active }) {
        const loc = findBlock(store.getState().resolved, String(active.id));
        group = isPaletteId(active.id) ? undefined : dragGroup(store, String(active.id));
        start = loc ? { ref: loc.ref, index: loc.index } : undefined;
        if (group && loc) {
          // Where the group starts: the dragged block's place among the blocks that stay.
          const members = group;
          const staying = (getList(store.getState().resolved, loc.ref) ?? []).filter(
            (b) => b.id === loc.block.id || !members.includes(b.id),
          );
          start = { ref: loc.ref, index: staying.findIndex((b) => b.id === loc.block.id) };
          pickedUp = `Picked up the ${group.length} selected blocks: ${group.map((id) => nameOf(id)).join(', ')}. Arrow up and down move them, left and right change nesting, space drops them, escape cancels.`;
          said = pickedUp;
          return pickedUp;
        }
        pickedUp = loc
          ? `Picked up ${nameOf(active.id)}, at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}. Arrow up and down move it, left and right change nesting, space drops it, escape cancels.`
          : `Picked up ${nameOf(active.id)}.`;
        said = pickedUp;
        return pickedUp;
      },
      onDragMove({ active }) {
        return once(where(active.id));
      },
      onDragOver({ active }) {
        return once(where(active.id));
      },
      onDragEnd({ active }) {
        const s = String(active.id);
        if (isPaletteId(s)) return undefined; // announced when added
        const loc = findBlock(store.getState().resolved, group?.[0] ?? s);
        if (loc && group)
          return `Dropped the ${group.length} selected blocks. They are now at positions ${loc.index + 1} to ${loc.index + group.length} in ${listLabel(store.getState().resolved, loc.ref)}.`;
        return loc
          ? `Dropped ${nameOf(active.id)}. It is now at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}.`
          : undefined;
      },
      onDragCancel({ active }) {
        if (group)
          return `Moving the ${group.length} selected blocks was cancelled. They stay where they were.`;
        const loc = findBlock(store.getState().resolved, String(active.id));
        return loc
          ? `Moving ${nameOf(active.id)} was cancelled. It stays at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}.`
          : 'Cancelled.';
      },
    };
  }, [store, dragRef]);
}

/** "position 3 of 7 in Page home" (or "positions 3 to 4 …" for a group). */
function positionWords(doc: Doc, p: Projection, moving: string[]): string {
  const list = getList(doc, p.ref) ?? [];
  const size = list.filter((b) => !moving.includes(b.id)).length + moving.length;
  const at =
    moving.length > 1
      ? `positions ${p.index + 1} to ${p.index + moving.length}`
      : `position ${p.index + 1}`;
  return `${at} of ${size} in ${listLabel(doc, p.ref)}`;
}
