/**
 * Which cars a featured-stock row shows, and the search its See all link opens
 * (docs/content-blocks.md, "Featured stock"). Pure: the block's load runs it with the site's
 * index names. A "search" source is a stock search address, read with the search page's own
 * URL rules (parseSearchUrl) and held to the filters the search page accepts, so the row and
 * its See all page always agree; anything else is refused with a sentence for staff.
 */
import { quote } from '../../engine/search/site-filter.ts';
import { RANGE_ATTRIBUTES, URL_LIST_ATTRIBUTES } from '../_search/constants.ts';
import type { Page } from '../../engine/site/types.ts';
import type { FeaturedStockProps } from '../../schemas/resolved.gen.ts';
import {
  DEFAULT_SEARCH_PATH,
  NameBook,
  parseSearchUrl,
  readSearchPath,
  SEARCH_ROOT,
  searchUrlFor,
  type SearchRouteState,
} from '../_search/url-state.ts';

/** The index and its sort replicas (blocks/_search/client.ts `sortIndices`). */
export interface SortNames {
  relevance: string;
  newest: string;
  [key: string]: string;
}

export interface FeaturedQuery {
  /** Index or replica searched: the newest-first replica for new arrivals. */
  indexName: string;
  /** Conditions added to the site's own filter, ANDed. */
  filters: string[];
  query?: string;
  /** Specials: only cars whose card shows a reduced price (was-price above price). */
  reducedOnly?: boolean;
  /** The matching stock search; none when the search page has no such filter (specials). */
  seeAll?: string;
}

export type FeaturedFilter = { ok: true; query: FeaturedQuery } | { ok: false; problem: string };

/** Featured rows show cars a visitor can still buy (in stock or coming soon), never sold ones. */
export const AVAILABLE = 'listing_state:available';

/** List filters a featured row may carry: a search address's, but not status (a row shows only cars still for sale). */
export const LIST_ATTRIBUTES: ReadonlySet<string> = new Set(
  [...URL_LIST_ATTRIBUTES].filter((a) => a !== 'status'),
);

const fail = (problem: string): FeaturedFilter => ({ ok: false, problem });

/** One attribute's values ORed: (make:"Ford" OR make:"Mazda"). */
function anyOf(attr: string, values: string[]): string {
  const parts = values.map((v) => `${attr}:${quote(v)}`);
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
}

/** "10000:50000" → price >= 10000, price <= 50000 (either side may be open). */
function rangeFilters(attr: string, value: string): string[] {
  const [lo, hi] = value.split(':');
  const out: string[] = [];
  if (lo) out.push(`${attr} >= ${Number(lo)}`);
  if (hi) out.push(`${attr} <= ${Number(hi)}`);
  return out;
}

/** The conditions of a search state, or the first filter the search page would not accept. */
export function stateFilters(state: SearchRouteState): { filters: string[] } | { problem: string } {
  const filters: string[] = [];
  for (const [attr, values] of Object.entries(state.refinementList ?? {})) {
    if (!LIST_ATTRIBUTES.has(attr))
      return { problem: `"${attr}" is not a filter of the stock search` };
    filters.push(anyOf(attr, values));
  }
  for (const [attr, value] of Object.entries(state.range ?? {})) {
    if (!RANGE_ATTRIBUTES.has(attr))
      return { problem: `"${attr}" is not a range filter of the stock search` };
    filters.push(...rangeFilters(attr, value));
  }
  for (const [attr, value] of Object.entries(state.menu ?? {})) {
    if (!LIST_ATTRIBUTES.has(attr))
      return { problem: `"${attr}" is not a filter of the stock search` };
    filters.push(anyOf(attr, [value]));
  }
  return { filters };
}

/** The make and model slugs a search address's path names (/search/ford/ranger), to be resolved to the stock's names. */
export function pathNames(address: string | undefined): { makeSlug?: string; modelSlug?: string } {
  if (!address) return {};
  const { makeSlug, modelSlug } = readSearchPath(new URL(address, 'http://x').pathname);
  return { makeSlug, modelSlug };
}

/** Whether a page of the site at `path` holds the stock search; `types` answers for a page sent without its blocks (SiteData.pageTypes). */
const servesSearch = (pages: Page[], path: string, types: PageTypes) =>
  pages.some(
    (p) =>
      p.path === path &&
      (p.blocks
        ? p.blocks.some((b) => b.type === 'search-page')
        : !!types?.[p.id]?.includes('search-page')),
  );

/** The block types of each page's top-level blocks, by page id (SiteData.pageTypes). */
type PageTypes = Record<string, string[]> | undefined;

/** A stock search address as the row's query: under /search, or a page of the site with the stock search. */
function fromAddress(
  address: string,
  sorts: SortNames,
  pages: Page[],
  names: NameBook,
  types: PageTypes,
): FeaturedFilter {
  let url: URL;
  try {
    url = new URL(address, 'http://x');
  } catch {
    return fail('The stock search address is not an address');
  }
  if (url.origin !== 'http://x' || url.hash)
    return fail('The stock search address must be a page of this site, e.g. /search/used-cars');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const underSearch = path.startsWith(`${SEARCH_ROOT}/`) && path.split('/').length <= 4;
  if (!underSearch && !servesSearch(pages, path, types)) {
    return fail(
      `${path} is not a stock search page; use an address such as ${DEFAULT_SEARCH_PATH}?range[price]=:30000`,
    );
  }
  const state = parseSearchUrl(path, url.search, names);
  if (state.sortBy && !Object.values(sorts).includes(state.sortBy))
    return fail(`"${state.sortBy}" is not a sort order of the stock search`);
  const conditions = stateFilters(state);
  if ('problem' in conditions) return fail(conditions.problem);
  const { page: _page, ...rest } = state;
  return {
    ok: true,
    query: {
      indexName: state.sortBy ?? sorts.relevance,
      filters: [AVAILABLE, ...conditions.filters],
      ...(state.query ? { query: state.query } : {}),
      seeAll: underSearch
        ? searchUrlFor(rest, { paths: true })
        : searchUrlFor(rest, { paths: false, currentPath: path }),
    },
  };
}

/**
 * The row's query for its props: new arrivals (newest listed first), specials (reduced
 * prices; the stock search has no such filter, so no See all), one make, or a search address.
 * `names` holds the stock's own make and model names for the address's path slugs.
 */
export function featuredFilter(
  props: Pick<FeaturedStockProps, 'source' | 'make' | 'search'>,
  sorts: SortNames,
  pages: Page[],
  names: NameBook = new NameBook(),
  types?: PageTypes,
): FeaturedFilter {
  switch (props.source) {
    case 'new-arrivals':
      return {
        ok: true,
        query: {
          indexName: sorts.newest,
          filters: [AVAILABLE],
          seeAll: searchUrlFor({ sortBy: sorts.newest }, { paths: true }),
        },
      };
    case 'specials':
      return {
        ok: true,
        query: {
          indexName: sorts.relevance,
          filters: [AVAILABLE, 'price > 0', 'before_price > 0'],
          reducedOnly: true,
        },
      };
    case 'make': {
      const make = props.make?.trim();
      if (!make) return fail('Choose the make to show (Which cars is One make)');
      const state: SearchRouteState = { refinementList: { make: [make] } };
      return {
        ok: true,
        query: {
          indexName: sorts.relevance,
          filters: [AVAILABLE, anyOf('make', [make])],
          seeAll: searchUrlFor(state, { paths: true }),
        },
      };
    }
    case 'search':
      if (!props.search)
        return fail('Give the stock search address (Which cars is A stock search)');
      return fromAddress(props.search, sorts, pages, names, types);
    default:
      return fail(`Unknown choice of cars "${String(props.source)}"`);
  }
}
