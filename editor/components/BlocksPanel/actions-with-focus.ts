/**
 * The block actions as the outline's keys, its toolbar and the Inspector start them: the
 * shared action (with its announcement) from editor/lib/actions.ts, then focus on the row
 * the action leaves in its place (see focusInOutline).
 */
import {
  cutSelection,
  duplicateSelection,
  pasteClipboard,
  removeSelection,
} from '../../lib/actions.ts';
import type { EditorStore } from '../../lib/store/index.ts';
import { focusAfterRemoval } from '../../lib/tree.ts';
import { focusInOutline, type FocusFrom } from './focus.ts';

type Announcer = (message: string) => void;

/** Remove: the selection and focus go to the block that then sits where the first removed one was (see focusAfterRemoval). */
export function removeWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const after = focusAfterRemoval(store.getState().resolved, store.topSelected());
  if (removeSelection(store, announce, { select: after.select }))
    focusInOutline(store, { ...then, rows: after.rows, select: true });
}

/** Cut: like remove. */
export function cutWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const after = focusAfterRemoval(store.getState().resolved, store.topSelected());
  if (cutSelection(store, announce, { select: after.select }))
    focusInOutline(store, { ...then, rows: after.rows, select: true });
}

/** Duplicate: focus on the first copy (the copies are the selection). */
export function duplicateWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const copies = duplicateSelection(store, announce);
  if (copies.length) focusInOutline(store, { ...then, rows: copies.slice(0, 1) });
}

/** Paste: focus on the first pasted block (the pasted blocks are the selection); a refused paste moves nothing. */
export function pasteWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const ids = pasteClipboard(store, announce);
  if (ids.length) focusInOutline(store, { ...then, rows: ids.slice(0, 1) });
}
