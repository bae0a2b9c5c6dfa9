/** The result count as visitors see it (the 1999 rule), and "1,234 cars" on the page. */
import { useRef } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { displayCount } from '../../engine/search/result-count.ts';
import { useSearchStatus } from './search-status.tsx';

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
