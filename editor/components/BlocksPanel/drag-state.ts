import type { EditorStore } from '../../lib/store/index.ts';
import { sameList } from '../../lib/doc.ts';
import type { Projection } from '../../lib/tree.ts';

/** What is being dragged and where it would land now. */
export interface DragState {
  /** Block id (outline drag) or palette:{type}. */
  activeId: string;
  type: string;
  fromPalette: boolean;
  /** Blocks dragged together (the top-most selected ones, the active one among them). */
  group?: string[];
  overId?: string;
  projection?: Projection;
}

/**
 * What travels with a dragged row: all top-most selected blocks when the row is one of
 * them and there are several; otherwise (undefined) the row alone.
 */
export function dragGroup(store: EditorStore, id: string): string[] | undefined {
  const { selectedSet, selection } = store.getState();
  if (selection.length < 2 || !selectedSet.has(id)) return undefined;
  const top = store.topSelected().map((loc) => loc.block.id);
  return top.length > 1 && top.includes(id) ? top : undefined;
}

/** Same target list, index, depth and verdict: a move that changes none of these is not re-rendered. */
export function samePlace(a: Projection | undefined, b: Projection | undefined) {
  if (!a || !b) return a === b;
  return (
    a.valid === b.valid && a.index === b.index && a.depth === b.depth && sameList(a.ref, b.ref)
  );
}
