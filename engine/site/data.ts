/**
 * Site data: what blocks need besides their props and that is not in the document
 * (the model range from the shared catalogue). Computed on the server per site.
 */
import type { Catalogue, Model } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from './types.ts';

export interface SiteData {
  /** Models of the makes the site's dealerships sell, in catalogue order (or by name). */
  models: Model[];
}

export function siteDataFor(site: ResolvedSite, catalogue: Catalogue): SiteData {
  const makes = new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []));
  const models = catalogue.models.filter((m) => makes.has(m.manufacturer_name));
  if (site.features.modelsSortedByName) models.sort((a, b) => a.name.localeCompare(b.name));
  return { models };
}
