/** Loads the block modules a page needs, once each. */
import type { Block, Page, ResolvedSite } from '../site/types.ts';
import { eachBlock } from '../tree.ts';
import type { BlockDefinition, BlockRegistry, LoadedBlocks } from './block.ts';

export function blockTypesOf(blocks: Block[] | undefined, into = new Set<string>()): Set<string> {
  eachBlock(blocks, (block) => into.add(String(block.type)));
  return into;
}

/**
 * Block types of each page shown, with the block lists they were found in. Asked for twice before
 * a page hydrates (to load its modules, then to check they are loaded) and on every render after,
 * so a page of 1,000 blocks is walked once, not each time (docs/render.md). An edit makes new
 * lists (the editor never changes a document in place), so the same lists have the same types.
 */
interface Shown {
  lists: (Block[] | undefined)[];
  types: readonly string[];
}
const typesShown = new WeakMap<Page, Shown>();

const listsShown = (site: ResolvedSite, page: Page) =>
  page.layout === false ? [page.blocks] : [page.blocks, site.layout.header, site.layout.footer];

/**
 * Records a page's block types found elsewhere: the server's, sent in the page's payload, so
 * the browser does not walk the page again before hydrating it.
 */
export function knownBlockTypes(site: ResolvedSite, page: Page, types: string[]): void {
  typesShown.set(page, { lists: listsShown(site, page), types: [...types] });
}

/** Block types a page uses, including the site layout when the page shows it. */
export function pageBlockTypes(site: ResolvedSite, page: Page): string[] {
  const lists = listsShown(site, page);
  const known = typesShown.get(page);
  if (
    known &&
    known.lists.length === lists.length &&
    known.lists.every((list, i) => list === lists[i])
  )
    return [...known.types];
  const types = new Set<string>();
  for (const list of lists) blockTypesOf(list, types);
  const shown = { lists, types: [...types].sort() };
  typesShown.set(page, shown);
  return [...shown.types];
}

export class BlockLoader {
  private loaded: LoadedBlocks = {};
  private pending = new Map<string, Promise<BlockDefinition | undefined>>();

  constructor(private registry: BlockRegistry) {}

  has(type: string) {
    return type in this.registry;
  }

  get definitions(): LoadedBlocks {
    return this.loaded;
  }

  isLoaded(types: Iterable<string>) {
    for (const t of types) if (this.has(t) && !this.loaded[t]) return false;
    return true;
  }

  async load(types: Iterable<string>): Promise<LoadedBlocks> {
    await Promise.all(
      [...types].map((type) => {
        if (this.loaded[type] || !this.has(type)) return undefined;
        let p = this.pending.get(type);
        if (!p) {
          p = this.registry[type]().then(
            (m) => (this.loaded[type] = m.default),
            // A block whose code cannot load fails alone, inside its error boundary.
            (err: unknown) =>
              (this.loaded[type] = {
                component: () => {
                  throw err instanceof Error
                    ? err
                    : new Error(`block module "${type}" failed to load`);
                },
              }),
          );
          this.pending.set(type, p);
        }
        return p;
      }),
    );
    return this.loaded;
  }
}
