/**
 * What the editor knows about each block type, read from the `x-block` metadata of the
 * block schemas (label, palette category, whether it holds children, which types it
 * accepts, its named slots). Nothing here is hand-written per block.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';

export interface EditorBlock {
  type: string;
  id: string;
  props?: Record<string, unknown>;
  children?: EditorBlock[];
  slots?: Record<string, EditorBlock[]>;
}

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

export const CATEGORY_ORDER = ['Layout', 'Content', 'Promotion', 'Stock', 'Forms', 'Other'];

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
export function blockName(block: Pick<EditorBlock, 'type' | 'id'>): string {
  return `${metaOf(block.type).label} ${block.id}`;
}

/** A few words that tell blocks of the same type apart in the outline. */
export function blockSummary(block: EditorBlock): string {
  const p = block.props ?? {};
  for (const key of ['heading', 'title', 'label', 'message', 'legal']) {
    const v = p[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 60);
  }
  if (typeof p.html === 'string') {
    const text = p.html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text.slice(0, 60);
  }
  return '';
}

/** The palette: block types grouped by category, in a stable order. */
export function paletteGroups(filter = ''): Array<{ category: string; blocks: BlockMeta[] }> {
  const q = filter.trim().toLowerCase();
  const match = (m: BlockMeta) =>
    !q ||
    m.label.toLowerCase().includes(q) ||
    m.type.includes(q) ||
    m.description.toLowerCase().includes(q) ||
    m.category.toLowerCase().includes(q);
  const groups = new Map<string, BlockMeta[]>();
  for (const m of Object.values(blockMeta)) {
    if (!match(m)) continue;
    const list = groups.get(m.category) ?? [];
    list.push(m);
    groups.set(m.category, list);
  }
  const rank = (c: string) =>
    CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length;
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([category, blocks]) => ({
      category,
      blocks: blocks.sort((a, b) => a.label.localeCompare(b.label)),
    }));
}
