/**
 * Changing a page's title, route, description or layout switch (not its id, which is
 * stable). A template page is copied into the site first (doc.ts materializePage).
 */
import { materializePage } from '../../doc.ts';
import type { Change } from '../state.ts';

export interface PagePatch {
  title?: string;
  path?: string;
  description?: string;
  layout?: boolean;
}

export function updatePage(id: string, patch: PagePatch): Change {
  return {
    label: `Edit page ${id}`,
    recipe: (draft, res) => {
      const page = materializePage(draft, res, id);
      for (const [k, v] of Object.entries(patch)) {
        // An empty description and the default layout switch are not written out.
        if (v === undefined || (k === 'description' && v === '') || (k === 'layout' && v === true && page.layout === undefined)) delete page[k];
        else page[k] = v;
      }
    },
    options: { coalesce: `page:${id}` },
  };
}
