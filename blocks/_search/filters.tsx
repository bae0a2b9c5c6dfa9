/**
 * Filter widgets of the search page, each a thin view over a react-instantsearch hook: the
 * collapsible sections, checkbox lists and select filters. The other widgets have modules of
 * their own: SearchBox.tsx, MakeCards.tsx, RangeFilter.tsx, SortSelect.tsx, CurrentRefinements.tsx.
 */
import { useId, type ReactNode } from 'react';
import { useInstantSearch, useInstantSearchContext, useRefinementList } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { dropdownItems, groupDropdown, type FacetOption } from './dropdown.ts';
import { carTypeLabel } from './labels.ts';
import { useOptimisticToggles } from './optimistic-toggles.ts';
import { CAR_TYPE_ORDER } from './url-state.ts';

/** Wraps a filter's content in its section (or leaves it out when the filter has nothing to offer). */
export type SectionWrap = (content: ReactNode, badge?: number) => ReactNode;

export function FilterSection(props: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  badge?: number;
  children: ReactNode;
}) {
  const bodyId = `${props.id}-body`;
  return (
    <section
      className={`fc-search-section${props.open ? ' fc-search-section--open' : ''}`}
      data-filter={props.id}
    >
      <h3 className="fc-search-section__heading">
        <button
          type="button"
          aria-expanded={props.open}
          aria-controls={bodyId}
          onClick={props.onToggle}
        >
          <span>{props.title}</span>
          {!!props.badge && <span className="fc-search-section__badge">{props.badge}</span>}
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
            <path
              d="M6 9l6 6 6-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </h3>
      <div id={bodyId} className="fc-search-section__body" hidden={!props.open}>
        {props.children}
      </div>
    </section>
  );
}

const carTypeSort = (a: { name: string }, b: { name: string }) => {
  const rank = (v: string) => {
    const i = (CAR_TYPE_ORDER as readonly string[]).indexOf(v);
    return i < 0 ? 9 : i;
  };
  return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
};

export function CheckboxFilter({
  attribute,
  limit,
  legend,
  wrap,
}: {
  attribute: string;
  limit: number;
  legend: string;
  wrap: SectionWrap;
}) {
  const { site, t } = useSite();
  const isCarType = attribute === 'car_type';
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit,
    showMore: true,
    showMoreLimit: Math.max(limit, 100),
    sortBy: isCarType ? carTypeSort : ['isRefined', 'count:desc', 'name:asc'],
  });
  const boxes = useOptimisticToggles(refine);
  if (!items.length)
    return wrap(<p className="fc-search-empty">{t('No options for this search')}</p>);
  return wrap(
    <fieldset className="fc-search-checkboxes">
      <legend className="fc-visually-hidden">{legend}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label>
              <input
                type="checkbox"
                checked={boxes.checked(item.value, item.isRefined)}
                onChange={(e) => boxes.toggle(item.value, e.target.checked)}
              />
              <span className="fc-search-checkboxes__label">
                {isCarType ? carTypeLabel(item.value, site.features.preOwnedLabel) : t(item.label)}
              </span>
              <span className="fc-search-checkboxes__count">{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
      {canToggleShowMore && (
        <button type="button" className="fc-search-link-button" onClick={toggleShowMore}>
          {isShowingMore ? 'Show less' : 'Show more'}
        </button>
      )}
    </fieldset>,
    items.filter((i) => boxes.checked(i.value, i.isRefined)).length,
  );
}

/**
 * Sets one refinement list to exactly `values` (page dropped), clearing models when the makes
 * change (a model belongs to its make). On the search page's own index; it does not subscribe
 * to the search (useInstantSearch would re-render its widget on every search event).
 */
export function useListSetter() {
  const { mainIndex } = useInstantSearchContext();
  return (attribute: string, update: (current: string[]) => string[]) =>
    mainIndex.setIndexUiState((prev) => {
      const lists = { ...(prev.refinementList ?? {}) };
      const before = lists[attribute] ?? [];
      const next = update(before);
      lists[attribute] = next;
      const sameMakes = next.length === before.length && next.every((v) => before.includes(v));
      if (attribute === 'make' && !sameMakes) lists.model = [];
      return { ...prev, refinementList: lists, page: undefined };
    });
}

/** A single-choice select over a facet; makes get the Popular / All makes headers. */
export function DropdownFilter({
  attribute,
  label,
  anyLabel,
  wrap,
}: {
  attribute: string;
  label: string;
  anyLabel: string;
  wrap: SectionWrap;
}) {
  const { t } = useSite();
  const { items } = useRefinementList({ attribute, limit: 200, sortBy: ['name:asc'] });
  const setList = useListSetter();
  const id = useId();
  const current = items.find((i) => i.isRefined)?.value ?? '';
  const options: FacetOption[] = items.map((i) => ({
    value: i.value,
    label: t(i.label),
    count: i.count,
  }));
  const groups = attribute === 'make' ? groupDropdown(dropdownItems(options)) : [{ options }];
  return wrap(
    <div className="fc-search-dropdown">
      <label htmlFor={id} className="fc-visually-hidden">
        {label}
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => setList(attribute, () => (e.target.value ? [e.target.value] : []))}
      >
        <option value="">{anyLabel}</option>
        {groups.map((g, gi) =>
          g.label ? (
            <optgroup key={gi} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label} ({o.count})
                </option>
              ))}
            </optgroup>
          ) : (
            g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label} ({o.count})
              </option>
            ))
          ),
        )}
      </select>
    </div>,
    current ? 1 : 0,
  );
}

/** Models of the chosen make as a select (shown only when exactly one make is chosen). */
export function ModelDropdown({ label, wrap }: { label: string; wrap: SectionWrap }) {
  const { indexUiState } = useInstantSearch();
  const makes = indexUiState.refinementList?.make ?? [];
  return (
    <DropdownFilter
      attribute="model"
      label={label}
      anyLabel={makes.length === 1 ? `Any ${makes[0]} model` : 'Any model'}
      wrap={(c, b) => (makes.length === 1 ? wrap(c, b) : null)}
    />
  );
}
