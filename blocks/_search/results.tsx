/**
 * Results side of the search page: car cards with pagination or infinite scroll, and the
 * directories' page buttons. Its other parts have modules of their own: the loading states
 * (search-status.tsx), the count (result-count.tsx), the Show Me button (ShowMeButton.tsx)
 * and the visitor's recent searches (SearchHistory.tsx).
 */
import { useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useHits, useInfiniteHits, usePagination } from 'react-instantsearch';
import { CarCard as DefaultCarCard, type CardCar, type CarCardProps } from '../_cars/CarCard.tsx';
import { usePrefersReducedMotion } from './hooks.ts';
import { useSearchStatus } from './search-status.tsx';

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

/**
 * The grid, made again only when the cars or the results they came with change: InstantSearch
 * re-renders every widget when the search's status changes (loading, then its results), and
 * every card re-rendered with it (docs/search-ui.md, "Interaction speed").
 */
function useGrid(
  G: ComponentType<GridProps>,
  items: CardCar[],
  results: unknown,
  CarCard?: ComponentType<CarCardProps>,
) {
  const ids = items.map((car) => car.objectID).join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the cars are known by their ids and results
  return useMemo(() => <G cars={items} CarCard={CarCard} />, [G, ids, results, CarCard]);
}

/** No cars to list: before the first results arrive, say so; an empty result is the page's to word. */
function Empty({ text }: { text?: string }) {
  const { hasResults } = useSearchStatus();
  if (!hasResults) return <p className="fc-search-results-empty">Finding cars…</p>;
  return text ? <p className="fc-search-results-empty">{text}</p> : null;
}

function PagedResults({ CarCard, Grid: G = Grid, resultsId, emptyText }: ResultsProps) {
  const { items, results } = useHits<CardCar>();
  const grid = useGrid(G, items, results, CarCard);
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
      {grid}
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
  const { items, results, isLastPage, showMore } = useInfiniteHits<CardCar>({
    showPrevious: false,
  });
  const grid = useGrid(G, items, results, CarCard);
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
      {grid}
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
