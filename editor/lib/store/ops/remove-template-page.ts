/**
 * Leaving a template page out of this site (`withoutPages`, docs/editor-design.md,
 * "The document model"). The
 * site's own version of it, if any, goes too: a page cannot be both left out and defined.
 * restore-template-page.ts brings it back.
 */
import type { Doc } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export function removeTemplatePage(state: EditorState, id: string): Change | undefined {
  if (!(state.template?.pages as Doc[] | undefined)?.some((p) => p.id === id)) return undefined;
  return {
    label: `Remove template page ${id} from this site`,
    recipe: (draft) => {
      if (Array.isArray(draft.pages) && draft.pages.some((p: Doc) => p?.id === id))
        draft.pages = (draft.pages as Doc[]).filter((p) => p?.id !== id);
      if (!Array.isArray(draft.withoutPages)) draft.withoutPages = [];
      if (!draft.withoutPages.includes(id)) draft.withoutPages.push(id);
    },
    options: { select: null },
  };
}
