/**
 * What the visitor sees of the search page: heading and count, the filter panel (sections,
 * Show Me, recent searches) and the results with their toolbar, status and empty states.
 *
 * The layout itself reads nothing of the search, so a search event (a filter click, then its
 * results) does not re-render it: the parts that show the search subscribe on their own (the
 * heading, the count, the results' busy state, each filter), and the elements the layout
 * made for the rest stay as they were (docs/search-ui.md, "Interaction speed").
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useInstantSearch, useInstantSearchContext } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import type { SearchPageProps } from '../../schemas/resolved.gen.ts';
import { CarCard, type CarCardProps } from '../_cars/CarCard.tsx';
import { CarGrid } from '../_cars/CarGrid.tsx';
import { RESULT_CARD_LAYOUT } from '../_cars/images.ts';
import type { sortIndices, SortKey } from '../_search/client.ts';
import { RANGE_ATTRIBUTES, URL_LIST_ATTRIBUTES } from '../_search/constants.ts';
import { CurrentRefinements } from '../_search/CurrentRefinements.tsx';
import { WaysOut } from '../_search/WaysOut.tsx';
import {
  CheckboxFilter,
  DropdownFilter,
  FilterSection,
  ModelDropdown,
  type SectionWrap,
} from '../_search/filters.tsx';
import { useSectionState } from '../_search/hooks.ts';
import { attributeLabel, autoHeading } from '../_search/labels.ts';
import { MakeCards } from '../_search/MakeCards.tsx';
import { RangeFilter } from '../_search/RangeFilter.tsx';
import { ResultCount } from '../_search/result-count.tsx';
import { Results } from '../_search/results.tsx';
import { SearchBox } from '../_search/SearchBox.tsx';
import { SearchHistory } from '../_search/SearchHistory.tsx';
import { SaveSearchButton } from '../_search/SaveSearchButton.tsx';
import { StatusBanner, useSearchStatus } from '../_search/search-status.tsx';
import { SORT_LABELS, SortSelect } from '../_search/SortSelect.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { resolveDisplay, type Filter, type SectionOf } from './filter-display.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { VirtualList, VirtualRange } from './state-widgets.tsx';

/** Filters a URL may carry even when the page shows no section for them (dealer links, route paths, budget links). */
const ALWAYS_LISTS = ['car_type', 'make', 'model', 'simple_body', 'dealership_slug'];
const ALWAYS_RANGES = ['price', 'km', 'year'];

interface LayoutProps {
  props: SearchPageProps;
  blockId: string;
  sorts: ReturnType<typeof sortIndices>;
  historyChanged: EventTarget;
}

export function SearchLayout({ props, blockId, sorts, historyChanged }: LayoutProps) {
  const { site, money, number, region, t } = useSite();
  const features = site.features;
  const search = useInstantSearchContext();
  const uid = useId();
  // A fragment the Filters link opens before the UI hydrates: stable, readable, the block's own.
  const panelId = `${blockId}-filters`;
  const resultsId = `${blockId}-results`;
  const countId = `${blockId}-count`;
  const headingId = `${uid}-heading`;
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const filters = props.filters;
  const defaults = useMemo(
    () => Object.fromEntries(filters.map((f) => [f.attribute, f.open])),
    [filters],
  );
  const sections = useSectionState(site.slug, blockId, defaults, features.persistFilterSections);

  // Filters the URL may carry without a visible section still need a widget, or InstantSearch
  // drops them. Read once, at mount (as useInstantSearch would), without subscribing.
  const [initialUi] = useState(() => search.getUiState()[search.mainIndex.getIndexId()]);
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

  const unit = region.odometerUnit;
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

  const className = ['fc-search-page', features.stickyFilter ? 'fc-search-page--sticky' : '']
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
          <Heading id={headingId} countId={countId} text={props.heading} />
          {props.searchBox && <SearchBox placeholder={t(props.placeholder)} />}
        </header>
        <div className="fc-search-page__layout">
          <FilterPanel
            panelId={panelId}
            resultsId={resultsId}
            countId={countId}
            showMe={props.showMe}
            after={props.history && <SearchHistory siteSlug={site.slug} changed={historyChanged} />}
          >
            {filters.map((f) => (
              <FilterOrModel
                key={f.attribute}
                filter={f}
                render={renderFilter}
                withModel={hasMakeDropdown && !shown.has('model')}
                section={section}
              />
            ))}
          </FilterPanel>
          <ResultsSection id={resultsId} headingId={headingId}>
            <h2 className="fc-visually-hidden">Search results</h2>
            <div className="fc-search-page__toolbar">
              <CurrentRefinements rangeFormat={rangeFormat} />
              <SortSelect items={sortItems} />
            </div>
            <StatusBanner />
            <Results
              infinite={features.infiniteScroll}
              resultsId={resultsId}
              CarCard={ResultCard}
              Grid={CarGrid}
            />
            <NoResults heading={props.emptyHeading} href={props.findSimilarHref} />
            <WaysOut rangeFormat={rangeFormat} />
          </ResultsSection>
        </div>
      </div>
    </div>
  );
}

/** A result's card: compact on phones, so its photo is asked for at the compact width. */
const ResultCard = (props: CarCardProps) => <CarCard {...props} photoLayout={RESULT_CARD_LAYOUT} />;

/** The page heading (worded from the search's filters unless the document sets it), the count and Save search. */
function Heading({ id, countId, text }: { id: string; countId: string; text: string }) {
  const { site, t } = useSite();
  const { indexUiState } = useInstantSearch();
  const heading = text || t(autoHeading(indexUiState.refinementList, site.features.preOwnedLabel));
  return (
    <>
      <h1 id={id} className="fc-search-page__heading">
        {heading}
      </h1>
      <ResultCount id={countId} />
      <SaveSearchButton label={heading} />
    </>
  );
}

/** The results, busy while a search is on its way; re-rendering it leaves its children (the layout's elements) alone. */
function ResultsSection(props: { id: string; headingId: string; children: ReactNode }) {
  const { status } = useSearchStatus();
  return (
    <section
      id={props.id}
      className="fc-search-page__results"
      tabIndex={-1}
      aria-labelledby={props.headingId}
      aria-busy={status === 'loading'}
    >
      {props.children}
    </section>
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
