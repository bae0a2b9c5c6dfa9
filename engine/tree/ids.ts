/**
 * Readable block ids. Ids are what the diff matches blocks by and what reviewers read
 * ("hero-2 moved"), so the editor gives every new block a short id derived from its
 * type and never renames an existing one. Isomorphic: the editor calls it in the browser.
 */
import { mapSubtree, walkBlocks, type TreeBlock } from '../tree.ts';

/** Same rule as defs.schema.json#/$defs/blockId. */
const BLOCK_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_LENGTH = 60;

/** Every block id used in the given documents (layout and pages). */
export function collectBlockIds(...docs: unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const doc of docs)
    for (const { block } of walkBlocks(doc)) if (typeof block.id === 'string') ids.add(block.id);
  return ids;
}

/** Turns a block type or a hint ("Search results!") into a valid id stem. */
export function idStem(text: string): string {
  const stem = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '') // ids start with a letter
    .replace(/-+$/, '')
    // room for a "-NNN" suffix within the schema's limit
    .slice(0, MAX_LENGTH - 4)
    .replace(/-+$/, '');
  return stem || 'block';
}

/**
 * The next free readable id for a new block of `type`: `hero`, then `hero-2`, `hero-3`…
 * `doc` is the document being edited (pass the template too, or the resolved document,
 * so a site's new block cannot clash with one it inherits); `taken` adds ids reserved
 * by the caller, e.g. ids already handed out in the same batch.
 */
export function nextBlockId(doc: unknown, type: string, taken: Iterable<string> = []): string {
  const used = collectBlockIds(doc);
  for (const id of taken) used.add(id);
  return freeId(idStem(type), used);
}

function freeId(stem: string, used: Set<string>): string {
  if (!used.has(stem)) return stem;
  // A stem that already ends in "-N" continues that count rather than making "hero-2-2".
  const m = /^(.*)-(\d+)$/.exec(stem);
  const base = m ? m[1] : stem;
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!used.has(id)) return id;
  }
}

export function isValidBlockId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= MAX_LENGTH && BLOCK_ID.test(id);
}

/**
 * A copy of a block subtree (for "duplicate" and paste) in which every id is replaced by
 * a fresh readable id, so the copy never clashes with the original. Ids keep their stem
 * (`offers-section` → `offers-section-2`) so the copy still reads like the original.
 */
export function withFreshIds<T extends TreeBlock>(
  doc: unknown,
  block: T,
  taken: Iterable<string> = [],
): T {
  const used = collectBlockIds(doc);
  for (const id of taken) used.add(id);
  return mapSubtree(block, (b) => {
    const id = freeId(isValidBlockId(b.id) ? b.id : idStem(String(b.type ?? 'block')), used);
    used.add(id);
    return b.props ? { ...b, id, props: structuredClone(b.props) } : { ...b, id };
  });
}
