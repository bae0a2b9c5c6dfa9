/** Adding an empty page to the site, shown at once. */
import { freePageId, leftOutPageIds, pageArea } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export interface AddPageChange extends Change {
  /** The new page's id (from its title). */
  id: string;
}

export function addPage(state: EditorState, title: string, path: string): AddPageChange {
  // Not the id of a template page the site leaves out: a page cannot be both.
  const id = freePageId(state.resolved, title, leftOutPageIds(state.doc));
  return {
    label: `Add page ${title}`,
    recipe: (draft) => {
      if (!Array.isArray(draft.pages)) draft.pages = [];
      draft.pages.push({ id, path, title, blocks: [] });
    },
    options: { view: pageArea(id), select: null },
    id,
  };
}
