/**
 * The names staff know things by, read from the schemas (docs/editor-design.md, "Staff
 * words"): a block type's label, palette category, whether it holds children, which types it
 * accepts and its named slots (the `x-block` metadata of the block schemas); a block
 * ("Hero home-hero"); a page ("Page Home (/)"). Nothing here is hand-written per block.
 */
import { blockSchemas } from '../../../schemas/index.gen.ts';

type Doc = Record<string, any>;

export interface SlotMeta {
  name: string;
  label: string;
  accepts?: string[];
}

export interface BlockMeta {
  type: string;
  label: string;
  category: string;
  description: string;
  /** Holds child blocks in `children`. */
  container: boolean;
  /** Types allowed in `children` (all when absent). */
  accepts?: string[];
  /** Named slots, in schema order. */
  slots: SlotMeta[];
  known: boolean;
}

interface XBlock {
  label?: string;
  category?: string;
  container?: boolean;
  accepts?: string[];
  slots?: Record<string, { label?: string; accepts?: string[] }>;
}

/** A key as words: "primaryText" → "Primary text", "special_hours" → "Special hours". */
export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function build(type: string, schema: Record<string, unknown>): BlockMeta {
  const x = (schema['x-block'] ?? {}) as XBlock;
  return {
    type,
    label: x.label ?? humanize(type),
    category: x.category ?? 'Other',
    description: typeof schema.description === 'string' ? schema.description : '',
    container: x.container === true,
    accepts: x.accepts,
    slots: Object.entries(x.slots ?? {}).map(([name, s]) => ({
      name,
      label: s.label ?? humanize(name),
      accepts: s.accepts,
    })),
    known: true,
  };
}

export const blockMeta: Record<string, BlockMeta> = Object.fromEntries(
  Object.entries(blockSchemas as unknown as Record<string, Record<string, unknown>>).map(
    ([type, schema]) => [type, build(type, schema)],
  ),
);

export function metaOf(type: string): BlockMeta {
  return (
    blockMeta[type] ?? {
      type,
      label: `Unknown block "${type}"`,
      category: 'Other',
      description: 'This block type is not known to this version of the platform.',
      container: false,
      slots: [],
      known: false,
    }
  );
}

/** "Hero hero-2": how a block is named to people (and screen readers). */
export function blockName(block: { type?: unknown; id?: unknown }): string {
  return `${metaOf(String(block.type)).label} ${String(block.id)}`;
}

/** A page's title as the site shows it: `{site}` stands for the site's name. */
export function pageTitleText(title: unknown, siteName: unknown): string {
  return String(title ?? '').replaceAll('{site}', String(siteName ?? 'site'));
}

/** "Page Home (/)": a page of `doc` by its id, as staff see it in the page list. */
export function pageName(doc: Doc, pageId: string | undefined): string {
  const page = (doc.pages as Doc[] | undefined)?.find((p) => p?.id === pageId);
  return page
    ? `Page ${pageTitleText(page.title, doc.name)} (${page.path})`
    : `Page ${pageId ?? '?'}`;
}
