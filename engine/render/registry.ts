/** Loads the block modules a page needs, once each. */
import type { Block, Page, ResolvedSite } from '../site/types.ts';
import { walkList } from '../document/tree.ts';
import type { BlockDefinition, BlockRegistry, LoadedBlocks } from './block.ts';

export function blockTypesOf(blocks: Block[] | undefined, into = new Set<string>()): Set<string> {
  for (const { block } of walkList(blocks)) into.add(String(block.type));
  return into;
}

/** Block types a page uses, including the site layout when the page shows it. */
export function pageBlockTypes(site: ResolvedSite, page: Page): string[] {
  const types = blockTypesOf(page.blocks);
  if (page.layout !== false) {
    blockTypesOf(site.layout.header, types);
    blockTypesOf(site.layout.footer, types);
  }
  return [...types].sort();
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
                  throw err instanceof Error ? err : new Error(`block module "${type}" failed to load`);
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
