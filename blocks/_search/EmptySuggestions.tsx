/**
 * After a search that finds nothing, more than a contact button (docs/search-ui.md, "Results,
 * states, count"): the same search without the typed words, or without one chosen filter, with
 * the cars each would show, and the most stocked makes. The counts are extra queries on the
 * search's own state (the site's filter included), asked only once a search is empty, through a
 * helper of their own (see below).
 */
import algoliasearchHelper, { type AlgoliaSearchHelper } from 'algoliasearch-helper';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  useCurrentRefinements,
  useInstantSearch,
  useInstantSearchContext,
} from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  bestWaysOut,
  MAX_FILTERS_TRIED,
  popularMakes,
  withoutRefinement,
  type ChosenRefinement,
  type HelperState,
  type WayOut,
} from './empty-suggestions.ts';
import { attributeLabel, carTypeLabel } from './labels.ts';
import { searchUrlFor } from './url-state.ts';

type Apply = () => void;
interface Suggestion {
  key: string;
  label: string;
  apply: Apply;
}

interface Found {
  ways: WayOut<Suggestion>[];
  makes: { name: string; count: number }[];
}

export function EmptySuggestions({
  rangeFormat,
}: {
  rangeFormat: (attribute: string, value: number) => string;
}) {
  const { site, t, number } = useSite();
  const { results, setIndexUiState } = useInstantSearch();
  const { items } = useCurrentRefinements();
  const search = useInstantSearchContext();
  const [found, setFound] = useState<Found | undefined>();
  const empty =
    !!results && !(results as { __isArtificial?: boolean }).__isArtificial && results.nbHits === 0;
  const state = empty
    ? ((results as unknown as { _state: HelperState & Record<string, unknown> })._state ??
      undefined)
    : undefined;

  const chip = (attribute: string, r: ChosenRefinement) => {
    if (attribute === 'car_type') return carTypeLabel(String(r.value), site.features.preOwnedLabel);
    if (attribute === 'dealership_slug')
      return site.dealerships.find((d) => d.slug === r.value)?.name ?? String(r.label);
    if (r.operator === '>=')
      return `${t(attributeLabel(attribute))} from ${rangeFormat(attribute, Number(r.value))}`;
    if (r.operator === '<=')
      return `${t(attributeLabel(attribute))} up to ${rangeFormat(attribute, Number(r.value))}`;
    return t(String(r.label));
  };

  useEffect(() => {
    setFound(undefined);
    if (!state) return;
    const main = (search as unknown as { mainHelper?: AlgoliaSearchHelper | null }).mainHelper;
    if (!main) return;
    // Not InstantSearch's own helper: its searchOnce counts as one of that helper's pending
    // requests, and InstantSearch leaves "loading" only when it renders with none pending. A
    // search answered while these counts were out rendered with them pending, and nothing
    // renders when they end, so the results stayed busy for good (docs/search-ui.md,
    // "Results, states, count").
    const counter = algoliasearchHelper(main.getClient(), main.state.index);
    let live = true;
    const count = (s: unknown) =>
      counter.searchOnce({ ...(s as object), hitsPerPage: 0, page: 0 }).then(
        (r) => r.content,
        () => undefined,
      );
    const tries: { suggestion: Suggestion; state: HelperState }[] = [];
    if (state.query) {
      tries.push({
        suggestion: {
          key: 'query',
          label: `${t('Search without')} “${state.query}”`,
          apply: () => setIndexUiState((s) => ({ ...s, query: undefined, page: undefined })),
        },
        state: state.setQuery(''),
      });
    }
    for (const item of items
      .flatMap((i) => i.refinements.map((r) => ({ item: i, r })))
      .slice(0, MAX_FILTERS_TRIED)) {
      tries.push({
        suggestion: {
          key: `${item.r.attribute}:${item.r.operator ?? ''}:${item.r.value}`,
          label: `${t('Without')} ${chip(item.item.attribute, item.r)}`,
          apply: () => item.item.refine(item.r),
        },
        state: withoutRefinement(state, item.r),
      });
    }
    const everything = {
      ...(state as object),
      query: '',
      facetsRefinements: {},
      disjunctiveFacetsRefinements: {},
      numericRefinements: {},
      tagRefinements: [],
      hierarchicalFacetsRefinements: {},
      facetsExcludes: {},
      facets: ['make'],
      disjunctiveFacets: [],
      hierarchicalFacets: [],
    };
    void Promise.all([...tries.map((x) => count(x.state)), count(everything)]).then((answers) => {
      if (!live) return;
      const makesAnswer = answers.pop();
      const ways = tries.map((x, i) => ({ count: answers[i]?.nbHits ?? 0, item: x.suggestion }));
      const makeFacet = makesAnswer?.facets?.find((f) => f.name === 'make');
      setFound({
        ways: bestWaysOut(ways),
        makes: popularMakes(makeFacet?.data as Record<string, number> | undefined),
      });
    });
    return () => {
      live = false;
    };
    // One round of counts per empty result.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [state]);

  if (!empty || !found || (!found.ways.length && !found.makes.length)) return null;
  return (
    <div className="fc-search-suggestions" aria-live="polite">
      {found.ways.length > 0 && (
        <>
          <h3>{t('Try')}</h3>
          <ul className="fc-search-suggestions__ways">
            {found.ways.map(({ item, count }) => (
              <li key={item.key}>
                <button
                  type="button"
                  className="fc-button fc-button--secondary"
                  onClick={item.apply}
                >
                  {item.label}{' '}
                  <span className="fc-search-suggestions__count">({number(count)})</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {found.makes.length > 0 && (
        <nav aria-label={t('Popular makes')}>
          <h3>{t('Popular makes')}</h3>
          <ul className="fc-search-suggestions__makes">
            {found.makes.map((m) => (
              <li key={m.name}>
                <Link to={searchUrlFor({ refinementList: { make: [m.name] } }, { paths: true })}>
                  {m.name} <span className="fc-search-suggestions__count">{number(m.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
