/** Walking the block trees of a document (layout and pages). */

export interface BlockLike {
  id?: unknown;
  children?: BlockLike[];
  slots?: Record<string, BlockLike[]>;
}

/** Every block in a document with its JSON path, depth first, in document order. */
export function* walkBlocks(doc: any): Generator<{ block: BlockLike & Record<string, any>; path: string }> {
  function* walk(list: unknown, path: string): Generator<{ block: any; path: string }> {
    if (!Array.isArray(list)) return;
    for (let i = 0; i < list.length; i++) {
      const block = list[i];
      if (!block || typeof block !== 'object') continue;
      const p = `${path}/${i}`;
      yield { block, path: p };
      yield* walk(block.children, `${p}/children`);
      if (block.slots && typeof block.slots === 'object') {
        for (const [name, items] of Object.entries(block.slots)) yield* walk(items, `${p}/slots/${name}`);
      }
    }
  }
  if (!doc || typeof doc !== 'object') return;
  yield* walk(doc.layout?.header, '/layout/header');
  yield* walk(doc.layout?.footer, '/layout/footer');
  if (Array.isArray(doc.pages)) {
    for (let i = 0; i < doc.pages.length; i++) yield* walk(doc.pages[i]?.blocks, `/pages/${i}/blocks`);
  }
}

