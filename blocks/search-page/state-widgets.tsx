/**
 * Search page widgets that render nothing: the search's configuration, scroll memory, the
 * names learnt from results, and the hidden lists and ranges that keep a URL's filters.
 */
import { useEffect } from 'react';
import { useConfigure, useInstantSearch, useRange, useRefinementList } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import { CARD_FIELDS } from '../_cars/CarCard.tsx';
import { type Anchors, useScrollMemory } from '../_search/scroll-memory.ts';
import type { NameBook } from '../_search/url-state.ts';

/** The site's base filter (with the sort's price rule), page size and the fields cards need. */
export function SearchConfig({ now, pageSize }: { now: number; pageSize: number }) {
  const { site } = useSite();
  const { indexUiState } = useInstantSearch();
  const indexName = indexUiState.sortBy ?? site.search.index;
  const filters = buildSiteFilter(site, { now, indexName });
  // Only what the cards show, and no highlighting (the cards do not use it): a smaller page payload.
  useConfigure({
    filters,
    hitsPerPage: pageSize,
    attributesToRetrieve: [...CARD_FIELDS],
    attributesToHighlight: [],
  });
  return null;
}

/** The result cards, by which Back finds the car the visitor was looking at. */
const RESULT_CARDS: Anchors = {
  selector: '.fc-search-page__results .fc-car-card[data-car-id]',
  attribute: 'data-car-id',
};

/** Back from a car page lands where the visitor was (../_search/scroll-memory.ts). */
export function ScrollMemory({ restore }: { restore: boolean }) {
  const { results } = useInstantSearch();
  const ready = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  useScrollMemory(restore, ready, RESULT_CARDS);
  return null;
}

/** Remembers make and model names seen in results, so /search/{make}/{model} slugs read back exactly. */
export function LearnNames({ book }: { book: NameBook }) {
  const { results, indexUiState } = useInstantSearch();
  useEffect(() => {
    if (!results) return;
    const makes = (results.getFacetValues?.('make', {}) ?? []) as { name: string }[];
    if (Array.isArray(makes)) for (const m of makes) book.addMake(m.name);
    const chosen = indexUiState.refinementList?.make ?? [];
    const models = (results.getFacetValues?.('model', {}) ?? []) as { name: string }[];
    if (chosen.length === 1 && Array.isArray(models))
      for (const m of models) book.addModel(chosen[0], m.name);
  }, [results, indexUiState, book]);
  return null;
}

export function VirtualList({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 10 });
  return null;
}

export function VirtualRange({ attribute }: { attribute: string }) {
  useRange({ attribute });
  return null;
}
