/**
 * Shared by the whole-site rule tests (whole-site*.test.ts): the catalogue, a preparer and
 * the issues it finds, and small pages, blocks and site data to build documents from.
 */
import { createSitePreparer } from '../../../engine/site/prepare.ts';
import { readCatalogue } from '../../../engine/site/folder.ts';
import { loadTemplate, minimalDoc, SITES_DIR } from '../helpers.ts';

export const { catalogue } = readCatalogue(SITES_DIR);
export const prepare = createSitePreparer({ loadTemplate, catalogue });

export function issuesOf(doc: unknown) {
  const r = prepare(doc);
  return r.ok ? [] : r.issues;
}

export const page = (id: string, path: string, blocks: unknown[] = []) => ({
  id,
  path,
  title: id,
  blocks,
});
export const hero = (id: string, href: string) => ({
  type: 'hero',
  id,
  props: { heading: 'Hi', actions: [{ label: 'Go', href }] },
});
const location = (id: number, slug: string) => ({
  id,
  name: slug,
  slug,
  location_type: 'sales',
  dealership_slug: 'main',
  address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
});
export const withData = (overrides: Record<string, unknown>) =>
  minimalDoc({
    dealerships: [{ id: 1, slug: 'main', name: 'Main Motors', manufacturers: ['Ford'] }],
    locations: [location(7, 'brisbane')],
    ...overrides,
  });
