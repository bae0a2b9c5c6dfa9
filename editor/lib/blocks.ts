/**
 * What the editor knows about blocks: the palette and the outline's summaries. A block
 * type's label, category, children and slots are read from its schema's `x-block` metadata
 * in engine/document/words/names.ts, where the server's words find them too.
 */
import { blockMeta, type BlockMeta } from '../../engine/document/words/names.ts';

export {
  blockMeta,
  blockName,
  humanize,
  metaOf,
  type BlockMeta,
  type SlotMeta,
} from '../../engine/document/words/names.ts';

export interface EditorBlock {
  type: string;
  id: string;
  props?: Record<string, unknown>;
  /** Kept in the document, not shown to visitors (docs/editor-design.md, "Hidden blocks"). */
  hidden?: boolean;
  children?: EditorBlock[];
  slots?: Record<string, EditorBlock[]>;
}

export const CATEGORY_ORDER = ['Layout', 'Content', 'Promotion', 'Stock', 'Forms', 'Other'];

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
