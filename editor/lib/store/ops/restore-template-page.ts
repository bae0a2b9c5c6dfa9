/** Stopping to leave a template page out: it is inherited again (where the template has it) and shown. */
import { leftOutPageIds, pageArea } from '../../doc.ts';
import type { Change, EditorState } from '../state.ts';

export function restoreTemplatePage(state: EditorState, id: string): Change | undefined {
  if (!leftOutPageIds(state.doc).includes(id)) return undefined;
  return {
    label: `Restore template page ${id}`,
    recipe: (draft) => {
      draft.withoutPages = (draft.withoutPages as string[]).filter((x) => x !== id);
      if (!draft.withoutPages.length) delete draft.withoutPages;
    },
    options: { view: pageArea(id), select: null },
  };
}
