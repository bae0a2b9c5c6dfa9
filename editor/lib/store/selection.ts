/**
 * Selection: an ordered set of block ids (`selection`, as picked) and its primary one
 * (`selected`: the anchor of range selection, and the block the Inspector edits when it
 * is alone). A block inside another selected block is covered by it: operations on the
 * selection act on the top-most selected blocks only, in document order (doc.ts topMost).
 *
 * Pure: each gesture gives the patch of the state it makes, or undefined when it changes
 * nothing; `settleSelection` keeps any state's selection consistent.
 */
import { collectBlockIds } from '../../../engine/tree/ids.ts';
import { areaOfView, findBlock, findBlockInView, getList, viewOfArea } from '../doc.ts';
import type { ChangeOptions, EditorState } from './state.ts';

export type SelectionPatch = Partial<Pick<EditorState, 'selected' | 'selection' | 'view'>>;

export const NONE: readonly string[] = Object.freeze([]);
export const NO_SET: ReadonlySet<string> = new Set();

/** A plain click: one block alone (its view shown), or nothing. */
export function selectOne(state: EditorState, id: string | undefined): SelectionPatch | undefined {
  if (id === state.selected && state.selection.length <= 1) return undefined;
  if (!id) return { selected: undefined };
  const loc = findBlock(state.resolved, id);
  return loc ? { selected: id, view: viewOfArea(loc.ref.area) } : undefined;
}

/**
 * Ctrl/Cmd+click: adds a block to the selection (it becomes the primary) or takes it out
 * (the primary then is the last one picked). A block of another view starts afresh.
 */
export function toggle(state: EditorState, id: string): SelectionPatch | undefined {
  const { selection, selected, resolved, view } = state;
  const loc = findBlock(resolved, id);
  if (!loc) return undefined;
  if (viewOfArea(loc.ref.area) !== view || !selection.length) return selectOne(state, id);
  if (!state.selectedSet.has(id)) return { selection: [...selection, id], selected: id };
  const rest = selection.filter((x) => x !== id);
  return {
    selection: rest.length ? rest : NONE,
    selected: selected === id ? rest[rest.length - 1] : selected,
  };
}

/**
 * Shift+click: the rows from the primary (the anchor, which stays primary) to `id`, both
 * included, in the order of `rows`: the ids of the outline's visible block rows, top to
 * bottom (collapsed blocks' insides are not visible, so not included).
 */
export function range(
  state: EditorState,
  id: string,
  rows: readonly string[],
): SelectionPatch | undefined {
  const anchor = state.selected;
  const from = anchor ? rows.indexOf(anchor) : -1;
  const to = rows.indexOf(id);
  if (from < 0 || to < 0) return selectOne(state, id);
  return {
    selection: from <= to ? rows.slice(from, to + 1) : rows.slice(to, from + 1).reverse(),
    selected: anchor,
  };
}

/**
 * Ctrl/Cmd+A: every block of the list holding the primary block (its siblings); when
 * those are all selected already, or the primary is at the top of the page, every
 * top-level block of the view (the page, or header and footer), which covers the rest.
 */
export function all(state: EditorState): SelectionPatch | undefined {
  const { resolved, view, selected, selectedSet } = state;
  const areas = areaOfView(view);
  const loc = selected ? findBlock(resolved, selected, areas) : undefined;
  let ids: string[] | undefined;
  if (loc?.ref.parent) {
    ids = (getList(resolved, loc.ref) ?? []).map((b) => b.id);
    if (ids.every((id) => selectedSet.has(id))) ids = undefined;
  }
  ids ??= areas.flatMap((area) =>
    (getList(resolved, { area }) ?? []).filter((b) => b && typeof b === 'object').map((b) => b.id),
  );
  if (!ids.length) return undefined;
  return { selection: ids, selected: selected && ids.includes(selected) ? selected : ids[0] };
}

/** Escape: back to the primary block alone. */
export function collapse(state: EditorState): SelectionPatch | undefined {
  const { selected, selection } = state;
  if (selection.length <= 1) return undefined;
  return { selected, selection: selected ? [selected] : NONE };
}

/** The selection a change asks for (ChangeOptions `select` and `selection`). */
export function selectionAfter(options: ChangeOptions): SelectionPatch {
  if (options.selection) {
    const { selection, select } = options;
    return {
      selection: selection.length ? selection : NONE,
      selected: select && selection.includes(select) ? select : selection[0],
    };
  }
  return options.select !== undefined ? { selected: options.select ?? undefined } : {};
}

/**
 * Brings `next` (the state after `patch`) in line: setting the primary alone selects just
 * it; blocks that no longer exist (undone, removed) leave the selection; the primary is
 * always one of the selection; `selectedSet` follows `selection`.
 */
export function settleSelection(
  prev: EditorState,
  next: EditorState,
  patch: Partial<EditorState>,
  docChanged: boolean,
): void {
  if ('selected' in patch && !('selection' in patch))
    next.selection = next.selected ? [next.selected] : NONE;
  if (docChanged || 'selected' in patch || 'selection' in patch) {
    const selection = next.selection;
    if (selection.length) {
      // One id: one lookup; several: one walk collecting every id.
      const ids = selection.length > 1 ? collectBlockIds(next.resolved) : undefined;
      const kept = selection.filter((id) =>
        ids ? ids.has(id) : !!findBlockInView(next.resolved, id, next.view),
      );
      if (kept.length !== selection.length) next.selection = kept.length ? kept : NONE;
    }
    if (!next.selected || !next.selection.includes(next.selected))
      next.selected = next.selection[next.selection.length - 1];
  }
  if (next.selection !== prev.selection)
    next.selectedSet = next.selection.length ? new Set(next.selection) : NO_SET;
}
