/**
 * Dealer directory UI (its own chunk): the Dealer_production index (one record per
 * dealership), searched by name, town and make, filtered by categories (New, Demo, Used,
 * Caravans, Motorcycles, the makes sold new) and price (each dealership's cheapest car),
 * 21 to a page. Each of this site's dealerships links to its stock (the dealer link), with
 * the count that search lands on: the site's own stock filter, asked in the same multi-query
 * (docs/search-ui.md, "Directories"; the record's stock_count counts available cars only).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Index, useConfigure, useHits, useInstantSearch } from 'react-instantsearch';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { DealerDirectoryProps } from '../../schemas/resolved.gen.ts';
import { searchClientFor } from '../_search/client.ts';
import { DEALER_INDEX, DIRECTORY_PAGE_SIZE, dealerScopeFilter } from '../_search/directory.ts';
import { CheckboxFilter, type SectionWrap } from '../_search/filters.tsx';
import type { SearchBlockData } from '../_search/load.ts';
import { RangeFilter } from '../_search/RangeFilter.tsx';
import { DirectoryPages } from '../_search/results.tsx';
import { SearchBox } from '../_search/SearchBox.tsx';
import { SearchScope } from '../_search/SearchScope.tsx';
import { IS_SERVER } from '../_search/ssr.tsx';
import { dealershipSearchUrl } from '../_search/url-state.ts';

interface DealerHit {
  objectID: string;
  name: string;
  slug: string;
  site: string;
  categories: string[];
  price: number | null;
  stock_count: number;
  city: string;
  state: string;
  phone: string | null;
}

export default function DealerDirectoryApp({
  props,
  block,
  data,
}: BlockRenderProps<DealerDirectoryProps>) {
  const { site } = useSite();
  const [d] = useState(() => (data ?? {}) as Partial<SearchBlockData>);
  const client = useMemo(
    () => searchClientFor(site.search, IS_SERVER ? d.origin : undefined, site.slug),
    [site.search, d.origin, site.slug],
  );
  return (
    <SearchScope client={client} indexName={DEALER_INDEX} serverState={d.serverState}>
      <DirectoryConfig filters={dealerScopeFilter(site, props.scope)} />
      <Index indexName={site.search.index} indexId={STOCK_INDEX_ID}>
        <StockCountConfig now={d.now} />
      </Index>
      <DealerDirectoryView props={props} blockId={block.id} />
    </SearchScope>
  );
}

function DirectoryConfig({ filters }: { filters?: string }) {
  useConfigure({
    ...(filters ? { filters } : {}),
    hitsPerPage: DIRECTORY_PAGE_SIZE,
    attributesToHighlight: [],
  });
  return null;
}

/** The directory's second query: this site's stock, counted by dealership. */
const STOCK_INDEX_ID = 'dealer-directory-stock';

/** The site's base filter, as the search page a dealer link opens applies it. */
function StockCountConfig({ now }: { now?: number }) {
  const { site } = useSite();
  useConfigure({
    filters: buildSiteFilter(site, { now }),
    hitsPerPage: 0,
    facets: ['dealership_slug'],
    maxValuesPerFacet: 1000,
    attributesToHighlight: [],
  });
  return null;
}

/** Cars the site's search finds per dealership, once the stock query has answered. */
function useStockCounts(): Record<string, number> | undefined {
  const { scopedResults } = useInstantSearch();
  const stock = scopedResults.find((s) => s.indexId === STOCK_INDEX_ID)?.results as
    | { facets?: { name: string; data?: Record<string, number> }[]; __isArtificial?: boolean }
    | undefined;
  if (!stock || stock.__isArtificial) return undefined;
  return stock.facets?.find((f) => f.name === 'dealership_slug')?.data ?? {};
}

const plain = (title: string, Sub: 'h2' | 'h3'): SectionWrap =>
  function Wrap(content) {
    return (
      <div className="fc-dealer-directory__filter">
        <Sub>{title}</Sub>
        {content}
      </div>
    );
  };

function DealerDirectoryView({ props, blockId }: { props: DealerDirectoryProps; blockId: string }) {
  const { site, money, number, t } = useSite();
  const uid = useId();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  // One level below the block's heading (docs/search-ui.md, "Search engines and assistive technology").
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  const { items } = useHits<DealerHit>();
  const { results } = useInstantSearch();
  const counts = useStockCounts();
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <section
      className="fc-dealer-directory"
      data-block-id={blockId}
      data-search-ready={ready ? 'true' : undefined}
      aria-labelledby={`${uid}-h`}
    >
      <div className="fc-container">
        <Heading id={`${uid}-h`}>{t(props.heading)}</Heading>
        <SearchBox placeholder={t(props.placeholder)} label="Search dealerships" />
        <div className="fc-dealer-directory__filters">
          {props.categories && (
            <CheckboxFilter
              attribute="categories"
              limit={8}
              legend="Categories"
              wrap={plain('Categories', Sub)}
            />
          )}
          {props.priceRange && (
            <RangeFilter attribute="price" label="Cars from" wrap={plain('Cars from', Sub)} />
          )}
        </div>
        <p className="fc-search-count" aria-live="polite">
          {hasResults
            ? `${number(results.nbHits)} ${results.nbHits === 1 ? 'dealership' : 'dealerships'}`
            : 'Finding dealerships…'}
        </p>
        <ol className="fc-dealer-directory__grid">
          {items.map((dealer) => {
            const local = dealer.site === site.slug;
            // A dealer link shows what its search will find; another site's dealer, its record's count.
            const count = local && counts ? (counts[dealer.slug] ?? 0) : dealer.stock_count;
            const details = site.locations.find(
              (l) =>
                l.dealership_slug === dealer.slug &&
                l.visible !== false &&
                l.location_type === 'sales',
            );
            return (
              <li key={dealer.objectID}>
                <article className="fc-dealer-directory__card">
                  <Sub>{dealer.name}</Sub>
                  {dealer.categories.length > 0 && (
                    <p className="fc-dealer-directory__makes">{dealer.categories.join(' · ')}</p>
                  )}
                  <p className="fc-dealer-directory__address">
                    {details?.address
                      ? [
                          details.address.street,
                          details.address.city,
                          [details.address.state, details.address.postcode]
                            .filter(Boolean)
                            .join(' '),
                        ]
                          .filter(Boolean)
                          .join(', ')
                      : [dealer.city, dealer.state].filter(Boolean).join(', ')}
                  </p>
                  {dealer.phone && (
                    <p>
                      <a href={`tel:${dealer.phone.replace(/\s+/g, '')}`}>{dealer.phone}</a>
                    </p>
                  )}
                  {typeof dealer.price === 'number' && dealer.price > 0 && (
                    <p>Cars from {money(dealer.price)}</p>
                  )}
                  {local && count > 0 ? (
                    <Link
                      to={dealershipSearchUrl(dealer.slug)}
                      className="fc-button fc-button--secondary"
                    >
                      View {number(count)} {count === 1 ? 'car' : 'cars'}
                    </Link>
                  ) : (
                    count > 0 && (
                      <p className="fc-dealer-directory__none">{number(count)} cars in stock</p>
                    )
                  )}
                </article>
              </li>
            );
          })}
        </ol>
        {hasResults && !items.length && (
          <p className="fc-search-results-empty">No dealerships match your search.</p>
        )}
        <DirectoryPages label="Dealership pages" />
      </div>
    </section>
  );
}
