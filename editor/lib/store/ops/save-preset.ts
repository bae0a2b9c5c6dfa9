/**
 * "Save as preset" (docs/editor-design.md, "Section presets"): the top-most selected blocks,
 * copied with their settings and everything inside them, become a named preset of this site.
 * It is kept in the site's document (`presets`), so it is saved as a draft, reviewed and
 * published in git with the site's other data, and one undo takes it away again.
 */
import { slugify } from '../../../../engine/slug.ts';
import type { EditorBlock } from '../../blocks.ts';
import { topMost } from '../../doc.ts';
import type { SectionPreset } from '../../../../schemas/types.gen.ts';
import type { Change, EditorState } from '../state.ts';

export type SavePresetChange = Change & { id: string; count: number };

export function savePreset(
  state: EditorState,
  label: string,
  ids: readonly string[],
): SavePresetChange | undefined {
  const name = label.trim();
  const top = topMost(state.resolved, ids);
  if (!name || !top.length) return undefined;
  const blocks = top.map((loc) => {
    const copy = structuredClone(loc.block) as EditorBlock & { hidden?: boolean };
    // Hidden is where a block stands on a page, not part of what the preset adds.
    delete copy.hidden;
    return copy;
  });
  const taken = new Set(((state.doc.presets ?? []) as SectionPreset[]).map((p) => p.id));
  const base = slugify(name).slice(0, 70).replace(/-+$/, '') || 'preset';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return {
    id,
    count: blocks.length,
    label: `Save preset ${name}`,
    recipe: (draft) => {
      const presets = (draft.presets ??= []) as SectionPreset[];
      presets.push({ id, label: name, blocks: blocks as SectionPreset['blocks'] });
    },
  };
}
