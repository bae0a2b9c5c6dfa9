/** A search page filter's type, and what its section shows given the site's switches. */
import type { SearchPageProps } from '../../schemas/resolved.gen.ts';
import { RANGE_ATTRIBUTES } from '../_search/constants.ts';

export type Filter = SearchPageProps['filters'][number];
type Display = Filter['display'];
/** What a filter section's frame needs (the model dropdown under make has no filter of its own). */
export type SectionOf = Pick<Filter, 'attribute' | 'label' | 'open'>;

/** What a section shows, given the site's switches. */
export function resolveDisplay(filter: Filter, makeCards: boolean): Exclude<Display, 'auto'> {
  const d = filter.display;
  const numeric = RANGE_ATTRIBUTES.has(filter.attribute);
  if (numeric) return 'slider';
  if (d === 'slider') return 'checkboxes';
  if (d === 'cards') return filter.attribute === 'make' ? 'cards' : 'checkboxes';
  if (d !== 'auto') return d;
  if (filter.attribute === 'make') return makeCards ? 'cards' : 'dropdown';
  if (filter.attribute === 'model') return 'dropdown';
  return 'checkboxes';
}
