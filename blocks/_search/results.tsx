/**
 * Results side of the search page: the three loading states, the count (with the 1999
 * rule), the Show Me button, car cards with pagination or infinite scroll, and the
 * visitor's recent searches.
 *
 * Loading states (docs/search-ui.md, "Results, states, count"): loading, error, data. While loading, or after an error, the
 * previous hits, facets and count stay on screen (InstantSearch keeps its last results
 * until new ones arrive); loading marks the results busy, an error says so in an alert
 * with a retry button, without wiping anything.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useHits, useInfiniteHits, useInstantSearch, usePagination } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { displayCount } from '../../engine/search/result-count.ts';
import { CarCard as DefaultCarCard, type CardCar, type CarCardProps } from '../_cars/CarCard.tsx';
import { readHistory, safeLocalStorage, type HistoryEntry } from './history.ts';
import { useAnimatedNumber, usePrefersReducedMotion } from './hooks.ts';

export type SearchStatus = 'loading' | 'error' | 'data';

/** The three states the page shows, from InstantSearch's status. */
export function useSearchStatus(): { status: SearchStatus; error?: Error; retry: () => void; hasResults: boolean } {
  const { status, error, refresh, results } = useInstantSearch({ catchError: true });
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const mapped: SearchStatus = status === 'error' ? 'error' : status === 'loading' || status === 'stalled' || !hasResults ? 'loading' : 'data';
  return { status: mapped, error: status === 'error' ? error : undefined, retry: refresh, hasResults };
}

/** The result count as visitors see it: over 1999, the site's stock count or the car-type facet's sum. */
export function useDisplayCount(): number {
  const { results, indexUiState } = useInstantSearch();
  const stock = useRef<number | undefined>(undefined);
  const nbHits = results?.nbHits ?? 0;
  const refined =
    !!indexUiState.query ||
    Object.values(indexUiState.refinementList ?? {}).some((v) => v.length > 0) ||
    Object.keys(indexUiState.range ?? {}).length > 0 ||
    Object.keys(indexUiState.menu ?? {}).length > 0;
  if (!refined && results && !(results as { __isArtificial?: boolean }).__isArtificial) stock.current = nbHits;
  const chosenTypes = indexUiState.refinementList?.car_type ?? [];
  const typeCounts = (results?.getFacetValues?.('car_type', {}) ?? []) as { name: string; count: number }[] | undefined;
  const facetCounts = Array.isArray(typeCounts)
    ? Object.fromEntries(typeCounts.filter((v) => !chosenTypes.length || chosenTypes.includes(v.name)).map((v) => [v.name, v.count]))
    : undefined;
  return displayCount(nbHits, { refined, stockCount: stock.current, facetCounts });
}

export function StatusBanner() {
  const { status, retry } = useSearchStatus();
  if (status === 'error') {
    return (
      <div className="fc-search-status fc-search-status--error" role="alert">
        <p>We couldn’t update the results just now. The cars below are from your last search.</p>
        <button type="button" className="fc-button fc-button--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="fc-search-status" aria-hidden={status !== 'loading'}>
      {status === 'loading' && <span className="fc-search-status__bar" />}
    </div>
  );
}

export function carNoun(count: number, t: (s: string) => string) {
  return count === 1 ? t('car') : t('cars');
}

/** "1,234 cars", read out politely when it changes. */
export function ResultCount() {
  const { number, t } = useSite();
  const count = useDisplayCount();
  const { hasResults } = useSearchStatus();
  return (
    <p className="fc-search-count" aria-live="polite" aria-atomic="true">
      {hasResults ? `${number(count)} ${carNoun(count, t)}` : t('Finding cars…')}
    </p>
  );
}

/** "Show Me 1,234 Cars": counts up or down to each new total, then takes the visitor to the results. */
export function ShowMeButton({ resultsId, onShow }: { resultsId: string; onShow?: () => void }) {
  const { number } = useSite();
  const count = useDisplayCount();
  const shown = useAnimatedNumber(count);
  const reduced = usePrefersReducedMotion();
  return (
    <button
      type="button"
      className="fc-button fc-search-show-me"
      onClick={() => {
        onShow?.();
        const target = document.getElementById(resultsId);
        target?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
        target?.focus({ preventScroll: true });
      }}
    >
      Show Me <span className="fc-search-show-me__count">{number(shown)}</span> {count === 1 ? 'Car' : 'Cars'}
    </button>
  );
}

interface ResultsProps {
  infinite: boolean;
  CarCard?: ComponentType<CarCardProps>;
  /** Lays the cars out (default: a plain grid; the car blocks' CarGrid adds promo tiles). */
  Grid?: ComponentType<GridProps>;
  /** Scrolled to after a page change. */
  resultsId: string;
  /** Shown when nothing matches (leave out when the page shows its own message). */
  emptyText?: string;
}

export function Results(props: ResultsProps) {
  return props.infinite ? <InfiniteResults {...props} /> : <PagedResults {...props} />;
}

export interface GridProps {
  cars: CardCar[];
  CarCard?: ComponentType<CarCardProps>;
  offset?: number;
}

function Grid({ cars, CarCard = DefaultCarCard, offset = 0 }: GridProps) {
  return (
    <ol className="fc-search-results-grid">
      {cars.map((car, i) => (
        <li key={car.objectID}>
          <CarCard car={car} position={offset + i} />
        </li>
      ))}
    </ol>
  );
}

/** No cars to list: before the first results arrive, say so; an empty result is the page's to word. */
function Empty({ text }: { text?: string }) {
  const { hasResults } = useSearchStatus();
  if (!hasResults) return <p className="fc-search-results-empty">Finding cars…</p>;
  return text ? <p className="fc-search-results-empty">{text}</p> : null;
}

function PagedResults({ CarCard, Grid: G = Grid, resultsId, emptyText }: ResultsProps) {
  const { items } = useHits<CardCar>();
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({ padding: 2 });
  const reduced = usePrefersReducedMotion();
  const go = (page: number) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    refine(page);
    const target = document.getElementById(resultsId);
    target?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };
  if (!items.length) return <Empty text={emptyText} />;
  return (
    <>
      <G cars={items} CarCard={CarCard} />
      {nbPages > 1 && (
        <nav className="fc-search-pagination" aria-label="Result pages">
          <ul>
            <li>
              {isFirstPage ? (
                <span className="fc-search-pagination__edge" aria-disabled="true">
                  Previous
                </span>
              ) : (
                <a href={createURL(currentRefinement - 1)} onClick={go(currentRefinement - 1)} rel="prev">
                  Previous
                </a>
              )}
            </li>
            {pages.map((page) => (
              <li key={page}>
                <a
                  href={createURL(page)}
                  onClick={go(page)}
                  aria-current={page === currentRefinement ? 'page' : undefined}
                  aria-label={`Page ${page + 1}`}
                >
                  {page + 1}
                </a>
              </li>
            ))}
            <li>
              {isLastPage ? (
                <span className="fc-search-pagination__edge" aria-disabled="true">
                  Next
                </span>
              ) : (
                <a href={createURL(currentRefinement + 1)} onClick={go(currentRefinement + 1)} rel="next">
                  Next
                </a>
              )}
            </li>
          </ul>
        </nav>
      )}
    </>
  );
}

function InfiniteResults({ CarCard, Grid: G = Grid, emptyText }: ResultsProps) {
  const { items, isLastPage, showMore } = useInfiniteHits<CardCar>({ showPrevious: false });
  const sentinel = useRef<HTMLDivElement>(null);
  const showMoreRef = useRef(showMore);
  showMoreRef.current = showMore;
  const { status } = useSearchStatus();
  const busy = status === 'loading';
  useEffect(() => {
    const el = sentinel.current;
    if (!el || isLastPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) showMoreRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [isLastPage, items.length]);
  if (!items.length) return <Empty text={emptyText} />;
  return (
    <>
      <G cars={items} CarCard={CarCard} />
      {!isLastPage && (
        <div ref={sentinel} className="fc-search-more">
          <button type="button" className="fc-button fc-button--secondary" onClick={showMore} disabled={busy}>
            {busy ? 'Loading…' : 'Show more cars'}
          </button>
        </div>
      )}
    </>
  );
}

/** The visitor's last searches on this site (read after hydration; the server renders none). */
export function SearchHistory({ siteSlug, version }: { siteSlug: string; version: number }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  useEffect(() => {
    setEntries(readHistory(safeLocalStorage(), siteSlug));
  }, [siteSlug, version]);
  if (!entries.length) return null;
  return (
    <nav className="fc-search-history" aria-label="Recent searches">
      <h3>Recent searches</h3>
      <ul>
        {entries.map((e) => (
          <li key={e.url}>
            <Link to={e.url} reloadDocument={false}>
              {e.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Page buttons for the directories (21 to a page; a page is an offset of page × 21). */
export function DirectoryPages({ label }: { label: string }) {
  const { pages, currentRefinement, nbPages, refine } = usePagination({ padding: 3 });
  if (nbPages < 2) return null;
  return (
    <nav className="fc-search-pagination" aria-label={label}>
      <ul>
        {pages.map((page) => (
          <li key={page}>
            <button type="button" aria-current={page === currentRefinement ? 'page' : undefined} aria-label={`Page ${page + 1}`} onClick={() => refine(page)}>
              {page + 1}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
