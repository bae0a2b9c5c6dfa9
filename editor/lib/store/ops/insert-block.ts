/**
 * Adding a new block (from the palette, by click or drop): a block of `type` with a fresh
 * readable id and the props its schema requires, put at a target when that list takes it.
 */
import { nextBlockId } from '../../../../engine/tree/ids.ts';
import { metaOf, type EditorBlock } from '../../blocks.ts';
import { canContain, viewOfArea } from '../../doc.ts';
import { startingProps } from '../../starting-props.ts';
import type { Change, EditorState, InsertTarget } from '../state.ts';
import { putIn } from './lists.ts';

export function newBlock(state: EditorState, type: string, taken: string[] = []): EditorBlock {
  const props = startingProps(type);
  const block: EditorBlock = { type, id: nextBlockId(state.resolved, type, taken) };
  if (Object.keys(props).length) block.props = props;
  return block;
}

export function insertBlock(
  state: EditorState,
  block: EditorBlock,
  target: InsertTarget | undefined,
): Change | undefined {
  if (!target || !canContain(state.resolved, target.ref, block.type).ok) return undefined;
  return {
    label: `Add ${metaOf(block.type).label} ${block.id}`,
    recipe: (draft, res) => putIn(draft, res, target.ref, target.index, [block]),
    options: { select: block.id, view: viewOfArea(target.ref.area) },
  };
}
