/**
 * What the block actions do, wherever they are started (outline keys, the outline's
 * toolbar, the Inspector's multi-selection summary, the preview): each acts on the
 * selection (its top-most blocks, in document order), is one undo step, and says what it
 * did through the announcer.
 */
import { blockName } from './blocks.ts';
import { copyBlocks, readClipboard } from './clipboard.ts';
import { findBlock } from './doc.ts';
import type { EditorStore, RemoveOptions } from './store/index.ts';

type Announce = (message: string) => void;

/** "Hero hero, Reviews reviews and Rich text intro"; after `max` names, "and N more". */
export function namesOf(store: EditorStore, ids: string[], max = 4): string {
  const resolved = store.getState().resolved;
  // Only the names said are looked up (each lookup walks the document; Ctrl+A can pick hundreds).
  const names = ids.slice(0, max).map((id) => {
    const b = findBlock(resolved, id)?.block;
    return b ? blockName(b) : id;
  });
  if (ids.length > max) return `${names.join(', ')} and ${ids.length - max} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "3 blocks selected" (and which one, when it is just one). */
export function selectionMessage(store: EditorStore): string {
  const { selection, selected } = store.getState();
  if (!selection.length) return 'No block selected.';
  if (selection.length === 1)
    return `1 block selected: ${namesOf(store, [selected ?? selection[0]])}.`;
  return `${selection.length} blocks selected.`;
}

export function copySelection(store: EditorStore, announce: Announce): boolean {
  const top = store.topSelected();
  if (!top.length) return false;
  const { slug, view } = store.getState();
  copyBlocks(
    top.map((loc) => loc.block),
    { site: slug, page: view },
  );
  const ids = top.map((loc) => loc.block.id);
  announce(
    ids.length === 1
      ? `Copied ${namesOf(store, ids)}. Paste it on any page of any site with Ctrl+V.`
      : `Copied ${ids.length} blocks: ${namesOf(store, ids)}. Paste them on any page of any site with Ctrl+V.`,
  );
  return true;
}

/** Copy, then remove (the removal is the one undo step; the clipboard is not history). */
export function cutSelection(
  store: EditorStore,
  announce: Announce,
  options: RemoveOptions = {},
): boolean {
  const top = store.topSelected();
  if (!top.length) return false;
  const { slug, view } = store.getState();
  const ids = top.map((loc) => loc.block.id);
  const names = namesOf(store, ids);
  copyBlocks(
    top.map((loc) => loc.block),
    { site: slug, page: view },
  );
  if (!store.removeBlocks(ids, options)) return false;
  announce(
    ids.length === 1
      ? `Cut ${names}. Paste it with Ctrl+V; undo with Ctrl+Z.`
      : `Cut ${ids.length} blocks: ${names}. Paste them with Ctrl+V; undo with Ctrl+Z.`,
  );
  return true;
}

export function duplicateSelection(store: EditorStore, announce: Announce): string[] {
  const top = store.topSelected().map((loc) => loc.block.id);
  if (!top.length) return [];
  const names = namesOf(store, top);
  const copies = store.duplicateBlocks(top);
  if (!copies.length) return copies;
  announce(
    copies.length === 1
      ? `Duplicated ${names} as ${namesOf(store, copies)}.`
      : `Duplicated ${copies.length} blocks as ${namesOf(store, copies)}.`,
  );
  return copies;
}

export function removeSelection(
  store: EditorStore,
  announce: Announce,
  options: RemoveOptions = {},
): boolean {
  const top = store.topSelected().map((loc) => loc.block.id);
  if (!top.length) return false;
  const names = namesOf(store, top);
  if (!store.removeBlocks(top, options)) return false;
  announce(
    top.length === 1
      ? `Removed ${names}. Undo with Ctrl+Z.`
      : `Removed ${top.length} blocks: ${names}. Undo with Ctrl+Z.`,
  );
  return true;
}

/** Pastes the clipboard (see EditorStore.pasteTarget for where), or says why it cannot go there. */
export function pasteClipboard(store: EditorStore, announce: Announce): string[] {
  const c = readClipboard();
  if (!c?.blocks.length) return [];
  const { ids, reason } = store.pasteBlocks(c.blocks);
  if (ids.length) announce(`Pasted ${namesOf(store, ids)}.`);
  else
    announce(
      `Cannot paste here: ${reason ?? (c.blocks.length === 1 ? 'the copied block cannot go here' : 'the copied blocks cannot go here')}.`,
    );
  return ids;
}
