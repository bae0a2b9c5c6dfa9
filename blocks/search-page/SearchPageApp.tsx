/**
 * The stock search page UI (loaded as its own chunk; see ../_search/lazy-block.tsx).
 * One InstantSearch scope with the site's base filter, routed through the address bar.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useHref, useLocation, useNavigationType } from 'react-router';
import { useConfigure, useInstantSearch, useRange, useRefinementList } from 'react-instantsearch';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { SearchPageProps } from '../../schemas/resolved.gen.ts';
import { CarCard, CARD_FIELDS } from '../_cars/CarCard.tsx';
import { CarGrid } from '../_cars/CarGrid.tsx';
import { searchClientFor, sortIndices, type SortKey } from '../_search/client.ts';
import { RANGE_ATTRIBUTES, URL_LIST_ATTRIBUTES } from '../_search/constants.ts';
import {
  CheckboxFilter,
  CurrentRefinements,
  DropdownFilter,
  FilterSection,
  MakeCards,
  ModelDropdown,
  RangeFilter,
  SearchBox,
  SORT_LABELS,
  SortSelect,
  type SectionWrap,
} from '../_search/filters.tsx';
import { EmptySuggestions } from '../_search/EmptySuggestions.tsx';
import { describeSearch, rememberSearch, safeLocalStorage } from '../_search/history.ts';
import { useDebouncedCallback, useSectionState } from '../_search/hooks.ts';
import { attributeLabel, autoHeading, carTypeLabel } from '../_search/labels.ts';
import type { SearchBlockData } from '../_search/load.ts';
import {
  Results,
  ResultCount,
  SearchHistory,
  ShowMeButton,
  StatusBanner,
  useSearchStatus,
} from '../_search/results.tsx';
import { createSearchRouter, searchStateMapping, type SearchRouter } from '../_search/router.ts';
import { SearchScope } from '../_search/SearchScope.tsx';
import { mountedByHistory, useScrollMemory } from '../_search/scroll-memory.ts';
import { tidyRanges } from '../_search/slider-rules.ts';
import { IS_SERVER } from '../_search/ssr.tsx';
import { NameBook, normaliseState, type SearchRouteState } from '../_search/url-state.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';

type Filter = SearchPageProps['filters'][number];
type Display = Filter['display'];
/** What a filter section's frame needs (the model dropdown under make has no filter of its own). */
type SectionOf = Pick<Filter, 'attribute' | 'label' | 'open'>;

/** Filters a URL may carry even when the page shows no section for them (dealer links, route paths, budget links). */
const ALWAYS_LISTS = ['car_type', 'make', 'model', 'simple_body', 'dealership_slug'];
const ALWAYS_RANGES = ['price', 'km', 'year'];

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

export default function SearchPageApp({ props, block, data }: BlockRenderProps<SearchPageProps>) {
  const { site } = useSite();
  // Page data is read once: what the block started with (later URLs of the page bring new data it does not need).
  const [d] = useState(() => (data ?? {}) as Partial<SearchBlockData>);
  const location = useLocation();
  const navigationType = useNavigationType();
  const basename = useHref('/').replace(/\/$/, '');
  const index = site.search.index;
  const sorts = sortIndices(index);
  const infinite = site.features.infiniteScroll;
  const [historyVersion, setHistoryVersion] = useState(0);
  const { money, number, region, display } = useSite();

  const remember = useDebouncedCallback((url: string, state: SearchRouteState) => {
    const s = normaliseState(state);
    if (!s.query && !s.refinementList && !s.range && !s.menu) return;
    const label = describeSearch(s, {
      money,
      number,
      carType: (v) => carTypeLabel(v, site.features.preOwnedLabel),
      distanceUnit: region.distanceUnit === 'mile' ? 'mi' : 'km',
      display,
    });
    rememberSearch(safeLocalStorage(), site.slug, { url, label, at: Date.now() });
    setHistoryVersion((v) => v + 1);
  }, 1500);

  const routerRef = useRef<SearchRouter | null>(null);
  const routing = useMemo(() => {
    const book = new NameBook(d.names);
    const valid = Object.values(sorts);
    const router = createSearchRouter({
      indexName: index,
      basename,
      location: { pathname: location.pathname, search: location.search },
      book,
      sortIndices: valid,
      keepPage: !infinite,
      onWrite: (url, state) => remember.call(url, state),
      // Slider values outside the stock's range (or inverted) are ignored, not searched.
      tidy: (state) => ({ ...state, range: tidyRanges(state.range, (a) => d.rangeStats?.[a]) }),
    });
    routerRef.current = router;
    return { router, stateMapping: searchStateMapping(index, valid), book };
    // Created once per mount: InstantSearch keeps the router it starts with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A react-router navigation that stays on this page (a recent search, a header link): follow it.
  useEffect(() => {
    routerRef.current?.sync();
  }, [location.key]);
  // Going away (Back to a search URL of another route mounts that page's own search): the
  // widgets' removal that follows is no visitor's action and must not be written to history.
  // A layout effect's cleanup runs before the widgets' own cleanups.
  useLayoutEffect(() => () => routerRef.current?.freeze(), []);

  // Once per mount: Back/Forward (to the landing page too), not the server page's hydration.
  const [restore] = useState(() => !IS_SERVER && mountedByHistory(navigationType, !!d.serverState));
  const client = useMemo(
    () => searchClientFor(site.search, IS_SERVER ? d.origin : undefined, site.slug),
    [site.search, d.origin, site.slug],
  );
  const now = d.now ?? Date.now();

  return (
    <SearchScope client={client} indexName={index} serverState={d.serverState} routing={routing}>
      <SearchConfig now={now} pageSize={site.search.pageSize} />
      <LearnNames book={routing.book} />
      <SearchLayout
        props={props}
        blockId={block.id}
        sorts={sorts}
        historyVersion={historyVersion}
      />
      <ScrollMemory restore={restore} />
    </SearchScope>
  );
}

/** The site's base filter (with the sort's price rule), page size and the fields cards need. */
function SearchConfig({ now, pageSize }: { now: number; pageSize: number }) {
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

/** Back from a car page lands where the visitor was (../_search/scroll-memory.ts). */
function ScrollMemory({ restore }: { restore: boolean }) {
  const { results } = useInstantSearch();
  const ready = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  useScrollMemory(restore, ready);
  return null;
}

/** Remembers make and model names seen in results, so /search/{make}/{model} slugs read back exactly. */
function LearnNames({ book }: { book: NameBook }) {
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

function VirtualList({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 10 });
  return null;
}
function VirtualRange({ attribute }: { attribute: string }) {
  useRange({ attribute });
  return null;
}

interface LayoutProps {
  props: SearchPageProps;
  blockId: string;
  sorts: ReturnType<typeof sortIndices>;
  historyVersion: number;
}

function SearchLayout({ props, blockId, sorts, historyVersion }: LayoutProps) {
  const { site, money, number, region, t } = useSite();
  const features = site.features;
  const { indexUiState } = useInstantSearch();
  const { status } = useSearchStatus();
  const uid = useId();
  const panelId = `${uid}-filters`;
  const resultsId = `${blockId}-results`;
  const countId = `${blockId}-count`;
  const headingId = `${uid}-heading`;
  const [panelOpen, setPanelOpen] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const filters = props.filters;
  const defaults = useMemo(
    () => Object.fromEntries(filters.map((f) => [f.attribute, f.open])),
    [filters],
  );
  const sections = useSectionState(site.slug, blockId, defaults, features.persistFilterSections);

  // Filters the URL may carry without a visible section still need a widget, or InstantSearch drops them.
  const [initialUi] = useState(indexUiState);
  const shown = new Set<string>(filters.map((f) => f.attribute));
  const hasMakeDropdown = filters.some(
    (f) => f.attribute === 'make' && resolveDisplay(f, features.makeCards) === 'dropdown',
  );
  const virtualLists = [
    ...new Set([
      ...ALWAYS_LISTS,
      ...Object.keys(initialUi.refinementList ?? {}).filter((a) => URL_LIST_ATTRIBUTES.has(a)),
    ]),
  ].filter((a) => !shown.has(a) && !(a === 'model' && shown.has('make')));
  const virtualRanges = [
    ...new Set([
      ...ALWAYS_RANGES,
      ...Object.keys(initialUi.range ?? {}).filter((a) => RANGE_ATTRIBUTES.has(a)),
    ]),
  ].filter((a) => !shown.has(a));

  const sortKeys = props.sortOptions as SortKey[];
  const sortItems = (
    sortKeys.includes('relevance') ? sortKeys : (['relevance', ...sortKeys] as SortKey[])
  ).map((key) => ({
    value: sorts[key],
    label: SORT_LABELS[key],
  }));

  const heading =
    props.heading || t(autoHeading(indexUiState.refinementList, features.preOwnedLabel));
  const unit = region.distanceUnit === 'mile' ? 'mi' : 'km';
  const rangeFormat = (attribute: string, v: number) =>
    attribute === 'price'
      ? money(v)
      : attribute === 'subscription_price' || attribute === 'weekly_price'
        ? `${money(v)}/wk`
        : attribute === 'km'
          ? `${number(v)} ${unit}`
          : String(v);

  const section = (filter: SectionOf, attribute: string = filter.attribute): SectionWrap => {
    const title = t(filter.label ?? attributeLabel(attribute));
    return (content, badge) => (
      <FilterSection
        id={`${blockId}-${attribute}`}
        title={title}
        open={sections.open[attribute] ?? filter.open}
        onToggle={() => sections.toggle(attribute)}
        badge={badge}
      >
        {content}
      </FilterSection>
    );
  };

  const renderFilter = (filter: Filter) => {
    const display = resolveDisplay(filter, features.makeCards);
    const wrap = section(filter);
    const label = t(filter.label ?? attributeLabel(filter.attribute));
    switch (display) {
      case 'slider':
        return (
          <RangeFilter
            key={filter.attribute}
            attribute={filter.attribute}
            label={label}
            wrap={wrap}
          />
        );
      case 'cards':
        return (
          <MakeCards
            key={filter.attribute}
            showAllAfter={features.makesBeforeShowAll}
            wrap={wrap}
          />
        );
      case 'dropdown':
        if (filter.attribute === 'model')
          return <ModelDropdown key="model" label={label} wrap={wrap} />;
        return (
          <DropdownFilter
            key={filter.attribute}
            attribute={filter.attribute}
            label={label}
            anyLabel={`Any ${label.toLowerCase()}`}
            wrap={wrap}
          />
        );
      default:
        return (
          <CheckboxFilter
            key={filter.attribute}
            attribute={filter.attribute}
            limit={filter.limit}
            legend={label}
            wrap={wrap}
          />
        );
    }
  };

  const className = [
    'fc-search-page',
    features.stickyFilter ? 'fc-search-page--sticky' : '',
    panelOpen ? 'fc-search-page--filters-open' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={className}
      data-block-id={blockId}
      data-search-ready={ready ? 'true' : undefined}
    >
      {virtualLists.map((a) => (
        <VirtualList key={a} attribute={a} />
      ))}
      {virtualRanges.map((a) => (
        <VirtualRange key={a} attribute={a} />
      ))}
      <div className="fc-container">
        <header className="fc-search-page__header">
          <h1 id={headingId} className="fc-search-page__heading">
            {heading}
          </h1>
          <ResultCount id={countId} />
          {props.searchBox && <SearchBox placeholder={t(props.placeholder)} />}
        </header>
        <div className="fc-search-page__layout">
          <button
            type="button"
            className="fc-button fc-button--secondary fc-search-page__filters-toggle"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((v) => !v)}
          >
            {panelOpen ? 'Hide filters' : 'Filters'}
          </button>
          <aside id={panelId} className="fc-search-page__filters" aria-label="Filters">
            {/* The outline goes h1 → h2 → h3 (filter sections, car cards): screen reader users jump by heading (docs/search-ui.md, "Search engines"). */}
            <h2 className="fc-visually-hidden">Filters</h2>
            {filters.map((f) => (
              <FilterOrModel
                key={f.attribute}
                filter={f}
                render={renderFilter}
                withModel={hasMakeDropdown && !shown.has('model')}
                section={section}
              />
            ))}
            {props.showMe && (
              <div className="fc-search-page__show-me">
                <ShowMeButton
                  resultsId={resultsId}
                  countId={countId}
                  onShow={() => setPanelOpen(false)}
                />
              </div>
            )}
            {props.history && <SearchHistory siteSlug={site.slug} version={historyVersion} />}
          </aside>
          <section
            id={resultsId}
            className="fc-search-page__results"
            tabIndex={-1}
            aria-labelledby={headingId}
            aria-busy={status === 'loading'}
          >
            <h2 className="fc-visually-hidden">Search results</h2>
            <div className="fc-search-page__toolbar">
              <CurrentRefinements rangeFormat={rangeFormat} />
              <SortSelect items={sortItems} />
            </div>
            <StatusBanner />
            <Results
              infinite={features.infiniteScroll}
              resultsId={resultsId}
              CarCard={CarCard}
              Grid={CarGrid}
            />
            <NoResults heading={props.emptyHeading} href={props.findSimilarHref} />
            <EmptySuggestions rangeFormat={rangeFormat} />
          </section>
        </div>
      </div>
    </div>
  );
}

function FilterOrModel(props: {
  filter: Filter;
  render: (f: Filter) => React.ReactNode;
  withModel: boolean;
  section: (f: SectionOf, attribute?: string) => SectionWrap;
}) {
  const { t } = useSite();
  const { filter } = props;
  return (
    <>
      {props.render(filter)}
      {props.withModel && filter.attribute === 'make' && (
        <ModelDropdown
          label={t('Model')}
          wrap={props.section({ attribute: 'model', open: true }, 'model')}
        />
      )}
    </>
  );
}

/** Nothing matched: "Like this and want something similar?" with the site's button (docs/search-ui.md, "Results, states, count"). */
function NoResults({ heading, href }: { heading: string; href: string }) {
  const { site, t } = useSite();
  const { results } = useInstantSearch();
  const artificial = !results || (results as { __isArtificial?: boolean }).__isArtificial;
  if (artificial || results.nbHits > 0) return null;
  return (
    <div className="fc-search-page__no-results">
      <h2>{t(heading)}</h2>
      <p>{t('Like this and want something similar?')}</p>
      <SiteLink href={href} className="fc-button">
        {site.features.findSimilarLabel}
      </SiteLink>
    </div>
  );
}
