/**
 * Site data: what blocks need besides their props and that is not in the document
 * (the model range from the shared catalogue), and what the renderer needs to know
 * about the document as a whole (which blocks links jump to). Computed on the server
 * per site (and by the editor for its preview).
 */
import type { Catalogue, Model } from '../../schemas/types.gen.ts';
import { linkTarget, splitHref } from './link-target.ts';
import { documentReferences } from './links.ts';
import { routeParamsOf, siteCollections } from './whole-site.ts';
import type { ResolvedSite } from './types.ts';

export interface SiteData {
  /** Models of the makes the site's dealerships sell, in catalogue order (or by name). */
  models: Model[];
  /** Block ids that a link of the document jumps to (#id): the renderer gives them an anchor. */
  anchors?: string[];
  /**
   * The values a page's route parameters may take, by page id, where its blocks show
   * entries of the site's data (`/:modelSlug` → the site's model slugs). Any other value
   * is not that page: the address falls through to the next route, or the not-found page.
   */
  routeValues?: Record<string, Record<string, string[]>>;
}

export function siteDataFor(site: ResolvedSite, catalogue: Catalogue): SiteData {
  const makes = new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []));
  const models = catalogue.models.filter((m) => makes.has(m.manufacturer_name));
  if (site.features.modelsSortedByName) models.sort((a, b) => a.name.localeCompare(b.name));
  return { models, anchors: anchorTargets(site), routeValues: routeValues(site, models) };
}

function routeValues(site: ResolvedSite, models: Model[]): SiteData['routeValues'] {
  const collections = siteCollections(site, models);
  const out: NonNullable<SiteData['routeValues']> = {};
  for (const page of site.pages) {
    for (const [param, collection] of routeParamsOf(page)) {
      const values = collections[collection];
      if (values) (out[page.id] ??= {})[param] = [...values];
    }
  }
  return out;
}

function anchorTargets(site: ResolvedSite): string[] {
  const ids = new Set<string>();
  for (const { href } of documentReferences(site).links) {
    const { fragment } = splitHref(linkTarget(href, site.features));
    if (fragment) ids.add(fragment);
  }
  return [...ids].sort();
}
