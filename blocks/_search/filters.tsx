/**
 * Filter widgets of the search page, each a thin view over a react-instantsearch hook:
 * search box, collapsible sections, checkbox lists, make cards with the chosen make's
 * models, select filters, range sliders, sort select and the current refinements.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  useClearRefinements,
  useCurrentRefinements,
  useInstantSearch,
  useRange,
  useRefinementList,
  useSearchBox,
  useSortBy,
} from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import { dropdownItems, groupDropdown, type FacetOption } from './dropdown.ts';
import { useDebouncedCallback } from './hooks.ts';
import { attributeLabel, carTypeLabel } from './labels.ts';
import { RangeSlider } from './RangeSlider.tsx';
import {
  formatRangeValue,
  parseRangeValue,
  sliderBounds,
  sliderStep,
  thumbsFor,
  type Thumbs,
} from './slider-rules.ts';
import { slugify } from '../../engine/slug.ts';
import { CAR_TYPE_ORDER } from './url-state.ts';

import { SEARCH_DELAY_MS } from './constants.ts';

export { SEARCH_DELAY_MS };

/** Wraps a filter's content in its section (or leaves it out when the filter has nothing to offer). */
export type SectionWrap = (content: ReactNode, badge?: number) => ReactNode;

export function SearchBox({
  placeholder,
  label = 'Search stock',
}: {
  placeholder: string;
  label?: string;
}) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const focused = useRef(false);
  const id = useId();
  const sent = useRef(query);
  const debounced = useDebouncedCallback(
    (text: string) => refine((sent.current = text)),
    SEARCH_DELAY_MS,
  );
  // The query changed elsewhere (Back, clear all): show it, unless it is what the visitor is typing.
  useEffect(() => {
    if (!focused.current || query !== sent.current) setValue((sent.current = query));
  }, [query]);
  return (
    <form
      className="fc-search-box"
      role="search"
      action=""
      onSubmit={(e) => {
        e.preventDefault();
        debounced.flush(value.trim());
      }}
    >
      <label className="fc-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="fc-search-box__input"
        type="search"
        name="query"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onChange={(e) => {
          setValue(e.target.value);
          debounced.call(e.target.value.trim());
        }}
      />
      {value && (
        <button
          type="button"
          className="fc-search-box__clear"
          aria-label="Clear search"
          onClick={() => {
            setValue('');
            debounced.flush('');
          }}
        >
          ×
        </button>
      )}
      <button type="submit" className="fc-search-box__submit fc-button">
        Search
      </button>
    </form>
  );
}

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
  if (!items.length)
    return wrap(<p className="fc-search-empty">{t('No options for this search')}</p>);
  return wrap(
    <fieldset className="fc-search-checkboxes">
      <legend className="fc-visually-hidden">{legend}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label>
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
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
    items.filter((i) => i.isRefined).length,
  );
}

/** Most models listed for a chosen make (docs/search-ui.md, "Filters"). */
export const MODEL_LIST_CAP = 30;
/** Models visible before the list is expanded. */
const MODELS_COLLAPSED = 8;

/** Sets one refinement list to exactly `values` (page dropped), clearing models when the make is no longer single. */
function useListSetter() {
  const { setIndexUiState } = useInstantSearch();
  return (attribute: string, update: (current: string[]) => string[]) =>
    setIndexUiState((prev) => {
      const lists = { ...(prev.refinementList ?? {}) };
      const next = update(lists[attribute] ?? []);
      lists[attribute] = next;
      if (attribute === 'make' && next.length !== 1) lists.model = [];
      return { ...prev, refinementList: lists, page: undefined };
    });
}

export function MakeCards({ showAllAfter, wrap }: { showAllAfter: number; wrap: SectionWrap }) {
  const { t, number } = useSite();
  const makes = useRefinementList({
    attribute: 'make',
    limit: 200,
    sortBy: ['count:desc', 'name:asc'],
  });
  const models = useRefinementList({
    attribute: 'model',
    limit: MODEL_LIST_CAP,
    sortBy: ['isRefined', 'count:desc', 'name:asc'],
  });
  const setList = useListSetter();
  const [showAll, setShowAll] = useState(false);
  const [modelsOpen, setModelsOpen] = useState(false);
  const [modelsExpanded, setModelsExpanded] = useState(false);
  const listId = useId();
  const chosen = makes.items.filter((m) => m.isRefined);
  const single = chosen.length === 1 ? chosen[0] : undefined;
  const modelRefined = models.items.some((m) => m.isRefined);
  useEffect(() => {
    if (modelRefined) setModelsOpen(true);
  }, [modelRefined]);
  if (!makes.items.length)
    return wrap(<p className="fc-search-empty">{t('No makes for this search')}</p>);
  // Chosen makes always show; the rest up to the site's number, then "Show all".
  const visible = showAll
    ? makes.items
    : makes.items.filter((m, i) => m.isRefined || i < showAllAfter);
  const hidden = makes.items.length - visible.length;
  const toggleMake = (value: string) =>
    setList('make', (cur) =>
      cur.includes(value) ? cur.filter((v) => v !== value) : [...cur, value],
    );
  const modelItems = models.items.slice(0, MODEL_LIST_CAP);
  const shownModels = modelsExpanded
    ? modelItems
    : modelItems.filter((m, i) => m.isRefined || i < MODELS_COLLAPSED);
  return wrap(
    <div className="fc-search-makes">
      <ul className="fc-search-makes__grid" id={listId}>
        {visible.map((make) => (
          <li key={make.value}>
            <button
              type="button"
              className="fc-search-make"
              aria-pressed={make.isRefined}
              onClick={() => toggleMake(make.value)}
              title={`${make.label} (${number(make.count)})`}
            >
              <img
                src={`/assets/logos/${slugify(make.value)}.svg`}
                alt=""
                width="48"
                height="48"
                loading="lazy"
                decoding="async"
              />
              <span className="fc-search-make__name">{make.label}</span>
              <span className="fc-search-make__count">{number(make.count)}</span>
            </button>
          </li>
        ))}
      </ul>
      {(hidden > 0 || showAll) && makes.items.length > showAllAfter && (
        <button
          type="button"
          className="fc-search-link-button"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Show fewer makes' : `Show all (${makes.items.length})`}
        </button>
      )}
      {single && modelItems.length > 0 && (
        <div className="fc-search-models">
          <button
            type="button"
            className="fc-search-models__toggle"
            aria-expanded={modelsOpen}
            aria-controls={`${listId}-models`}
            onClick={() => setModelsOpen((v) => !v)}
          >
            {single.label} {t('models')}
          </button>
          <ul id={`${listId}-models`} hidden={!modelsOpen}>
            {shownModels.map((model) => (
              <li key={model.value}>
                <label>
                  <input
                    type="checkbox"
                    checked={model.isRefined}
                    onChange={() => models.refine(model.value)}
                  />
                  <span className="fc-search-checkboxes__label">{model.label}</span>
                  <span className="fc-search-checkboxes__count">{model.count}</span>
                </label>
              </li>
            ))}
            {modelItems.length > MODELS_COLLAPSED && (
              <li>
                <button
                  type="button"
                  className="fc-search-link-button"
                  onClick={() => setModelsExpanded((v) => !v)}
                >
                  {modelsExpanded ? 'Show fewer models' : `Show all ${modelItems.length} models`}
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>,
    chosen.length + models.items.filter((m) => m.isRefined).length,
  );
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

export function RangeFilter({
  attribute,
  label,
  wrap,
}: {
  attribute: string;
  label: string;
  wrap: SectionWrap;
}) {
  const { money, number, region } = useSite();
  const { start, range, refine } = useRange({ attribute });
  const bounds = sliderBounds(attribute, range);
  const step = sliderStep(attribute, bounds);
  const refined: [number | undefined, number | undefined] = [
    Number.isFinite(start[0]) ? start[0] : undefined,
    Number.isFinite(start[1]) ? start[1] : undefined,
  ];
  const value = thumbsFor(refined, bounds);
  const unit = region.distanceUnit === 'mile' ? 'mi' : 'km';
  const format =
    attribute === 'price'
      ? (v: number) => money(v)
      : attribute === 'subscription_price' || attribute === 'weekly_price'
        ? (v: number) => `${money(v)}/wk`
        : attribute === 'km'
          ? (v: number) => `${number(v)} ${unit}`
          : (v: number) => String(v);
  const commit = (thumbs: Thumbs) => {
    // Sides at the ends of the range stay open; inside, the index's own range bounds what refine accepts.
    const text = formatRangeValue(thumbs, bounds);
    const parsed = parseRangeValue(text);
    const lo = parsed?.[0] === undefined ? undefined : Math.max(parsed[0], range.min ?? parsed[0]);
    const hi = parsed?.[1] === undefined ? undefined : Math.min(parsed[1], range.max ?? parsed[1]);
    refine([lo, hi]);
  };
  // Nothing to slide when no car has a value (e.g. subscription prices on a used-car site), unless refined.
  const isRefined = refined[0] !== undefined || refined[1] !== undefined;
  if (!((range.max ?? 0) > 0) && !isRefined) return null;
  return wrap(
    <RangeSlider
      attribute={attribute}
      label={label.toLowerCase()}
      bounds={bounds}
      step={step}
      scaled
      typed
      value={value}
      format={format}
      onCommit={commit}
    />,
    isRefined ? 1 : 0,
  );
}

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

export function CurrentRefinements({
  rangeFormat,
}: {
  rangeFormat: (attribute: string, value: number) => string;
}) {
  const { site, t } = useSite();
  const { items } = useCurrentRefinements();
  const clear = useClearRefinements();
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
      {clear.canRefine && (
        <button type="button" className="fc-search-link-button" onClick={clear.refine}>
          Clear all
        </button>
      )}
    </div>
  );
}
