/**
 * The search the visitor sees, in the engine's parameters (docs/search-ui.md, "Saved
 * searches"): the alert job runs them on the site's engine to find new matching cars, so
 * they say what InstantSearch asks for the same state, without its helper.
 */
import type { UiState } from 'instantsearch.js';
import type { SavedSearchParams } from '../../../schemas/types.gen.ts';

type IndexUiState = UiState[string];

export function savedSearchParams(state: IndexUiState): SavedSearchParams {
  const facetFilters: (string | string[])[] = [];
  for (const [attribute, values] of Object.entries(state.refinementList ?? {}))
    if (values.length) facetFilters.push(values.map((v) => `${attribute}:${v}`));
  for (const [attribute, value] of Object.entries(state.menu ?? {}))
    if (value) facetFilters.push([`${attribute}:${value}`]);
  const numericFilters: string[] = [];
  for (const [attribute, range] of Object.entries(state.range ?? {})) {
    const [min, max] = String(range).split(':');
    if (min && Number.isFinite(Number(min))) numericFilters.push(`${attribute}>=${Number(min)}`);
    if (max && Number.isFinite(Number(max))) numericFilters.push(`${attribute}<=${Number(max)}`);
  }
  return {
    ...(state.query ? { query: state.query.slice(0, 200) } : {}),
    ...(facetFilters.length ? { facetFilters } : {}),
    ...(numericFilters.length ? { numericFilters } : {}),
  };
}
