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
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { useHits, useInfiniteHits, useInstantSearch, usePagination } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { displayCount } from '../../engine/search/result-count.ts';
import { CarCard as DefaultCarCard, type CardCar, type CarCardProps } from '../_cars/CarCard.tsx';
import { readHistory, safeLocalStorage, type HistoryEntry } from './history.ts';
import { useAnimatedNumber, usePrefersReducedMotion } from './hooks.ts';

export type SearchStatus = 'loading' | 'error' | 'data';

/** The three states the page shows, from InstantSearch's status. */
export function useSearchStatus(): {
  status: SearchStatus;
  error?: Error;
  retry: () => void;
  hasResults: boolean;
} {
  const { status, error, refresh, results } = useInstantSearch({ catchError: true });
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const mapped: SearchStatus =
    status === 'error'
      ? 'error'
      : status === 'loading' || status === 'stalled' || !hasResults
        ? 'loading'
        : 'data';
  return {
    status: mapped,
    error: status === 'error' ? error : undefined,
    retry: refresh,
    hasResults,
  };
}

type ResultsState = {
  query?: string;
  facetsRefinements?: Record<string, string[]>;
  disjunctiveFacetsRefinements?: Record<string, string[]>;
  hierarchicalFacetsRefinements?: Record<string, string[]>;
  numericRefinements?: Record<string, Record<string, unknown[]>>;
  tagRefinements?: string[];
};

const anyValues = (lists: Record<string, unknown[]> | undefined) =>
  Object.values(lists ?? {}).some((v) => Array.isArray(v) && v.length > 0);

/** Whether the search that produced some results was refined (a query, a filter or a range). */
export function refinedIn(state: ResultsState | undefined): boolean {
  if (!state) return false;
  return (
    !!state.query ||
    anyValues(state.facetsRefinements) ||
    anyValues(state.disjunctiveFacetsRefinements) ||
    anyValues(state.hierarchicalFacetsRefinements) ||
    Object.values(state.numericRefinements ?? {}).some((ops) => anyValues(ops)) ||
    (state.tagRefinements?.length ?? 0) > 0
  );
}

/**
 * The result count as visitors see it: over 1999, the site's stock count or the car-type
 * facet's sum. Worked out from the results on screen and the search that produced them,
 * never from a refinement whose results have not arrived yet (that mix showed counts that
 * were neither the old nor the new one while a search was on its way). InstantSearch
 * patches the latest results with the current refinements before new results arrive (to
 * make widgets optimistic), so what the results were searched with is read once, when
 * they arrive, and kept with them.
 */
export function useDisplayCount(): number {
  const { results } = useInstantSearch();
  const stock = useRef<number | undefined>(undefined);
  const searched = useRef<{ results?: unknown; refined: boolean; types: string[] }>({
    refined: false,
    types: [],
  });
  const real = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  if (searched.current.results !== results) {
    const state = (results as unknown as { _state?: ResultsState } | undefined)?._state;
    searched.current = {
      results,
      refined: refinedIn(state),
      types: [
        ...(state?.disjunctiveFacetsRefinements?.car_type ??
          state?.facetsRefinements?.car_type ??
          []),
      ],
    };
  }
  const { refined, types } = searched.current;
  const nbHits = results?.nbHits ?? 0;
  if (!refined && real) stock.current = nbHits;
  const typeCounts = (results?.getFacetValues?.('car_type', {}) ?? []) as
    { name: string; count: number }[] | undefined;
  const facetCounts = Array.isArray(typeCounts)
    ? Object.fromEntries(
        typeCounts
          .filter((v) => !types.length || types.includes(v.name))
          .map((v) => [v.name, v.count]),
      )
    : undefined;
  return displayCount(nbHits, { refined, stockCount: stock.current, facetCounts });
}

export function StatusBanner() {
  const { status, retry } = useSearchStatus();
  // Back online: try the search that failed again without being asked.
  useEffect(() => {
    if (status !== 'error') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status, retry]);
  // One polite live region whatever the state, so screen readers hear the change without an alarm,
  // and a fixed-height strip, so the cards never jump when loading starts or ends.
  return (
    <div
      className={`fc-search-status${status === 'error' ? ' fc-search-status--error' : ''}`}
      role="status"
      aria-live="polite"
    >
      {status === 'loading' && <span className="fc-search-status__bar" aria-hidden="true" />}
      {status === 'error' && (
        <p>
          We couldn’t update the results just now, so these cars are from your last search.{' '}
          <button type="button" className="fc-search-link-button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}

export function carNoun(count: number, t: (s: string) => string) {
  return count === 1 ? t('car') : t('cars');
}

/** "1,234 cars", read out politely when it changes. */
export function ResultCount({ id }: { id?: string }) {
  const { number, t } = useSite();
  const count = useDisplayCount();
  const { hasResults } = useSearchStatus();
  return (
    <p id={id} className="fc-search-count" aria-live="polite" aria-atomic="true">
      {hasResults ? `${number(count)} ${carNoun(count, t)}` : t('Finding cars…')}
    </p>
  );
}

/**
 * How much of the top of the window fixed or sticky bars (a site header, a notice) cover:
 * what scrolled "to the top" would hide under.
 */
export function topInset(): number {
  let inset = 0;
  // Environments without layout (server, jsdom) have no bars to measure.
  if (typeof document.elementFromPoint !== 'function') return inset;
  for (let y = 1; y < window.innerHeight / 3; y = Math.max(y + 4, inset + 1)) {
    let el = document.elementFromPoint(window.innerWidth / 2, y);
    let bar: Element | null = null;
    for (; el && el !== document.body; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky') bar = el;
    }
    if (!bar) break;
    inset = Math.max(inset, bar.getBoundingClientRect().bottom);
  }
  return inset;
}

/**
 * Brings the count and, under it, the first car into view (docs/search-ui.md, "Results,
 * states, count"): the count goes to the top of the window, below any fixed bar. `anchorId`
 * is the count (the results when absent).
 */
export function scrollToResults(
  resultsId: string,
  anchorId: string | undefined,
  behavior: ScrollBehavior,
) {
  const anchor =
    (anchorId && document.getElementById(anchorId)) || document.getElementById(resultsId);
  if (!anchor) return;
  const top = anchor.getBoundingClientRect().top + window.scrollY - topInset() - 8;
  window.scrollTo({ top: Math.max(0, top), behavior });
}

/** "Show Me 1,234 Cars": counts up or down to each new total, then takes the visitor to the results. */
export function ShowMeButton({
  resultsId,
  countId,
  onShow,
}: {
  resultsId: string;
  countId?: string;
  onShow?: () => void;
}) {
  const { number } = useSite();
  const count = useDisplayCount();
  const shown = useAnimatedNumber(count);
  const reduced = usePrefersReducedMotion();
  return (
    <button
      type="button"
      className="fc-button fc-search-show-me"
      onClick={() => {
        // Close the filter panel first and measure after it has gone (it sits above the results on phones).
        if (onShow) flushSync(onShow);
        document.getElementById(resultsId)?.focus({ preventScroll: true });
        scrollToResults(resultsId, countId, reduced ? 'auto' : 'smooth');
      }}
    >
      Show Me <span className="fc-search-show-me__count">{number(shown)}</span>{' '}
      {count === 1 ? 'Car' : 'Cars'}
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
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } =
    usePagination({ padding: 2 });
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
                <a
                  href={createURL(currentRefinement - 1)}
                  onClick={go(currentRefinement - 1)}
                  rel="prev"
                >
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
                <a
                  href={createURL(currentRefinement + 1)}
                  onClick={go(currentRefinement + 1)}
                  rel="next"
                >
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
          <button
            type="button"
            className="fc-button fc-button--secondary"
            onClick={showMore}
            disabled={busy}
          >
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
            <button
              type="button"
              aria-current={page === currentRefinement ? 'page' : undefined}
              aria-label={`Page ${page + 1}`}
              onClick={() => refine(page)}
            >
              {page + 1}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
