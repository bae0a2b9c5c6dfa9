/**
 * Removing blocks: the top-most of `ids`, with everything inside them, as one undo step.
 * On a template page the site has not copied, a removal is stored as the block left out
 * (`null` in the page's block changes, page-changes.ts).
 * Nothing is selected afterwards, unless `select` names a block that stays (the outline
 * passes the one that takes the first removed block's place).
 */
import { metaOf } from '../../blocks.ts';
import { topMost } from '../../doc.ts';
import { inheritedPageOf, leaveBlockOut } from '../../page-changes.ts';
import type { Change, EditorState } from '../state.ts';
import { takeOut } from './lists.ts';

/** What a removal then selects; nothing when not given. */
export interface RemoveOptions {
  select?: string;
}

export function removeBlocks(
  state: EditorState,
  ids: readonly string[],
  options: RemoveOptions = {},
): Change | undefined {
  const top = topMost(state.resolved, ids);
  if (!top.length) return undefined;
  const one = top.length === 1 ? top[0].block : undefined;
  return {
    label: one ? `Remove ${metaOf(one.type).label} ${one.id}` : `Remove ${top.length} blocks`,
    recipe: (draft, res) => {
      // A block of a template page the site has not copied is left out by a one-line change.
      const rest = top.filter((loc) => {
        const page = state.template && inheritedPageOf(draft, state.template, loc.ref.area);
        if (page) leaveBlockOut(draft, page, loc.block.id);
        return !page;
      });
      takeOut(draft, res, rest);
    },
    options: { select: options.select ?? null },
  };
}
