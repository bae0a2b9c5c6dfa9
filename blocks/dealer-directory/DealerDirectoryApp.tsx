/**
 * Dealer directory UI (its own chunk): the Dealer_production index (one record per
 * dealership), searched by name, town and make, filtered by categories (New, Demo, Used,
 * Caravans, Motorcycles, the makes sold new) and price (each dealership's cheapest car),
 * 21 to a page. Each of this site's dealerships links to its stock (the dealer link).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useConfigure, useHits, useInstantSearch } from 'react-instantsearch';
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
                  {local && dealer.stock_count > 0 ? (
                    <Link
                      to={dealershipSearchUrl(dealer.slug)}
                      className="fc-button fc-button--secondary"
                    >
                      View {number(dealer.stock_count)} {dealer.stock_count === 1 ? 'car' : 'cars'}
                    </Link>
                  ) : (
                    dealer.stock_count > 0 && (
                      <p className="fc-dealer-directory__none">
                        {number(dealer.stock_count)} cars in stock
                      </p>
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
