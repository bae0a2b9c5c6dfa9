/**
 * The list edits every block operation is made of, on an immer draft of the RAW document.
 * Each first materialises the area it touches (doc.ts materializeArea): a page or layout
 * list inherited from the template is copied into the site before it changes.
 */
import { withFreshIds } from '../../../../engine/tree/ids.ts';
import { walkList } from '../../../../engine/tree.ts';
import type { EditorBlock } from '../../blocks.ts';
import {
  ensureList,
  listKey,
  materializeArea,
  pruneList,
  type BlockLocation,
  type Doc,
  type ListRef,
} from '../../doc.ts';

/** Puts blocks into list `ref` at `index` (clamped to the list). */
export function putIn(
  draft: Doc,
  resolved: Doc,
  ref: ListRef,
  index: number,
  blocks: EditorBlock[],
): void {
  materializeArea(draft, resolved, ref.area);
  const list = ensureList(draft, ref);
  list.splice(Math.max(0, Math.min(index, list.length)), 0, ...blocks);
}

/** Puts blocks into list `ref` right after block `after`. */
export function putAfter(
  draft: Doc,
  resolved: Doc,
  ref: ListRef,
  after: string,
  blocks: EditorBlock[],
): void {
  materializeArea(draft, resolved, ref.area);
  const list = ensureList(draft, ref);
  list.splice(list.findIndex((b) => b.id === after) + 1, 0, ...blocks);
}

/**
 * Takes blocks (found in the resolved document) out of their lists, in the order given,
 * and drops the lists emptied by it (doc.ts pruneList). Returns the taken blocks.
 */
export function takeOut(
  draft: Doc,
  resolved: Doc,
  locations: readonly BlockLocation[],
): EditorBlock[] {
  const taken: EditorBlock[] = [];
  for (const loc of locations) {
    materializeArea(draft, resolved, loc.ref.area);
    const list = ensureList(draft, loc.ref);
    taken.push(
      ...list.splice(
        list.findIndex((b) => b.id === loc.block.id),
        1,
      ),
    );
  }
  const pruned = new Set<string>();
  for (const loc of locations) {
    if (pruned.has(listKey(loc.ref))) continue;
    pruned.add(listKey(loc.ref));
    pruneList(draft, loc.ref);
  }
  return taken;
}

/**
 * Copies of blocks with fresh readable ids (engine/tree/ids.ts), for it and everything
 * inside it; no two copies share an id either.
 */
export function freshCopies(resolved: Doc, blocks: readonly EditorBlock[]): EditorBlock[] {
  const taken: string[] = [];
  return blocks.map((b) => {
    const copy = withFreshIds(resolved, structuredClone(b), taken) as EditorBlock;
    for (const { block } of walkList<EditorBlock>([copy])) taken.push(block.id);
    return copy;
  });
}
