/**
 * Duplicating blocks (the top-most of `ids`) as one undo step: the copies of the blocks
 * of one list go, in order, right after the last of them in that list (so [A, B, C] with
 * A and B selected becomes [A, B, A′, B′, C]). Copies get fresh readable ids and become
 * the selection, the copy of the primary block primary.
 */
import { metaOf, type EditorBlock } from '../../blocks.ts';
import { listKey, topMost, viewOfArea, type ListRef } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';
import { freshCopies, putAfter } from './lists.ts';

export interface DuplicateChange extends Change {
  /** The copies' ids in document order. */
  ids: string[];
}

export function duplicateBlocks(
  state: EditorState,
  ids: readonly string[],
): DuplicateChange | undefined {
  const { resolved, selected } = state;
  const top = topMost(resolved, ids);
  if (!top.length) return undefined;
  const copies = freshCopies(
    resolved,
    top.map((loc) => loc.block),
  );
  const groups = new Map<string, { ref: ListRef; last: string; copies: EditorBlock[] }>();
  top.forEach((loc, i) => {
    const group = groups.get(listKey(loc.ref)) ?? { ref: loc.ref, last: loc.block.id, copies: [] };
    group.last = loc.block.id;
    group.copies.push(copies[i]);
    groups.set(listKey(loc.ref), group);
  });
  const copyIds = copies.map((c) => c.id);
  const copyOf = (id: string | undefined) => copyIds[top.findIndex((loc) => loc.block.id === id)];
  const one = top.length === 1 ? top[0].block : undefined;
  return {
    label: one
      ? `Duplicate ${metaOf(one.type).label} ${one.id} as ${copyIds[0]}`
      : `Duplicate ${top.length} blocks`,
    recipe: (draft, res) => {
      for (const group of groups.values())
        putAfter(draft, res, group.ref, group.last, group.copies);
    },
    options: {
      selection: copyIds,
      select: copyOf(selected) ?? copyIds[0],
      view: viewOfArea(top[0].ref.area),
    },
    ids: copyIds,
  };
}
