/**
 * The quick search's choices: one facet query of the site's stock (no cars, just the makes,
 * models, body types and the price and weekly maxima), run on the server so the form is in
 * the page's HTML. The search client is imported on demand: a page that only shows the form
 * never loads it (docs/content-blocks.md, "Quick search").
 */
import type { BlockLoadContext } from '../../engine/render/block.ts';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { QuickSearchProps } from '../../schemas/resolved.gen.ts';
import { optionsFromFacets, type QuickSearchData, type StockFacets } from './rules.ts';

/** The facets the form is built from. */
export const QUICK_FACETS = ['make', 'make_model', 'simple_body', 'price', 'weekly_price'];

type LegacySearch = (
  requests: { indexName: string; params: Record<string, unknown> }[],
) => Promise<{ results: StockFacets[] }>;

export async function loadQuickSearch({
  site,
  url,
}: BlockLoadContext<QuickSearchProps>): Promise<QuickSearchData> {
  const server = typeof window === 'undefined';
  const { searchClientFor } = await import('../_search/client.ts');
  const client = searchClientFor(site.search, server ? url.origin : undefined, site.slug);
  // The request list form, as blocks/_cars/data.ts sends it: the browser's client may be shared with a hydrated InstantSearch.
  const search = client.search as unknown as LegacySearch;
  try {
    const response = await search.call(client, [
      {
        indexName: site.search.index,
        params: {
          query: '',
          hitsPerPage: 0,
          facets: QUICK_FACETS,
          maxValuesPerFacet: 1000,
          filters: buildSiteFilter(site),
        },
      },
    ]);
    return optionsFromFacets(response.results[0] ?? {});
  } catch (err) {
    // The form still works without choices from stock: it offers "any" and the budgets.
    console.error('[forecourt] quick search: could not read the stock facets', err);
    return { makes: [], bodies: [] };
  }
}
