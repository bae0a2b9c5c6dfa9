/**
 * Removing a site page; an override of a template page (a copy, or block changes) is reset
 * to the template instead ("Reset to template").
 * A page inherited from the template is left out with remove-template-page.ts.
 */
import type { Doc } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export function removePage(state: EditorState, id: string): { change?: Change; reason?: string } {
  const { doc, template } = state;
  const inTemplate = (template?.pages as Doc[] | undefined)?.some((p) => p.id === id);
  const inSite = (doc.pages as Doc[] | undefined)?.some((p) => p.id === id);
  if (!inSite)
    return {
      reason:
        'This page comes from the template: use “Remove from this site” to leave it out of this site.',
    };
  return {
    change: {
      label: inTemplate ? `Reset page ${id} to the template` : `Remove page ${id}`,
      recipe: (draft) => {
        draft.pages = (draft.pages as Doc[]).filter((p) => p.id !== id);
        // A site back on its template's pages writes no empty list (the file is as before the edits).
        if (!draft.pages.length && typeof draft.template === 'string') delete draft.pages;
      },
    },
  };
}
