/**
 * Cars from the site's search index, for blocks that show particular cars (the car page,
 * a featured car, the watchlist, favourites and compare). It goes through the same search
 * client as the stock search (embedded engine or Algolia), loaded on demand so pages that
 * only show cards do not carry it. On the server, pass the request origin.
 *
 * Cars are limited to what the site shows on its website (its dealerships, makes and car
 * types), sold ones included, so a car page of a recently sold car says SOLD rather than
 * "not found". On Algolia, `slug` and `objectID` must be filterable (attributesForFaceting
 * filterOnly(slug)).
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { quote, siteShownFilter } from '../../engine/search/site-filter.ts';
import type { Car } from '../../schemas/types.gen.ts';

type SiteLike = Pick<ResolvedSite, 'slug' | 'search' | 'features' | 'dealerships'>;

/**
 * Everything this site shows on its website, whatever its sold cutoff (preset 1 plus the site's own limits):
 * the same filter the search service holds the site's public requests to (engine/search/public-access.ts).
 */
export function siteCarsFilter(site: SiteLike): string {
  return siteShownFilter(site);
}

export function slugFilter(site: SiteLike, slug: string): string {
  return `slug:${quote(slug)} AND ${siteCarsFilter(site)}`;
}

export function idsFilter(site: SiteLike, ids: (string | number)[]): string {
  const list = ids.map((id) => `objectID:${quote(String(id))}`).join(' OR ');
  return `(${list}) AND ${siteCarsFilter(site)}`;
}

export interface FindOptions {
  /** The request origin (server); the browser uses the page's. */
  origin?: string;
  hitsPerPage?: number;
  attributesToRetrieve?: readonly string[];
  /** Replaces the search call (tests). */
  search?: (filters: string, hitsPerPage: number, attributes: readonly string[]) => Promise<Car[]>;
}

const isServer = () => typeof window === 'undefined';

export async function findCars(
  site: SiteLike,
  filters: string,
  options: FindOptions = {},
): Promise<Car[]> {
  const hitsPerPage = options.hitsPerPage ?? 20;
  const attributes = options.attributesToRetrieve ?? ['*'];
  if (options.search) return options.search(filters, hitsPerPage, attributes);
  const { searchClientFor } = await import('../_search/client.ts');
  const client = searchClientFor(site.search, isServer() ? options.origin : undefined, site.slug);
  // The legacy request list ([{indexName, params}]): the browser's client is shared with the stock search, and
  // InstantSearch's hydration replaces its search() with one that reads only this form (or a requestBody).
  const search = client.search as unknown as (
    requests: { indexName: string; params: Record<string, unknown> }[],
  ) => Promise<{ results: { hits?: Car[] }[] }>;
  const response = await search.call(client, [
    {
      indexName: site.search.index,
      params: { query: '', filters, hitsPerPage, attributesToRetrieve: [...attributes] },
    },
  ]);
  return response.results[0]?.hits ?? [];
}

export async function findCarBySlug(
  site: SiteLike,
  slug: string,
  options: FindOptions = {},
): Promise<Car | undefined> {
  const [car] = await findCars(site, slugFilter(site, slug), { ...options, hitsPerPage: 1 });
  return car;
}

/** Cars by id, in the order of `ids` (ids the site does not show are left out). */
export async function findCarsByIds(
  site: SiteLike,
  ids: (string | number)[],
  options: FindOptions = {},
): Promise<Car[]> {
  const wanted = [...new Set(ids.map(String))].slice(0, 100);
  if (!wanted.length) return [];
  const cars = await findCars(site, idsFilter(site, wanted), {
    ...options,
    hitsPerPage: wanted.length,
  });
  const byId = new Map(cars.map((c) => [String(c.objectID ?? c.id), c]));
  return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
