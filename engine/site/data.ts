/**
 * Site data: what blocks need besides their props and that is not in the document
 * (the model range from the shared catalogue), and what the renderer needs to know
 * about the document as a whole (which blocks links jump to). Computed on the server
 * per site (and by the editor for its preview).
 */
import type { Catalogue, Model } from '../../schemas/types.gen.ts';
import { linkTarget, splitHref } from './link-target.ts';
import { walkBlocks } from '../tree.ts';
import { linksInHtml } from './links.ts';
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
  /**
   * The block types of each page's own top-level blocks, by page id. A dealer page's payload
   * carries the shown page's blocks alone (docs/render.md, "Only the page's blocks"); a block
   * that asks what another page holds (which page has the stock search) reads this there.
   */
  pageTypes?: Record<string, string[]>;
}

export function siteDataFor(site: ResolvedSite, catalogue: Catalogue): SiteData {
  const models = siteModels(site, catalogue);
  return {
    models,
    anchors: anchorTargets(site),
    routeValues: routeValues(site, models),
    pageTypes: pageTypes(site),
  };
}

/** The catalogue's models of the makes the site's dealerships sell, in the order the site lists them. */
export function siteModels(site: ResolvedSite, catalogue: Catalogue): Model[] {
  const makes = new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []));
  const models = catalogue.models.filter((m) => makes.has(m.manufacturer_name));
  if (site.features.modelsSortedByName) models.sort((a, b) => a.name.localeCompare(b.name));
  return models;
}

function pageTypes(site: ResolvedSite): SiteData['pageTypes'] {
  return Object.fromEntries(
    site.pages.map((page) => [
      page.id,
      [...new Set(page.blocks.map((b) => String(b.type)))].sort(),
    ]),
  );
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

/**
 * Block ids that links of the document jump to. Any string that reads as an in-site link
 * with a fragment counts (link fields and links in HTML alike): a plain walk over the
 * values, cheap enough for the editor's preview to run on every change; fragments that
 * name no block (a colour such as #ffffff) are dropped.
 */
function anchorTargets(site: ResolvedSite): string[] {
  const blockIds = new Set<unknown>([...walkBlocks(site)].map(({ block }) => block.id));
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!value.includes('#')) return;
      for (const href of value.includes('<') ? linksInHtml(value) : [value]) {
        if (!/^[/?#]/.test(href)) continue;
        const { fragment } = splitHref(linkTarget(href, site.features));
        if (fragment && blockIds.has(fragment)) ids.add(fragment);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(site.layout);
  visit(site.pages);
  return [...ids].sort();
}
