/**
 * Which stock a public request may see. The sites' browsers search the platform's service
 * directly, so what a request asks for cannot be trusted: like an Algolia secured API key,
 * the request's search key names what it may see and the server ANDs that filter with
 * whatever the request asks, so no filter, facet filter or record lookup can widen it
 * (engine/search/README.md, "Public requests"; docs/security.md, "Search").
 *
 *  - a site's key (`site.{slug}`, sent by its pages: blocks/_search/client.ts) is held to
 *    what that site shows (siteShownFilter: preset 1 plus its car types, makes, dealerships);
 *  - a draft's key (`draft.{slug}`, sent by the editor's preview and /drafts/{slug}/ pages,
 *    whose site is the draft: previewSearchKey) is held to what any site may show, so the
 *    DRAFT's own filter — its dealerships, makes and car types, which its blocks send —
 *    decides what the preview shows, not the published site's (a dealership added in the
 *    draft previews its cars before it is published);
 *  - any other key, or none (scripts, a site being drafted in the editor before it exists),
 *    is held to what any site may show: show_on_dealer_website:true.
 *
 * A key is a name, not a secret: every site's shown stock is public on that site anyway.
 * What no site shows (hidden cars, with their VIN, price and stock number) no key reaches.
 * Sites on a hosted Algolia application never come here; their keys are Algolia's.
 */
import { DEALER_INDEX, MODEL_INDEX } from './directory-indexes.ts';
import { siteShownFilter, type SiteFilterSource } from './site-filter.ts';

/** The stock any public request is held to on the car indexes. */
export const PUBLIC_STOCK_FILTER = 'show_on_dealer_website:true';

const SITE_KEY_PREFIX = 'site.';
const DRAFT_KEY_PREFIX = 'draft.';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The search key a site's pages send to the platform's search service. */
export function siteSearchKey(slug: string): string {
  return SITE_KEY_PREFIX + slug;
}

/** The search key a draft's preview sends (held to the public stock filter; the draft's blocks filter the rest). */
export function draftSearchKey(slug: string): string {
  return DRAFT_KEY_PREFIX + slug;
}

/**
 * A prepared draft as its preview renders it: on the embedded engine, searching with the
 * draft's key instead of the published site's (the blocks send `search.apiKey` when the
 * site sets one, blocks/_search/client.ts). A site on hosted Algolia, or one with its own
 * key, is left as it is.
 */
export function withDraftSearchKey<T extends { slug?: unknown; search?: unknown }>(site: T): T {
  const search = (site.search ?? {}) as { engine?: string; apiKey?: string };
  if (typeof site.slug !== 'string' || search.engine === 'algolia' || search.apiKey) return site;
  return { ...site, search: { ...search, apiKey: draftSearchKey(site.slug) } };
}

/** The site a search key names, if it names one. */
export function siteOfSearchKey(key: string | undefined): string | undefined {
  if (!key?.startsWith(SITE_KEY_PREFIX)) return undefined;
  const slug = key.slice(SITE_KEY_PREFIX.length);
  return SLUG.test(slug) ? slug : undefined;
}

export interface PublicAccessOptions {
  /** The site (its search settings, features and dealerships) by slug; undefined when there is none or it does not load. */
  site: (slug: string) => SiteFilterSource | undefined;
  /**
   * Whether an index may hold stock (default: every index but the platform's directories of
   * models and dealerships, so a replica or index the search sync adds under a new name is
   * held too); other indexes answer as asked.
   */
  restricted?: (indexName: string) => boolean;
}

/** Indexes that hold no stock: the model and dealership directories (directory-indexes.ts). */
const DIRECTORY_INDEXES = new Set<string>([MODEL_INDEX, DEALER_INDEX]);
/** Any index that is not a directory may hold cars: held to the stock filter, whatever its name. */
export const mayHoldStock = (indexName: string) => !DIRECTORY_INDEXES.has(indexName);

/** The search router's `baseFilter`: the filter a public request with this key is held to on this index. */
export function publicStockFilter(options: PublicAccessOptions) {
  const restricted = options.restricted ?? mayHoldStock;
  return (apiKey: string | undefined, indexName: string): string | undefined => {
    if (!restricted(indexName)) return undefined;
    const slug = siteOfSearchKey(apiKey);
    const site = slug ? options.site(slug) : undefined;
    return site ? siteShownFilter(site) : PUBLIC_STOCK_FILTER;
  };
}

/**
 * Whether a car read by its id or slug rather than searched for (GET /api/cars/{id}, its
 * PDF, a reservation) is in the stock any public request may see: PUBLIC_STOCK_FILTER for
 * one record. A hidden car answers like an unknown one (docs/security.md, "Search").
 */
export function isPublicCar(car: { show_on_dealer_website?: unknown }): boolean {
  return car.show_on_dealer_website === true;
}
