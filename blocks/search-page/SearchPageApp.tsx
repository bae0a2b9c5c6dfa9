/**
 * The stock search page UI (loaded as its own chunk; see ../_search/lazy-block.tsx).
 * One InstantSearch scope with the site's base filter, routed through the address bar.
 * The page's parts: SearchLayout.tsx (what the visitor sees), state-widgets.tsx (widgets
 * that render nothing) and filter-display.ts (what each filter section shows).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useHref, useLocation, useNavigationType } from 'react-router';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { SearchPageProps } from '../../schemas/resolved.gen.ts';
import { searchClientFor, sortIndices } from '../_search/client.ts';
import { withDependentFacets } from '../_search/dependent-facets.ts';
import { describeSearch, rememberSearch, safeLocalStorage } from '../_search/history.ts';
import { useDebouncedCallback } from '../_search/hooks.ts';
import { carTypeLabel } from '../_search/labels.ts';
import type { SearchBlockData } from '../_search/load.ts';
import { createSearchRouter, searchStateMapping, type SearchRouter } from '../_search/router.ts';
import { SearchScope } from '../_search/SearchScope.tsx';
import { mountedByHistory } from '../_search/scroll-memory.ts';
import { tidyRanges } from '../_search/slider-rules.ts';
import { IS_SERVER } from '../_search/ssr.tsx';
import { NameBook, normaliseState, type SearchRouteState } from '../_search/url-state.ts';
import { SearchLayout } from './SearchLayout.tsx';
import { LearnNames, ScrollMemory, SearchConfig } from './state-widgets.tsx';

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
  // Recent searches hear of a new entry themselves: a state here re-rendered the whole search UI
  // 1.5 s after each search (docs/search-ui.md, "Interaction speed").
  const [historyChanged] = useState(() => new EventTarget());
  const { money, number, region, display } = useSite();

  const remember = useDebouncedCallback((url: string, state: SearchRouteState) => {
    const s = normaliseState(state);
    if (!s.query && !s.refinementList && !s.range && !s.menu) return;
    const label = describeSearch(s, {
      money,
      number,
      carType: (v) => carTypeLabel(v, site.features.preOwnedLabel),
      distanceUnit: region.odometerUnit,
      display,
    });
    rememberSearch(safeLocalStorage(), site.slug, { url, label, at: Date.now() });
    historyChanged.dispatchEvent(new Event('change'));
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
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
  // A chosen model must not narrow the make list (dependent-facets.ts).
  const client = useMemo(
    () =>
      withDependentFacets(
        searchClientFor(site.search, IS_SERVER ? d.origin : undefined, site.slug),
      ),
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
        historyChanged={historyChanged}
      />
      <ScrollMemory restore={restore} />
    </SearchScope>
  );
}
