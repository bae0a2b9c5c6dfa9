/**
 * Changing a page's title, route, description or layout switch (not its id, which is
 * stable). On a template page the site has not copied, only the changed keys are stored
 * (page-changes.ts); a site page or a copy is changed in place.
 */
import { materializePage, pageArea } from '../../doc.ts';
import { inheritedPageOf, setPageChange } from '../../page-changes.ts';
import type { Change, EditorState } from '../state.ts';

export interface PagePatch {
  title?: string;
  path?: string;
  description?: string;
  layout?: boolean;
}

export function updatePage(state: EditorState, id: string, patch: PagePatch): Change {
  return {
    label: `Edit page ${id}`,
    recipe: (draft, res) => {
      if (state.template && inheritedPageOf(draft, state.template, pageArea(id))) {
        // An empty description and the default layout switch mean "as the template has it unset".
        const values = Object.fromEntries(
          Object.entries(patch).map(([k, v]) => [
            k,
            (k === 'description' && v === '') || (k === 'layout' && v === true) ? undefined : v,
          ]),
        );
        return setPageChange(draft, state.template, id, values);
      }
      const page = materializePage(draft, res, id);
      for (const [k, v] of Object.entries(patch)) {
        // An empty description and the default layout switch are not written out.
        if (
          v === undefined ||
          (k === 'description' && v === '') ||
          (k === 'layout' && v === true && page.layout === undefined)
        )
          delete page[k];
        else page[k] = v;
      }
    },
    options: { coalesce: `page:${id}` },
  };
}
