/**
 * Moving blocks (a drag of one row, or of a group): the top-most of `ids`, in document
 * order, go together to `index` of list `to` (index counted without the moved blocks).
 * Refused when one of them may not go there, when `to` is inside one of them, or when
 * they are there already. They stay selected.
 */
import { metaOf } from '../../blocks.ts';
import {
  canContain,
  getList,
  isInsideItself,
  listLabel,
  topMost,
  type ListRef,
} from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';
import { putIn, takeOut } from './lists.ts';

export function moveBlocks(
  state: EditorState,
  ids: readonly string[],
  to: ListRef,
  index: number,
): Change | undefined {
  const { resolved, selected } = state;
  const top = topMost(resolved, ids);
  if (!top.length) return undefined;
  if (top.some((loc) => isInsideItself(resolved, loc.block.id, to))) return undefined;
  const moving = top.map((loc) => loc.block.id);
  if (top.some((loc) => !canContain(resolved, to, loc.block.type, moving).ok)) return undefined;
  const current = (getList(resolved, to) ?? []).map((b) => b.id);
  const after = current.filter((id) => !moving.includes(id));
  after.splice(Math.max(0, Math.min(index, after.length)), 0, ...moving);
  if (after.length === current.length && after.every((id, i) => id === current[i]))
    return undefined;
  const where = listLabel(resolved, to);
  const one = top.length === 1 ? top[0].block : undefined;
  return {
    label: one
      ? `Move ${metaOf(one.type).label} ${one.id} to ${where}`
      : `Move ${top.length} blocks to ${where}`,
    recipe: (draft, res) => putIn(draft, res, to, index, takeOut(draft, res, top)),
    options: {
      selection: moving,
      select: selected && moving.includes(selected) ? selected : moving[0],
    },
  };
}
