/**
 * Hiding blocks from visitors, or showing them again (docs/editor-design.md, "Hidden blocks"):
 * the top-most of `ids` get `hidden: true` on their node, or lose it, as one undo step. A
 * hidden block stays in the document (and in the preview, dimmed); the runtime leaves it out.
 * On a template page the site has not copied, the site takes its own copy first, as for a
 * move (a block's node is not a prop, which is all a page's block changes hold).
 */
import { metaOf } from '../../blocks.ts';
import { ensureList, materializeArea, topMost } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export function setHidden(
  state: EditorState,
  ids: readonly string[],
  hidden: boolean,
): Change | undefined {
  const top = topMost(state.resolved, ids).filter((loc) => !!loc.block.hidden !== hidden);
  if (!top.length) return undefined;
  const one = top.length === 1 ? top[0].block : undefined;
  const verb = hidden ? 'Hide' : 'Show';
  return {
    label: one ? `${verb} ${metaOf(one.type).label} ${one.id}` : `${verb} ${top.length} blocks`,
    recipe: (draft, res) => {
      for (const loc of top) {
        materializeArea(draft, res, loc.ref.area);
        const block = ensureList(draft, loc.ref).find((b) => b.id === loc.block.id)!;
        if (hidden) block.hidden = true;
        else delete block.hidden;
      }
    },
  };
}
