/** A walk where the reader chooses which lists to enter (the editor's outline). */
import { isBlock, type BlockLocation, type ListRef, type TreeBlock } from './model.ts';
import { encodePointerSegment } from './pointer.ts';

/** What `walkView` meets: a list it enters (before that list's blocks), or a block. */
export type ViewStep<B extends TreeBlock = TreeBlock> =
  { list: ListRef; path: string } | { block: BlockLocation<B> };

/**
 * One list and below it as a reader chooses to see it: `enter(block)` names the lists under
 * a block to go into, in order (`undefined` for its children, a name for a slot) — e.g. the
 * editor's outline enters the slots a block's schema declares, empty ones included, and
 * nothing under a collapsed block. Each entered list is announced before its blocks.
 */
export function* walkView<B extends TreeBlock = TreeBlock>(
  list: unknown,
  ref: ListRef,
  enter: (block: B) => (string | undefined)[],
  path = '',
  ancestors: string[] = [],
): Generator<ViewStep<B>> {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const block = list[index] as B;
    if (!isBlock(block)) continue;
    const at = `${path}/${index}`;
    yield { block: { block, ref, index, path: at, ancestors } };
    const inner = [...ancestors, String(block.id)];
    for (const slot of enter(block)) {
      const sub: ListRef =
        slot === undefined
          ? { area: ref.area, parent: block.id }
          : { area: ref.area, parent: block.id, slot };
      const subPath =
        slot === undefined ? `${at}/children` : `${at}/slots/${encodePointerSegment(slot)}`;
      yield { list: sub, path: subPath };
      yield* walkView<B>(
        slot === undefined ? block.children : block.slots?.[slot],
        sub,
        enter,
        subPath,
        inner,
      );
    }
  }
}
