/**
 * Section presets (docs/editor-design.md, "Section presets"): saved groups of blocks staff
 * insert from the palette as one undoable step. The platform's are data
 * (`platform-presets.json`); a site's own are in its document (`presets`, saved from a
 * selection: store/ops/save-preset.ts). Each block gets its type's starting props under the
 * preset's own (so texts the preset leaves out start as placeholders) and fresh readable ids
 * when inserted.
 */
import { walkList } from '../../../engine/tree.ts';
import type { SectionPreset as SitePreset } from '../../../schemas/types.gen.ts';
import { metaOf, type EditorBlock } from '../blocks.ts';
import type { Doc } from '../doc.ts';
import { startingProps } from '../starting-props.ts';
import platform from './platform-presets.json' with { type: 'json' };

export interface SectionPreset {
  id: string;
  label: string;
  description: string;
  blocks: EditorBlock[];
  /** Saved by this site's staff (in its document), not one of the platform's. */
  own?: boolean;
}

export const PLATFORM_PRESETS: readonly SectionPreset[] = platform as SectionPreset[];

/** The blocks a preset inserts: a copy, every block with its starting props filled in. */
export function presetBlocks(preset: SectionPreset): EditorBlock[] {
  const blocks = structuredClone(preset.blocks);
  for (const { block } of walkList<EditorBlock>(blocks)) {
    const props = { ...startingProps(block.type), ...block.props };
    if (Object.keys(props).length) block.props = props;
  }
  return blocks;
}

/** This site's own presets (its document's `presets`), described by the blocks they add. */
export function sitePresets(doc: Doc): SectionPreset[] {
  return ((doc.presets ?? []) as SitePreset[]).map((p) => ({
    id: p.id,
    label: p.label,
    description: `Saved for this site: ${p.blocks.map((b) => metaOf(b.type).label).join(', ')}.`,
    blocks: p.blocks as EditorBlock[],
    own: true,
  }));
}

/** The platform's presets, then the site's own, whose label or description holds `query` (all for an empty one). */
export function matchingPresets(
  query: string,
  own: readonly SectionPreset[] = [],
): SectionPreset[] {
  const q = query.trim().toLowerCase();
  return [...PLATFORM_PRESETS, ...own].filter(
    (p) => !q || p.label.toLowerCase().includes(q) || p.description.toLowerCase().includes(q),
  );
}
