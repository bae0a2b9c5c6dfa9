/** The chosen filters as chips that remove themselves, and Clear all. */
import { useCurrentRefinements, useInstantSearchContext } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { attributeLabel, carTypeLabel } from './labels.ts';

export function CurrentRefinements({
  rangeFormat,
}: {
  rangeFormat: (attribute: string, value: number) => string;
}) {
  const { site, t } = useSite();
  const { items } = useCurrentRefinements();
  const { mainIndex } = useInstantSearchContext();
  if (!items.length) return null;
  const chipLabel = (
    attribute: string,
    r: { label: string; value: string | number; operator?: string },
  ) => {
    if (attribute === 'car_type') return carTypeLabel(String(r.value), site.features.preOwnedLabel);
    if (attribute === 'dealership_slug')
      return site.dealerships.find((d) => d.slug === r.value)?.name ?? String(r.label);
    if (r.operator === '>=')
      return `${t(attributeLabel(attribute))} from ${rangeFormat(attribute, Number(r.value))}`;
    if (r.operator === '<=')
      return `${t(attributeLabel(attribute))} up to ${rangeFormat(attribute, Number(r.value))}`;
    if (attribute === 'query') return `“${r.value}”`;
    return t(String(r.label));
  };
  return (
    <div className="fc-search-refinements">
      <ul aria-label="Chosen filters">
        {items.flatMap((item) =>
          item.refinements.map((r) => (
            <li key={`${item.attribute}:${r.operator ?? ''}:${r.value}`}>
              <button type="button" className="fc-search-chip" onClick={() => item.refine(r)}>
                {chipLabel(item.attribute, r)}
                <span aria-hidden="true"> ×</span>
                <span className="fc-visually-hidden"> (remove)</span>
              </button>
            </li>
          )),
        )}
      </ul>
      {/* Every filter goes, the words and the sort stay (as useClearRefinements would, without its 1.3 KB of connector: the page's scripts are at their ceiling). */}
      <button
        type="button"
        className="fc-search-link-button"
        onClick={() =>
          mainIndex.setIndexUiState(
            ({ refinementList: _l, range: _r, menu: _m, page: _p, ...rest }) => rest,
          )
        }
      >
        Clear all
      </button>
    </div>
  );
}
