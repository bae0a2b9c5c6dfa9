/**
 * Budget finder UI (its own chunk, like the search page's). One InstantSearch scope on the
 * stock index with the budget filter (price above 1000 plus the site's base filter). The
 * budget refines price up to the budget; the price facet's stats ignore that refinement
 * (a disjunctive facet), so they give the cheapest car of the current results for the
 * "0 Cars Found" rule, while make counts are within the budget.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  useConfigure,
  useInstantSearch,
  useMenu,
  useRange,
  useRefinementList,
} from 'react-instantsearch';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { buildSiteFilter } from '../../engine/search/site-filter.ts';
import type { BudgetFinderProps } from '../../schemas/resolved.gen.ts';
import {
  budgetButton,
  budgetFilter,
  budgetFrom,
  budgetSearchMax,
  bodyTypeLabel,
  bodyTypeSegment,
  parseAmount,
  recogniseBodyType,
  sortBodyFacet,
  type BodyType,
} from '../_search/budget.ts';
import { searchClientFor, sortIndices } from '../_search/client.ts';
import { useDebouncedCallback } from '../_search/hooks.ts';
import type { SearchBlockData } from '../_search/load.ts';
import { RangeSlider } from '../_search/RangeSlider.tsx';
import { SearchScope } from '../_search/SearchScope.tsx';
import { IS_SERVER } from '../_search/ssr.tsx';
import {
  BODY_ATTRIBUTE,
  bodyForSegment,
  budgetSearchUrl,
  searchUrlFor,
  type SearchRouteState,
} from '../_search/url-state.ts';
import type { Thumbs } from '../_search/slider-rules.ts';

/** Body types shown before "More body types" (4), and after it (20); docs/search-ui.md, "Budget finder". */
const BODY_LIMIT = 4;
const BODY_LIMIT_MORE = 20;

/** The value of a server-rendered input (what the visitor typed before hydration); undefined on the server or before it exists. */
export function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value : undefined;
}

export default function BudgetFinderApp({
  props,
  block,
  data,
}: BlockRenderProps<BudgetFinderProps>) {
  const { site } = useSite();
  // Page data is read once: what the block started with (later URLs of the page bring new data it does not need).
  const [d] = useState(() => (data ?? {}) as Partial<SearchBlockData>);
  const index = site.search.index;
  const client = useMemo(
    () => searchClientFor(site.search, IS_SERVER ? d.origin : undefined, site.slug),
    [site.search, d.origin, site.slug],
  );
  const budget = budgetFrom(props.weekly, props.deposit);
  const initialUiState = useMemo(
    () => ({ [index]: { range: { price: `:${budget}` } } }),
    [index, budget],
  );
  return (
    <SearchScope
      client={client}
      indexName={index}
      serverState={d.serverState}
      initialUiState={initialUiState}
    >
      <BudgetConfig now={d.now ?? Date.now()} />
      <BudgetFinderView props={props} blockId={block.id} />
    </SearchScope>
  );
}

function BudgetConfig({ now }: { now: number }) {
  const { site } = useSite();
  useConfigure({ filters: budgetFilter(buildSiteFilter(site, { now })), hitsPerPage: 0 });
  return null;
}

function BudgetFinderView({ props, blockId }: { props: BudgetFinderProps; blockId: string }) {
  const { site, money, number, t } = useSite();
  const carType = props.carType;
  const uid = useId();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  // One level below the block's heading (docs/search-ui.md, "Search engines and assistive technology").
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  // What the visitor typed into the server's inputs before this UI hydrated is kept
  // (docs/search-ui.md, "Budget finder"): hydration renders the server's values (so the markup
  // matches) and leaves the inputs' DOM values alone; right after it the state takes them over.
  const weeklyId = `${uid}-weekly`;
  const depositId = `${uid}-deposit`;
  const [weeklyText, setWeeklyText] = useState(String(props.weekly));
  const [depositText, setDepositText] = useState(String(props.deposit));
  useEffect(() => {
    const weekly = typedBeforeHydration(weeklyId);
    const deposit = typedBeforeHydration(depositId);
    if (weekly !== undefined) setWeeklyText(weekly);
    if (deposit !== undefined) setDepositText(deposit);
  }, [weeklyId, depositId]);
  const budget = budgetFrom(parseAmount(weeklyText), parseAmount(depositText));
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const price = useRange({ attribute: 'price' });
  const body = useMenu({
    attribute: 'body',
    limit: BODY_LIMIT,
    showMore: true,
    showMoreLimit: BODY_LIMIT_MORE,
    sortBy: ['count:desc', 'name:desc'],
  });
  const makes = useRefinementList({
    attribute: 'make',
    limit: 20,
    sortBy: ['count:desc', 'name:asc'],
  });
  const { results } = useInstantSearch();
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;

  // The budget refines price (up to the budget) once the visitor pauses typing. A budget at or
  // above the dearest car is no limit at all (and InstantSearch refuses a bound past the range).
  const dearest = price.range.max ?? 0;
  const refineBudget = useDebouncedCallback(
    (max: number | undefined) => price.refine([undefined, max]),
    300,
  );
  useEffect(() => {
    if (!hasResults) return;
    const max = budget > 0 && budget < dearest ? budget : undefined;
    if ((Number.isFinite(price.start[1]) ? price.start[1] : undefined) !== max)
      refineBudget.call(max);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refine function and the price start are read, not followed: only the budget and the range start a refinement
  }, [budget, dearest, hasResults]);

  const minPrice = hasResults && (price.range.max ?? 0) > 0 ? price.range.min : undefined;
  const button = budgetButton(budget, minPrice, carType);

  // Body types in stock that the product recognises, most stocked first.
  const bodies = useMemo(() => {
    const seen = new Set<BodyType>();
    const list: { value: string; key: BodyType; count: number; isRefined: boolean }[] = [];
    for (const item of sortBodyFacet(body.items)) {
      const key = recogniseBodyType(item.value, props.truckMeansUte);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      list.push({ value: item.value, key, count: item.count, isRefined: item.isRefined });
    }
    return list;
  }, [body.items, props.truckMeansUte]);
  const chosenBody = bodies.find((b) => b.isRefined);
  const bodyFilter = (key: BodyType | undefined): SearchRouteState => {
    const label = key ? bodyForSegment(bodyTypeSegment(key), props.truckMeansUte) : undefined;
    return label ? { refinementList: { [BODY_ATTRIBUTE]: [label] } } : {};
  };
  const resultsHref = budgetSearchUrl(
    budget > 0 ? budget : budgetSearchMax(price.range.max),
    bodyFilter(chosenBody?.key),
  );

  // Price slider: its own range, starting at the cheapest to the dearest car (or the fallback maximum).
  const sliderBounds = {
    min: props.sliderMin,
    max: Math.max(props.sliderMin + 1, props.sliderMax),
  };
  const clampTo = (v: number) => Math.min(sliderBounds.max, Math.max(sliderBounds.min, v));
  const [slider, setSlider] = useState<Thumbs>(() => [
    sliderBounds.min,
    clampTo(budgetSearchMax(undefined)),
  ]);
  const sliderHref = searchUrlFor(
    {
      ...bodyFilter(chosenBody?.key),
      range: { price: `${slider[0]}:${slider[1]}` },
      sortBy: sortIndices(site.search.index).price_desc,
    },
    { paths: true },
  );

  return (
    <section
      className="fc-budget-finder"
      data-block-id={blockId}
      data-search-ready={ready ? 'true' : undefined}
      aria-labelledby={`${uid}-h`}
    >
      <div className="fc-container">
        <Heading id={`${uid}-h`} className="fc-budget-finder__heading">
          {t(props.heading)}
        </Heading>
        <div className="fc-budget-finder__grid">
          <div className="fc-budget-finder__form">
            {props.bodyTypes && bodies.length > 0 && (
              <fieldset className="fc-budget-finder__bodies">
                <legend>Body type</legend>
                <ul>
                  <li>
                    <button
                      type="button"
                      aria-pressed={!chosenBody}
                      onClick={() => chosenBody && body.refine(chosenBody.value)}
                    >
                      Any
                    </button>
                  </li>
                  {bodies.map((b) => (
                    <li key={b.value}>
                      <button
                        type="button"
                        aria-pressed={b.isRefined}
                        onClick={() => body.refine(b.value)}
                      >
                        {t(bodyTypeLabel(b.key))}{' '}
                        <span className="fc-budget-finder__count">{number(b.count)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
                {body.canToggleShowMore && (
                  <button
                    type="button"
                    className="fc-search-link-button"
                    onClick={body.toggleShowMore}
                  >
                    {body.isShowingMore ? 'Fewer body types' : 'More body types'}
                  </button>
                )}
              </fieldset>
            )}
            <div className="fc-budget-finder__inputs">
              <div>
                <label htmlFor={weeklyId}>Weekly repayment</label>
                <span className="fc-budget-finder__money">
                  <span aria-hidden="true">$</span>
                  <input
                    id={weeklyId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={weeklyText}
                    onChange={(e) => setWeeklyText(e.target.value)}
                    name="weekly"
                  />
                </span>
              </div>
              <div>
                <label htmlFor={depositId}>Deposit</label>
                <span className="fc-budget-finder__money">
                  <span aria-hidden="true">$</span>
                  <input
                    id={depositId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={depositText}
                    onChange={(e) => setDepositText(e.target.value)}
                    name="deposit"
                  />
                </span>
              </div>
            </div>
            <p className="fc-budget-finder__budget" aria-live="polite">
              Estimated budget <strong data-budget={budget}>{money(budget)}</strong>
            </p>
            {button.disabled ? (
              <button type="button" className="fc-button fc-budget-finder__go" disabled>
                {button.label}
              </button>
            ) : (
              <Link to={resultsHref} className="fc-button fc-budget-finder__go">
                {button.label}
              </Link>
            )}
            {button.message && (
              <p className="fc-budget-finder__message" role="status">
                {button.message}
              </p>
            )}
          </div>
          <div className="fc-budget-finder__side">
            {props.priceSlider && (
              <div className="fc-budget-finder__slider">
                <Sub>Price range</Sub>
                <RangeSlider
                  attribute="price"
                  label="price"
                  bounds={sliderBounds}
                  step={props.sliderStep}
                  // A step apart: with a gap of $1 the minimum could reach the maximum.
                  minGap={props.sliderStep}
                  value={slider}
                  format={money}
                  onCommit={setSlider}
                  commitDelay={0}
                />
                <Link to={sliderHref} className="fc-button fc-button--secondary">
                  View {carType}s In This Price Range
                </Link>
              </div>
            )}
            {props.facetLinks && hasResults && (
              <div className="fc-budget-finder__links">
                {makes.items.length > 0 && (
                  <nav aria-label={`Makes within ${money(budget)}`}>
                    <Sub>Makes within your budget</Sub>
                    <ul>
                      {makes.items.map((m) => (
                        <li key={m.value}>
                          <Link
                            to={budgetSearchUrl(budget, {
                              ...bodyFilter(chosenBody?.key),
                              refinementList: {
                                ...bodyFilter(chosenBody?.key).refinementList,
                                make: [m.value],
                              },
                            })}
                          >
                            {m.label}{' '}
                            <span className="fc-budget-finder__count">{number(m.count)}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
                {bodies.length > 0 && (
                  <nav aria-label="Body types">
                    <Sub>Body types</Sub>
                    <ul>
                      {bodies.map((b) => (
                        <li key={b.value}>
                          <Link to={budgetSearchUrl(budget, bodyFilter(b.key))}>
                            {t(bodyTypeLabel(b.key))}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
