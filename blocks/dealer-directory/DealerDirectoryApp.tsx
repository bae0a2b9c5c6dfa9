/**
 * Dealer directory UI (its own chunk). One InstantSearch scope over the stock index: the
 * visitor's words, shopping categories and price range narrow the cars; the dealership facet
 * counts them per dealership, and the group's dealerships are listed with those counts,
 * 21 to a page (offset), each linking to its matching stock.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useConfigure, useInstantSearch, useRefinementList } from 'react-instantsearch';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { DealerDirectoryProps } from '../../schemas/types.gen.ts';
import { searchClientFor } from '../_search/client.ts';
import { DIRECTORY_PAGE_SIZE } from '../_search/directory.ts';
import { CheckboxFilter, RangeFilter, SearchBox, type SectionWrap } from '../_search/filters.tsx';
import type { SearchBlockData } from '../_search/load.ts';
import { SearchScope } from '../_search/SearchScope.tsx';
import { IS_SERVER } from '../_search/ssr.tsx';
import { normaliseState, searchUrlFor } from '../_search/url-state.ts';

export default function DealerDirectoryApp({ props, block, data }: BlockRenderProps<DealerDirectoryProps>) {
  const { site } = useSite();
  // Page data is read once: what the block started with (later URLs of the page bring new data it does not need).
  const [d] = useState(() => (data ?? {}) as Partial<SearchBlockData>);
  const client = useMemo(() => searchClientFor(site.search, IS_SERVER ? d.origin : undefined), [site.search, d.origin]);
  return (
    <SearchScope client={client} indexName={site.search.index} serverState={d.serverState}>
      <DirectoryConfig now={d.now ?? Date.now()} />
      <DealerDirectoryView props={props} blockId={block.id} />
    </SearchScope>
  );
}

function DirectoryConfig({ now }: { now: number }) {
  const { site } = useSite();
  useConfigure({ filters: buildSiteFilter(site, { now }), hitsPerPage: 0 });
  return null;
}

const plain = (title: string): SectionWrap =>
  function Wrap(content) {
    return (
      <div className="fc-dealer-directory__filter">
        <h3>{title}</h3>
        {content}
      </div>
    );
  };

function DealerDirectoryView({ props, blockId }: { props: DealerDirectoryProps; blockId: string }) {
  const { site, number, t } = useSite();
  const uid = useId();
  const dealers = useRefinementList({ attribute: 'dealership_slug', limit: 200 });
  const { indexUiState, results } = useInstantSearch();
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const [offset, setOffset] = useState(0);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const filterKey = JSON.stringify(normaliseState(indexUiState));
  // A new search starts from the first page of dealerships.
  useEffect(() => setOffset(0), [filterKey]);

  const counts = new Map(dealers.items.map((i) => [i.value, i.count]));
  const list = [...site.dealerships].sort((a, b) => (counts.get(b.slug) ?? 0) - (counts.get(a.slug) ?? 0) || a.name.localeCompare(b.name));
  const page = list.slice(offset, offset + DIRECTORY_PAGE_SIZE);
  const state = normaliseState(indexUiState);

  return (
    <section className="fc-dealer-directory" data-block-id={blockId} data-search-ready={ready ? 'true' : undefined} aria-labelledby={`${uid}-h`}>
      <div className="fc-container">
        <h2 id={`${uid}-h`}>{t(props.heading ?? 'Our dealerships')}</h2>
        <SearchBox placeholder={t(props.placeholder ?? 'What are you looking for? e.g. Hilux')} label="Search our dealerships' stock" />
        <div className="fc-dealer-directory__filters">
          {props.categories !== false && <CheckboxFilter attribute="categories" limit={8} legend="Categories" wrap={plain('Categories')} />}
          {props.priceRange !== false && <RangeFilter attribute="price" label="Price" wrap={plain('Price')} />}
        </div>
        <p className="fc-search-count" aria-live="polite">
          {hasResults ? `${number(results.nbHits)} cars at ${site.dealerships.length} dealerships` : 'Finding cars…'}
        </p>
        <ol className="fc-dealer-directory__grid">
          {page.map((dealer) => {
            const count = counts.get(dealer.slug) ?? 0;
            const locations = site.locations.filter((l) => l.dealership_slug === dealer.slug && l.visible !== false);
            const main = locations.find((l) => l.location_type === 'sales') ?? locations[0];
            const href = searchUrlFor(
              { ...state, refinementList: { ...state.refinementList, dealership_slug: [dealer.slug] } },
              { paths: true },
            );
            return (
              <li key={dealer.slug}>
                <article className="fc-dealer-directory__card">
                  <h3>{dealer.name}</h3>
                  {(dealer.manufacturers?.length ?? 0) > 0 && <p className="fc-dealer-directory__makes">{dealer.manufacturers!.join(', ')}</p>}
                  {main?.address && (
                    <p className="fc-dealer-directory__address">
                      {[main.address.street, main.address.city, [main.address.state, main.address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                    </p>
                  )}
                  {main?.contact_detail?.phone && (
                    <p>
                      <a href={`tel:${main.contact_detail.phone.replace(/\s+/g, '')}`}>{main.contact_detail.phone}</a>
                    </p>
                  )}
                  {count > 0 ? (
                    <Link to={href} className="fc-button fc-button--secondary">
                      View {number(count)} {count === 1 ? 'car' : 'cars'}
                    </Link>
                  ) : (
                    <p className="fc-dealer-directory__none">{hasResults ? 'No matching cars right now' : ''}</p>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
        {list.length > DIRECTORY_PAGE_SIZE && (
          <nav className="fc-search-pagination" aria-label="Dealership pages">
            <ul>
              {Array.from({ length: Math.ceil(list.length / DIRECTORY_PAGE_SIZE) }, (_, p) => (
                <li key={p}>
                  <button type="button" aria-current={offset === p * DIRECTORY_PAGE_SIZE ? 'page' : undefined} onClick={() => setOffset(p * DIRECTORY_PAGE_SIZE)}>
                    {p + 1}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
}
