/**
 * Removing one of this site's own section presets (docs/editor-design.md, "Section presets"):
 * an edit of the site's document like any other, so it is one undo step, goes with the next
 * save and shows in the review. The platform's presets are data, not the site's: only an id
 * of the document's `presets` is removed. The last one gone, `presets` goes too (as before
 * the first was saved).
 */
import type { SectionPreset } from '../../../../schemas/types.gen.ts';
import type { Change, EditorState } from '../state.ts';

export function removePreset(state: EditorState, id: string): Change | undefined {
  const preset = ((state.doc.presets ?? []) as SectionPreset[]).find((p) => p.id === id);
  if (!preset) return undefined;
  return {
    label: `Remove preset ${preset.label}`,
    recipe: (draft) => {
      const presets = draft.presets as SectionPreset[];
      presets.splice(
        presets.findIndex((p) => p.id === id),
        1,
      );
      if (!presets.length) delete draft.presets;
    },
  };
}
