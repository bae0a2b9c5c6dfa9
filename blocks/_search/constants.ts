import { CAR_LIST_FACETS, CAR_RANGE_FACETS } from '../../schemas/car-attributes.gen.ts';

/** The search box waits this long after the last keystroke before searching (docs/search-ui.md, "Filters"). */
export const SEARCH_DELAY_MS = 300;

/**
 * Every list filter a search address may name: the car schema's list facets (x-facet: list;
 * docs/search-ui.md, "Filters").
 */
export const URL_LIST_ATTRIBUTES: ReadonlySet<string> = new Set(CAR_LIST_FACETS);

/** The range filters a search address may carry (the search page's sliders): the car schema's x-facet: range. */
export const RANGE_ATTRIBUTES: ReadonlySet<string> = new Set(CAR_RANGE_FACETS);
