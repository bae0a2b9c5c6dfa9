/**
 * The bench's pages, generated the same way every run: sections of content blocks whose
 * props are the first example of each type in the starter templates (sites/templates/,
 * files in name order), so every block is a real block of the registry with real props.
 * One hero, `hero-target`, sits in the middle of the page for the typing test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block } from '../../../schemas/types.gen.ts';
import { eachBlock } from '../../../engine/tree.ts';

const root = join(import.meta.dirname, '../../..');

/** Content blocks with no data loader (stock, offers), so the page's cost is the editor's. */
/** The one dealership and location of every editor bench site. */
export const BENCH_DEALER = {
  dealerships: [{ id: 1, slug: 'bench-motors', name: 'Bench Motors', manufacturers: ['Ford'] }],
  locations: [
    {
      id: 1,
      name: 'Bench Motors',
      slug: 'bench-motors',
      location_type: 'sales',
      primary: true,
      dealership_id: 1,
      dealership_slug: 'bench-motors',
      address: { street: '1 Test Street', city: 'Brisbane', state: 'QLD', postcode: '4000' },
    },
  ],
};

export const CONTENT_TYPES = [
  'hero',
  'rich-text',
  'promo-tile',
  'call-to-action',
  'icon-list',
  'faq-accordion',
  'cards-grid',
  'image-text',
  'feature-banner',
];

/** The first block of each content type in the starter templates. */
export function templateExamples(): Map<string, Block> {
  const found = new Map<string, Block>();
  const dir = join(root, 'sites/templates');
  const walk = (blocks: Block[] | undefined) =>
    eachBlock(blocks, (b) => {
      if (CONTENT_TYPES.includes(b.type) && !found.has(b.type)) found.set(b.type, b as Block);
    });
  for (const file of readdirSync(dir).sort()) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      pages?: Array<{ blocks?: Block[] }>;
    };
    for (const page of doc.pages ?? []) walk(page.blocks);
  }
  const missing = CONTENT_TYPES.filter((t) => !found.has(t));
  if (missing.length) throw new Error(`no example of ${missing.join(', ')} in sites/templates/`);
  return found;
}

/**
 * `total` blocks: sections (`section-1`…) of four content blocks each (`{type}-{section}-{n}`),
 * types taken round-robin, and `hero-target` as a top-level block halfway down.
 */
export function benchBlocks(total: number): Block[] {
  const examples = templateExamples();
  const blocks: Block[] = [];
  let n = 0;
  let next = 0;
  for (let s = 1; n < total; s++) {
    if (n >= total / 2 && !blocks.some((b) => b.id === 'hero-target')) {
      blocks.push({
        type: 'hero',
        id: 'hero-target',
        props: { heading: 'Offer target', text: 'Drive away pricing on selected stock.' },
      });
      n++;
      continue;
    }
    const section: Block = {
      type: 'section',
      id: `section-${s}`,
      props: { heading: `Section ${s}` },
      children: [],
    };
    n++;
    for (let c = 1; c <= 4 && n < total; c++, n++) {
      const type = CONTENT_TYPES[next++ % CONTENT_TYPES.length];
      const { children: _c, slots: _s, ...example } = structuredClone(examples.get(type)!);
      section.children!.push({ ...example, id: `${type}-${s}-${c}` });
    }
    blocks.push(section);
  }
  return blocks;
}

export function benchSite(slug: string, total: number): Record<string, unknown> {
  return {
    $schema: '../schemas/site.schema.json',
    schemaVersion: 2,
    slug,
    name: 'Bench Motors',
    // The template's routes and layout: the example blocks' links resolve, as on a real site.
    template: 'ford',
    region: 'AU',
    ...BENCH_DEALER,
    pages: [{ id: 'home', path: '/', title: '{site}', blocks: benchBlocks(total) }],
  };
}

/** Every block of a list and inside it. */
export function countBlocks(blocks: Block[]): number {
  let count = 0;
  eachBlock(blocks, () => count++);
  return count;
}
