/** Copying a block subtree. */
import { isBlock, type TreeBlock } from './model.ts';

/**
 * A copy of a block subtree with `fn` applied to every block top-down (a block before its
 * children, children before slots: the order a reader meets them). `fn` returns the block's
 * own fields; the lists under it are copied from the original and mapped in turn, leaving
 * out the entries `keep` refuses.
 */
export function mapSubtree<B extends TreeBlock>(
  block: B,
  fn: (block: B) => B,
  keep: (entry: unknown) => boolean = () => true,
): B {
  const list = (items: unknown) =>
    Array.isArray(items)
      ? items.filter(keep).map((b) => (isBlock(b) ? mapSubtree(b as B, fn, keep) : b))
      : items;
  const out: B = fn({ ...block });
  if (Array.isArray(block.children)) out.children = list(block.children) as B[];
  if (isBlock(block.slots))
    out.slots = Object.fromEntries(
      Object.entries(block.slots).map(([k, v]) => [k, list(v)]),
    ) as Record<string, B[]>;
  return out;
}

/** A block's lists after mapping: what `mapBlocks` hands `fn` for the block above them. */
export interface MappedLists<R> {
  children?: R[];
  slots?: Record<string, R[]>;
}

/**
 * A list's blocks mapped bottom-up: `fn` gets each block with its lists already mapped, and
 * returns the block to put in its place, or undefined to give up (the whole map is then
 * undefined: a reader that cannot map one block keeps none). Entries that are not blocks are
 * kept as they are, and entries `keep` refuses are left out. The result shares what did not change: a list whose entries all come back
 * as the same objects is the same list, and a block's `slots` whose lists all did is the same
 * object — so a reader can tell a changed path by identity (the editor's preview skips
 * re-rendering what it did not touch).
 */
export function mapBlocks<B extends TreeBlock, R extends TreeBlock = B>(
  list: readonly B[],
  fn: (block: B, lists: MappedLists<R>) => R | undefined,
  keep: (entry: unknown) => boolean = () => true,
): R[] | undefined {
  let out: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const entry: unknown = list[i];
    if (!keep(entry)) {
      out ??= list.slice(0, i) as unknown[];
      continue;
    }
    let next: unknown = entry;
    if (isBlock(entry)) {
      const lists = mapLists<B, R>(entry as B, fn, keep);
      if (!lists) return undefined;
      next = fn(entry as B, lists);
      if (next === undefined) return undefined;
    }
    if (out) out.push(next);
    else if (next !== entry) (out = list.slice(0, i) as unknown[]).push(next);
  }
  return (out ?? list) as R[];
}

function mapLists<B extends TreeBlock, R extends TreeBlock>(
  block: B,
  fn: (block: B, lists: MappedLists<R>) => R | undefined,
  keep: (entry: unknown) => boolean,
): MappedLists<R> | undefined {
  const lists: MappedLists<R> = {};
  if (Array.isArray(block.children)) {
    const children = mapBlocks<B, R>(block.children as B[], fn, keep);
    if (!children) return undefined;
    lists.children = children;
  }
  if (isBlock(block.slots)) {
    let slots: Record<string, R[]> | undefined;
    for (const [name, items] of Object.entries(block.slots)) {
      const mapped = Array.isArray(items)
        ? mapBlocks<B, R>(items as B[], fn, keep)
        : (items as R[]);
      if (!mapped) return undefined;
      if (mapped !== items) slots ??= { ...(block.slots as Record<string, R[]>) };
      if (slots) slots[name] = mapped;
    }
    lists.slots = slots ?? (block.slots as Record<string, R[]>);
  }
  return lists;
}

/**
 * The blocks of two trees paired by position, when the trees have the same shape (the same
 * ids and types in the same lists); 'shape' when they do not. Identical lists are skipped
 * without a look inside, so comparing a document with its next version after one edit costs
 * the path to the edit.
 */
export function pairBlocks<B extends TreeBlock>(
  before: readonly B[] | undefined,
  after: readonly B[] | undefined,
  out: Array<[B, B]> = [],
): Array<[B, B]> | 'shape' {
  if (before === after) return out;
  const a = before ?? [];
  const b = after ?? [];
  if (a.length !== b.length) return 'shape';
  for (let i = 0; i < b.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (!isBlock(x) || !isBlock(y) || x.id !== y.id || x.type !== y.type) return 'shape';
    out.push([x, y]);
    if (pairBlocks(listOf<B>(x.children), listOf<B>(y.children), out) === 'shape') return 'shape';
    const slotsX = isBlock(x.slots) ? x.slots : {};
    const slotsY = isBlock(y.slots) ? y.slots : {};
    for (const name of new Set([...Object.keys(slotsX), ...Object.keys(slotsY)]))
      if (pairBlocks(listOf<B>(slotsX[name]), listOf<B>(slotsY[name]), out) === 'shape')
        return 'shape';
  }
  return out;
}

const listOf = <B>(list: unknown): B[] | undefined => (Array.isArray(list) ? list : undefined);
