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
