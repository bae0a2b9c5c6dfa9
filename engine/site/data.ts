/**
 * Site data: what blocks need besides their props and that is not in the document
 * (the model range from the shared catalogue), and what the renderer needs to know
 * about the document as a whole (which blocks links jump to). Computed on the server
 * per site (and by the editor for its preview).
 */
import type { Catalogue, Model } from '../../schemas/types.gen.ts';
import { linkTarget, splitHref } from './link-target.ts';
import { documentReferences } from './links.ts';
import type { ResolvedSite } from './types.ts';

export interface SiteData {
  /** Models of the makes the site's dealerships sell, in catalogue order (or by name). */
  models: Model[];
  /** Block ids that a link of the document jumps to (#id): the renderer gives them an anchor. */
  anchors?: string[];
}

export function siteDataFor(site: ResolvedSite, catalogue: Catalogue): SiteData {
  const makes = new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []));
  const models = catalogue.models.filter((m) => makes.has(m.manufacturer_name));
  if (site.features.modelsSortedByName) models.sort((a, b) => a.name.localeCompare(b.name));
  return { models, anchors: anchorTargets(site) };
}

function anchorTargets(site: ResolvedSite): string[] {
  const ids = new Set<string>();
  for (const { href } of documentReferences(site).links) {
    const { fragment } = splitHref(linkTarget(href, site.features));
    if (fragment) ids.add(fragment);
  }
  return [...ids].sort();
}
