/** The search page's sort select and the words of each sort. */
import { useId } from 'react';
import { useSortBy } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';

export const SORT_LABELS: Record<string, string> = {
  relevance: 'Recommended',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  year_desc: 'Year: newest first',
  km_asc: 'Kilometres: lowest first',
  newest: 'Recently added',
};

export function SortSelect({ items }: { items: { value: string; label: string }[] }) {
  const { options, currentRefinement, refine } = useSortBy({ items });
  const { t } = useSite();
  const id = useId();
  return (
    <div className="fc-search-sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={currentRefinement} onChange={(e) => refine(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
