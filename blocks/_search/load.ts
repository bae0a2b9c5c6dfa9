/** What search blocks load before they render (server and client-side navigation). */
import { createElement, type ComponentType } from 'react';
import type { BlockLoadContext, BlockRenderProps } from '../../engine/render/block.ts';
import type { PageHead } from '../../engine/render/head.ts';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { InstantSearchServerState } from 'react-instantsearch';
import type { LiteClient } from 'algoliasearch/lite';
import { cardImage, cardPhoto } from '../_cars/images.ts';
import type { CarLike } from '../_cars/rules.ts';
import { serverStateOf } from './ssr.tsx';
import { slugify } from '../../engine/slug.ts';
import { readSearchPath, type NameBookData } from './url-state.ts';

export interface SearchBlockData {
  /** The time the site filter's sold cutoff is computed from (the server's, so hydration searches alike). */
  now: number;
  /** Make and model names for the slugs in the path (/search/land-rover → Land Rover). */
  names?: NameBookData;
  /** InstantSearch's server state: the results the HTML was rendered with. */
  serverState?: InstantSearchServerState;
  /** Origin the server searched (its own, for the embedded engine). */
  origin?: string;
  /** The first result's photo as the page's main image (see engine/render/head.ts). */
  head?: PageHead;
}

type FacetResult = { facets?: Record<string, Record<string, number>> };

/**
 * Turns the make and model slugs of a /search path into the index's own names, with one
 * facet query (hitsPerPage 0). Only needed when the path names a make.
 */
export async function resolvePathNames(
  client: LiteClient,
  indexName: string,
  filters: string,
  pathname: string,
): Promise<NameBookData | undefined> {
  const meaning = readSearchPath(pathname);
  if (!meaning.makeSlug) return undefined;
  const response = (await client.search({
    requests: [{ indexName, query: '', hitsPerPage: 0, facets: ['make', 'make_model'], maxValuesPerFacet: 1000, filters }],
  })) as { results: FacetResult[] };
  const facets = response.results[0]?.facets ?? {};
  const makes = Object.keys(facets.make ?? {});
  const make = makes.find((m) => slugify(m) === meaning.makeSlug);
  const names: NameBookData = { makes: make ? [make] : [] };
  if (make && meaning.modelSlug) {
    const models = Object.keys(facets.make_model ?? {})
      .filter((mm) => mm.startsWith(`${make} `))
      .map((mm) => mm.slice(make.length + 1))
      .filter((m) => slugify(m) === meaning.modelSlug);
    names.models = { [make]: models.slice(0, 1) };
  }
  return names;
}

/**
 * The load of a search block whose UI is `ensureUi()`: resolves path names, and on the
 * server renders the UI once to collect and run its searches (see ssr.tsx).
 */
export async function loadSearchBlock<P>(
  ctx: BlockLoadContext<P>,
  ensureUi: () => Promise<ComponentType<BlockRenderProps<P>>>,
  options: { resolveNames?: boolean; preloadFirstPhoto?: boolean } = {},
): Promise<SearchBlockData> {
  const server = import.meta.env?.SSR ?? typeof window === 'undefined';
  const now = Date.now();
  const data: SearchBlockData = { now };
  // The client comes with the search UI's chunk, not the block module the page preloads.
  const { searchClientFor } = await import('./client.ts');
  const client = searchClientFor(ctx.site.search, server ? ctx.url.origin : undefined, ctx.site.slug);
  const [, names] = await Promise.all([
    ensureUi(),
    options.resolveNames
      ? resolvePathNames(client, ctx.site.search.index, buildSiteFilter(ctx.site, { now }), ctx.url.pathname).catch((err: unknown) => {
          console.warn('[forecourt] could not resolve the search path names', err);
          return undefined;
        })
      : undefined,
  ]);
  if (names) data.names = names;
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
      console.error(`[forecourt] server search for block "${ctx.block.id}" failed:`, err);
    }
    const photo = options.preloadFirstPhoto ? firstPhoto(data.serverState) : undefined;
    if (photo) {
      const image = cardImage(photo);
      data.head = { preloadImage: { href: image.src, srcset: image.srcSet, sizes: image.sizes } };
    }
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
