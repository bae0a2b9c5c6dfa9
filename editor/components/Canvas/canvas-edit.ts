/** A text edited on the canvas, made the same change as typing it in the block's form. */
import { produce } from 'immer';
import set from 'lodash-es/set.js';
import unset from 'lodash-es/unset.js';
import { findBlock } from '../../lib/doc.ts';
import type { CanvasEdit } from '../../lib/protocol.ts';
import type { EditorStore } from '../../lib/store/index.ts';

/** The block's stored props with one value set (or left out); a list item the document does not hold is not made up. */
export function editedProps(
  props: Record<string, unknown> | undefined,
  path: CanvasEdit['path'],
  value: string | undefined,
): Record<string, unknown> | undefined {
  const base = props ?? {};
  if (path.length > 1 && !Array.isArray(base[path[0]]) && typeof base[path[0]] !== 'object')
    return undefined;
  return produce(base, (draft) => {
    if (value === undefined) unset(draft, path);
    else set(draft, path, value);
  });
}

/** Applies the edit through the store (one undo step per burst of typing, like the form); false when nothing changed. */
export function applyCanvasEdit(store: EditorStore, edit: CanvasEdit): boolean {
  const block = findBlock(store.getState().resolved, edit.blockId)?.block;
  if (!block) return false;
  const props = editedProps(block.props, edit.path, edit.value);
  return !!props && store.setProps(edit.blockId, props);
}
