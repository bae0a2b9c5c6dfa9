/** What search blocks load before they render (server and client-side navigation). */
import { createElement, type ComponentType } from 'react';
import type { BlockLoadContext, BlockRenderProps } from '../../engine/render/block.ts';
import type { PageHead } from '../../engine/render/head.ts';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { InstantSearchServerState } from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import { cardPhoto } from '../_cars/images.ts';
import { photoPreload, type PhotoLayout } from '../_shared/photo.ts';
import type { CarLike } from '../_cars/rules.ts';
import { RANGE_ATTRIBUTES } from './constants.ts';
import { serverStateOf } from './ssr.tsx';
import { slugify } from '../../engine/slug.ts';
import { parse } from './qs.ts';
import type { FacetStatsLike } from './slider-rules.ts';
import { readSearchPath, type NameBookData } from './url-state.ts';
import type { DescribedKind } from './describe.ts';

export interface SearchBlockData {
  /** The time the site filter's sold cutoff is computed from (the server's, so hydration searches alike). */
  now: number;
  /** Make and model names for the slugs in the path (/search/land-rover → Land Rover). */
  names?: NameBookData;
  /**
   * Facet stats of the site's stock for the sliders the URL refines: a URL value outside
   * them is ignored rather than searched (slider-rules.ts, `tidyRanges`).
   */
  rangeStats?: Record<string, FacetStatsLike>;
  /** InstantSearch's server state: the results the HTML was rendered with. */
  serverState?: InstantSearchServerState;
  /** Origin the server searched (its own, for the embedded engine). */
  origin?: string;
  /** The first result's photo as the page's main image, and the page's description when its document gives none (see engine/render/head.ts). */
  head?: PageHead;
}

type FacetResult = {
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStatsLike>;
};

/** Attributes a URL may slide (docs/search-ui.md, "Filters"). */

/** The sliders a URL's query string refines (range[price]=…). */
export function rangeAttributesIn(search: string): string[] {
  const range = (parse(search) as Record<string, unknown>).range;
  if (!range || typeof range !== 'object' || Array.isArray(range)) return [];
  return Object.keys(range).filter((a) => RANGE_ATTRIBUTES.has(a));
}

export interface UrlFacts {
  names?: NameBookData;
  rangeStats?: Record<string, FacetStatsLike>;
}

/**
 * What a search URL needs from the index before it is searched, in one facet query
 * (hitsPerPage 0), only when the URL asks for it: the index's own names for the make and
 * model slugs of a /search path, and the stock's range of each slider the query string
 * refines. The request uses the multi-query form every client here accepts (the browser's
 * client, once InstantSearch has hydrated it with the server's results, takes only that one).
 */
export async function resolveUrlFacts(
  client: LiteClient,
  indexName: string,
  filters: string,
  url: { pathname: string; search: string },
): Promise<UrlFacts> {
  const meaning = readSearchPath(url.pathname);
  const ranges = rangeAttributesIn(url.search);
  if (!meaning.makeSlug && !ranges.length) return {};
  const facets = [...(meaning.makeSlug ? ['make', 'make_model'] : []), ...ranges];
  const response = (await client.search([
    { indexName, params: { query: '', hitsPerPage: 0, facets, maxValuesPerFacet: 1000, filters } },
  ] as unknown as Parameters<LiteClient['search']>[0])) as { results: FacetResult[] };
  const result = response.results[0] ?? {};
  const facts: UrlFacts = {};
  if (ranges.length)
    facts.rangeStats = Object.fromEntries(
      ranges.filter((a) => result.facets_stats?.[a]).map((a) => [a, result.facets_stats![a]]),
    );
  if (!meaning.makeSlug) return facts;
  const values = result.facets ?? {};
  const make = Object.keys(values.make ?? {}).find((m) => slugify(m) === meaning.makeSlug);
  const names: NameBookData = { makes: make ? [make] : [] };
  if (make && meaning.modelSlug) {
    const models = Object.keys(values.make_model ?? {})
      .filter((mm) => mm.startsWith(`${make} `))
      .map((mm) => mm.slice(make.length + 1))
      .filter((m) => slugify(m) === meaning.modelSlug);
    names.models = { [make]: models.slice(0, 1) };
  }
  facts.names = names;
  return facts;
}

/**
 * The load of a search block whose UI is `ensureUi()`: resolves path names, and on the
 * server renders the UI once to collect and run its searches (see ssr.tsx).
 */
export async function loadSearchBlock<P>(
  ctx: BlockLoadContext<P>,
  ensureUi: () => Promise<ComponentType<BlockRenderProps<P>>>,
  options: {
    resolveNames?: boolean;
    /** The head preloads the first car's photo, laid out as the page's cards lay it out. */
    preloadFirstPhoto?: PhotoLayout;
    /** Describes the page for search engines with this heading ('' for the car search's own wording) unless its document has a description. */
    describeAs?: { heading: string; kind?: DescribedKind };
  } = {},
): Promise<SearchBlockData> {
  const server = import.meta.env?.SSR ?? typeof window === 'undefined';
  const now = Date.now();
  const data: SearchBlockData = { now };
  // The client comes with the search UI's chunk, not the block module the page preloads.
  const { searchClientFor } = await import('./client.ts');
  const client = searchClientFor(
    ctx.site.search,
    server ? ctx.url.origin : undefined,
    ctx.site.slug,
  );
  const [, facts] = await Promise.all([
    ensureUi(),
    options.resolveNames
      ? resolveUrlFacts(
          client,
          ctx.site.search.index,
          buildSiteFilter(ctx.site, { now }),
          ctx.url,
        ).catch((err: unknown) => {
          console.warn('[forecourt] could not resolve the search path names', err);
          return undefined;
        })
      : undefined,
  ]);
  if (facts?.names) data.names = facts.names;
  if (facts?.rangeStats) data.rangeStats = facts.rangeStats;
  if (server) {
    data.origin = ctx.url.origin;
    const Ui = await ensureUi();
    try {
      data.serverState = await serverStateOf(
        ctx as BlockLoadContext<unknown>,
        createElement(Ui, { props: ctx.props, block: ctx.block, slots: {}, data: { ...data } }),
      );
    } catch (err) {
      // The page still renders; the browser searches when it hydrates (and shows its error state if it must).
      const status = (err as { status?: unknown } | null)?.status;
      if (typeof status === 'number' && status >= 400 && status < 500)
        // The search service refused what this address asked (a 4xx): one line, not a stack trace per visit.
        console.warn(
          `[forecourt] server search for block "${ctx.block.id}" refused (${status}): ${(err as Error).message}`,
        );
      else console.error(`[forecourt] server search for block "${ctx.block.id}" failed:`, err);
    }
    const layout = options.preloadFirstPhoto;
    const photo = layout ? firstPhoto(data.serverState) : undefined;
    if (photo && layout) data.head = { preloadImage: photoPreload(photo, layout) };
    // Server only: the words and their rules stay out of the page's JavaScript.
    const description =
      options.describeAs === undefined
        ? undefined
        : (await import('./describe.ts')).describeSearchPage(
            ctx,
            data.serverState,
            options.describeAs,
          );
    if (description) data.head = { ...data.head, description };
  }
  return data;
}

/** The photo of the first car in the server's results (the first card, the page's largest paint). */
function firstPhoto(state: InstantSearchServerState | undefined): string | undefined {
  for (const entry of Object.values(state?.initialResults ?? {})) {
    const hit = entry.results?.[0]?.hits?.[0] as CarLike | undefined;
    if (hit) return cardPhoto(hit);
  }
  return undefined;
}
