/**
 * Replacing a block's props (typing in the Inspector's form: one undo step per block while
 * typing). On a template page the site has not copied, only the change is stored.
 */
import isEqual from 'lodash-es/isEqual.js';
import { metaOf } from '../../blocks.ts';
import { ensureList, findBlockInView, materializeArea } from '../../doc.ts';
import { inheritedPageOf, setBlockChange } from '../../page-changes.ts';
import type { Change, EditorState } from '../state.ts';

export function setProps(
  state: EditorState,
  id: string,
  props: Record<string, unknown>,
): Change | undefined {
  const loc = findBlockInView(state.resolved, id, state.view);
  if (!loc || isEqual(loc.block.props ?? {}, props)) return undefined;
  return {
    label: `Edit ${metaOf(loc.block.type).label} ${id}`,
    recipe: (draft, res) => {
      // A template page the site has not copied keeps only the change (docs/editor-design.md,
      // "The document model").
      const inherited = state.template && inheritedPageOf(draft, state.template, loc.ref.area);
      if (inherited) return setBlockChange(draft, state.template!, inherited, id, props);
      materializeArea(draft, res, loc.ref.area);
      const block = ensureList(draft, loc.ref).find((b) => b.id === id)!;
      if (Object.keys(props).length) block.props = props;
      else delete block.props;
    },
    options: { coalesce: `props:${id}` },
  };
}
