/**
 * The featured row's cars, looked up when the page is made (server; the browser on a
 * client-side navigation): the site's own stock filter plus the row's conditions
 * (filter.ts), card fields only. The search client is imported on demand.
 */
import type { BlockLoadContext } from '../../engine/render/block.ts';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import { slugify } from '../../engine/slug.ts';
import type { Car } from '../../schemas/types.gen.ts';
import type { FeaturedStockProps } from '../../schemas/resolved.gen.ts';
import { CARD_FIELDS } from '../_cars/fields.ts';
import { priceDisplay } from '../_cars/rules.ts';
import { NameBook } from '../_search/url-state.ts';
import { featuredFilter, pathNames } from './filter.ts';

export interface FeaturedStockData {
  cars: Car[];
  /** The matching stock search, for See all. */
  seeAll?: string;
  /** "Now" of the card rules (new arrival, just sold), the server's, so hydration agrees. */
  now: number;
  /** Why the row shows nothing (staff see it in development). */
  problem?: string;
}

type Hit = Car & Record<string, unknown>;
type LegacySearch = (
  requests: { indexName: string; params: Record<string, unknown> }[],
) => Promise<{
  results: { hits?: Hit[]; facets?: Record<string, Record<string, number>> }[];
}>;

/** Specials are looked up with a margin: a was-price equal to the price is no special. */
const SPECIALS_MARGIN = 3;

export async function loadFeaturedStock({
  props,
  site,
  siteData,
  url,
}: BlockLoadContext<FeaturedStockProps>): Promise<FeaturedStockData> {
  const now = Date.now();
  const server = typeof window === 'undefined';
  const { searchClientFor, sortIndices } = await import('../_search/client.ts');
  const client = searchClientFor(site.search, server ? url.origin : undefined, site.slug);
  // The request list form, as blocks/_cars/data.ts sends it (a client shared with a hydrated InstantSearch reads only this form).
  const search = (requests: Parameters<LegacySearch>[0]) =>
    (client.search as unknown as LegacySearch).call(client, requests);
  const sorts = sortIndices(site.search.index);
  const siteFilter = (indexName: string) => buildSiteFilter(site, { now, indexName });
  try {
    const names = new NameBook();
    const { makeSlug, modelSlug } = props.source === 'search' ? pathNames(props.search) : {};
    if (makeSlug) {
      // The address names its make and model by slug: the stock's own names come from one facet query.
      const { results } = await search([
        {
          indexName: site.search.index,
          params: {
            query: '',
            hitsPerPage: 0,
            facets: ['make', 'make_model'],
            maxValuesPerFacet: 1000,
            filters: siteFilter(site.search.index),
          },
        },
      ]);
      const facets = results[0]?.facets ?? {};
      const make = Object.keys(facets.make ?? {}).find((m) => slugify(m) === makeSlug);
      if (make) names.addMake(make);
      const model =
        make &&
        Object.keys(facets.make_model ?? {}).find(
          (mm) => mm.startsWith(`${make} `) && slugify(mm.slice(make.length + 1)) === modelSlug,
        );
      if (make && model) names.addModel(make, model.slice(make.length + 1));
    }
    const spec = featuredFilter(props, sorts, site.pages, names, siteData.pageTypes);
    if (!spec.ok) return { cars: [], now, problem: spec.problem };
    const q = spec.query;
    const { results } = await search([
      {
        indexName: q.indexName,
        params: {
          query: q.query ?? '',
          filters: [siteFilter(q.indexName), ...q.filters].join(' AND '),
          hitsPerPage: q.reducedOnly ? props.limit * SPECIALS_MARGIN : props.limit,
          attributesToRetrieve: [...CARD_FIELDS],
          attributesToHighlight: [],
        },
      },
    ]);
    let cars = (results[0]?.hits ?? []) as Car[];
    if (q.reducedOnly)
      cars = cars.filter((c) => priceDisplay(c, site.features).state === 'reduced');
    return { cars: cars.slice(0, props.limit), ...(q.seeAll ? { seeAll: q.seeAll } : {}), now };
  } catch (err) {
    // The page still renders without the row.
    console.error(
      `[forecourt] featured stock "${props.source}": the cars could not be looked up`,
      err,
    );
    return { cars: [], now, problem: 'The cars could not be looked up' };
  }
}
