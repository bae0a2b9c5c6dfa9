/**
 * Section presets (docs/editor-design.md, "Section presets"): saved groups of blocks staff
 * insert from the palette as one undoable step. The platform's are data
 * (`platform-presets.json`); each block gets its type's starting props under the preset's
 * own (so texts start as placeholders) and fresh readable ids when inserted.
 */
import { walkList } from '../../../engine/tree.ts';
import type { EditorBlock } from '../blocks.ts';
import { startingProps } from '../starting-props.ts';
import platform from './platform-presets.json' with { type: 'json' };

export interface SectionPreset {
  id: string;
  label: string;
  description: string;
  blocks: EditorBlock[];
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

/** The presets whose label or description holds `query` (all for an empty one). */
export function matchingPresets(query: string): SectionPreset[] {
  const q = query.trim().toLowerCase();
  return PLATFORM_PRESETS.filter(
    (p) => !q || p.label.toLowerCase().includes(q) || p.description.toLowerCase().includes(q),
  );
}
