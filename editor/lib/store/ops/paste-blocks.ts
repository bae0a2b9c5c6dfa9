/**
 * Pasting blocks (from the clipboard) in order, with fresh ids, as one undo step, at a
 * target or where targets.ts pasteTarget says; refused as a whole, with the reason, if
 * the target list does not take one of them. The pasted blocks become the selection.
 */
import { metaOf, type EditorBlock } from '../../blocks.ts';
import { viewOfArea } from '../../doc.ts';
import type { Change, EditorState, InsertTarget } from '../state.ts';
import { pasteTarget, refusal } from '../targets.ts';
import { freshCopies, putIn } from './lists.ts';

export interface PasteChange extends Change {
  /** The pasted blocks' ids, in order. */
  ids: string[];
}

export function pasteBlocks(
  state: EditorState,
  blocks: readonly EditorBlock[],
  target?: InsertTarget,
): { change?: PasteChange; reason?: string } {
  if (!blocks.length) return {};
  const types = blocks.map((b) => b.type);
  const found = target ? { target } : pasteTarget(state, types);
  const where = found.target;
  if (!where) return { reason: found.reason };
  const refused = refusal(state, where.ref, types);
  if (refused) return { reason: refused.reason };
  const copies = freshCopies(state.resolved, blocks);
  const ids = copies.map((c) => c.id);
  const first = copies[0];
  return {
    change: {
      label:
        copies.length === 1
          ? `Paste ${metaOf(first.type).label} ${first.id}`
          : `Paste ${copies.length} blocks`,
      recipe: (draft, res) => putIn(draft, res, where.ref, where.index, copies),
      options: { selection: ids, select: first.id, view: viewOfArea(where.ref.area) },
      ids,
    },
  };
}
