/** Test documents for the editor's unit and component tests. */
import type { Doc } from './doc.ts';

/** A one-page site document ("unit-site", home page at /) holding `blocks`. */
export function unitSite(blocks: Doc[]): Doc {
  return {
    schemaVersion: 2,
    slug: 'unit-site',
    name: 'Unit Site',
    pages: [{ id: 'home', path: '/', title: 'Home', blocks }],
  };
}
