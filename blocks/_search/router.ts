/**
 * InstantSearch routing for dealer sites: a custom router (instantsearch's Router
 * contract) that keeps the search in the address bar under the site's base path
 * (/sites/{slug}/ in development, / on a dealer's own host), with the route rules of
 * url-state.ts.
 *
 * Why not instantsearch's history router: it knows nothing of the base path, the
 * /search/{make}/{model} rules or react-router. This router
 *  - writes with history.pushState, with the history state react-router's BrowserRouter
 *    expects (usr/key/idx), so react-router's own navigations and back/forward keep
 *    working, without re-rendering the page (and re-running page loaders) on every
 *    refinement;
 *  - listens to popstate (back/forward) and to react-router navigations that land on the
 *    same page (`sync()`), and hands the URL's state back to InstantSearch;
 *  - replaces instead of pushing while the visitor keeps typing: a query-only change right
 *    after another query-only write (typing makes one history entry, not one per pause),
 *    never over the entry of a filter, sort or page change;
 *  - drops the page whenever a filter changes (docs/search-ui.md, "URL state");
 *  - writes nothing once `freeze()`d: a search page being replaced by another page's (Back
 *    to a search URL of another route) removes its widgets on the way out, and those
 *    half-empty states must not reach the address bar (docs/search-ui.md, "URL state").
 */
import type { Router, StateMapping, UiState } from 'instantsearch.js';
import {
  type NameBook,
  normaliseState,
  parseSearchUrl,
  searchUrlFor,
  SEARCH_ROOT,
  withPageReset,
  type SearchRouteState,
} from './url-state.ts';

export interface SearchRouterOptions {
  indexName: string;
  /** The site's base path without a trailing slash ('' or '/sites/{slug}'). */
  basename: string;
  /** The URL being rendered (inner path and query), for server rendering. */
  location: { pathname: string; search: string };
  book: NameBook;
  /** Replica index names a URL may name in sortBy. */
  sortIndices: readonly string[];
  /** Keep the page number in the URL (false with infinite scroll). */
  keepPage: boolean;
  /** Told after each write (e.g. to remember the search in the history). */
  onWrite?: (innerUrl: string, state: SearchRouteState) => void;
  /** Replace instead of push when only the query changed within this many ms of the last typed write. */
  typingWindowMs?: number;
  /**
   * Tidies a state read from the address (e.g. drops slider values outside the stock's
   * range). When it changes what the address says, the address is replaced with the tidy
   * form, so address and results agree.
   */
  tidy?: (state: SearchRouteState) => SearchRouteState;
}

export interface SearchRouter extends Router<SearchRouteState> {
  /** Re-reads the address bar (after a navigation react-router made) and updates the search when it changed. */
  sync(): void;
  /** Stops writing for good (the page is going away; its widgets' removal is not a visitor's action). */
  freeze(): void;
}

const isBrowser = () => typeof window !== 'undefined' && typeof window.history !== 'undefined';

/** The inner path of the current address (base path removed). */
function innerLocation(basename: string): { pathname: string; search: string } {
  let pathname = window.location.pathname;
  if (basename && (pathname === basename || pathname.startsWith(`${basename}/`)))
    pathname = pathname.slice(basename.length) || '/';
  return { pathname, search: window.location.search };
}

const usesSearchPaths = (pathname: string) =>
  pathname === SEARCH_ROOT || pathname.startsWith(`${SEARCH_ROOT}/`);

const same = (a: SearchRouteState, b: SearchRouteState) =>
  JSON.stringify(normaliseState(a)) === JSON.stringify(normaliseState(b));

function onlyQueryChanged(a: SearchRouteState, b: SearchRouteState) {
  const strip = ({ query: _q, ...rest }: SearchRouteState) => JSON.stringify(normaliseState(rest));
  return a.query !== b.query && strip(a) === strip(b);
}

let keySeed = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeed++).toString(36)}`.slice(-8);

export function createSearchRouter(options: SearchRouterOptions): SearchRouter {
  const { basename, book } = options;
  const typingWindow = options.typingWindowMs ?? 2000;
  let callback: ((route: SearchRouteState) => void) | undefined;
  let lastState: SearchRouteState | undefined;
  /** When the last write that only changed the query happened (0: the last write was not typing). */
  let lastTypedAt = 0;
  let disposed = false;
  let frozen = false;

  const where = () => (isBrowser() ? innerLocation(basename) : options.location);

  const read = (): SearchRouteState => {
    const { pathname, search } = where();
    const parsed = parseSearchUrl(pathname, search, book);
    const state = options.tidy ? options.tidy(parsed) : parsed;
    if (!options.keepPage) delete state.page;
    return state;
  };

  /** The address says more than the search will use (values the tidy rule dropped): say it the tidy way. */
  const tidyAddress = (state: SearchRouteState) => {
    if (!isBrowser() || !options.tidy) return;
    const { pathname, search } = innerLocation(basename);
    if (same(parseSearchUrl(pathname, search, book), state)) return;
    window.history.replaceState(window.history.state, '', basename + urlFor(state));
  };

  const urlFor = (route: SearchRouteState) => {
    const { pathname } = where();
    return searchUrlFor(route, { paths: usesSearchPaths(pathname), currentPath: pathname });
  };

  const onPopState = () => {
    if (disposed || frozen || !callback) return;
    const state = read();
    lastState = state;
    lastTypedAt = 0;
    tidyAddress(state);
    callback(state);
  };

  const router: SearchRouter = {
    $$type: 'forecourt.search',
    read() {
      const state = read();
      if (!lastState) {
        lastState = state;
        tidyAddress(state);
      }
      return state;
    },
    write(route) {
      if (disposed || frozen || !isBrowser()) return;
      const next = withPageReset(
        lastState,
        options.keepPage ? route : { ...route, page: undefined },
      );
      const current = read();
      if (same(next, current)) {
        lastState = next;
        return;
      }
      const inner = urlFor(next);
      const href = basename + inner;
      const now = Date.now();
      const typing = !!lastState && onlyQueryChanged(lastState, next);
      const replace = typing && lastTypedAt > 0 && now - lastTypedAt < typingWindow;
      const previous = (window.history.state ?? {}) as { idx?: number };
      const idx = typeof previous.idx === 'number' ? previous.idx : 0;
      const historyState = { usr: null, key: newKey(), idx: replace ? idx : idx + 1 };
      if (replace) window.history.replaceState(historyState, '', href);
      else window.history.pushState(historyState, '', href);
      lastState = next;
      lastTypedAt = typing ? now : 0;
      options.onWrite?.(inner, next);
    },
    createURL(route) {
      return basename + urlFor(options.keepPage ? route : { ...route, page: undefined });
    },
    onUpdate(cb) {
      callback = cb;
      if (isBrowser()) window.addEventListener('popstate', onPopState);
    },
    dispose() {
      disposed = true;
      callback = undefined;
      if (isBrowser()) window.removeEventListener('popstate', onPopState);
    },
    sync() {
      if (disposed || frozen || !callback) return;
      const state = read();
      if (lastState && same(state, lastState)) return;
      lastState = state;
      lastTypedAt = 0;
      callback(state);
    },
    freeze() {
      frozen = true;
    },
  };
  return router;
}

/** uiState of the one index ↔ route state; unknown sort indices are dropped. */
export function searchStateMapping(
  indexName: string,
  sortIndices: readonly string[],
): StateMapping<UiState, SearchRouteState> {
  const validSort = (s: string | undefined) =>
    s && s !== indexName && sortIndices.includes(s) ? s : undefined;
  return {
    $$type: 'forecourt.search',
    stateToRoute(uiState) {
      const s = uiState[indexName] ?? {};
      return normaliseState({
        query: s.query,
        page: s.page,
        sortBy: validSort(s.sortBy),
        refinementList: s.refinementList,
        range: s.range,
        menu: s.menu,
      });
    },
    routeToState(route) {
      const r = normaliseState(route);
      const index: UiState[string] = {};
      if (r.query) index.query = r.query;
      if (r.page) index.page = r.page;
      const sortBy = validSort(r.sortBy);
      if (sortBy) index.sortBy = sortBy;
      if (r.refinementList) index.refinementList = r.refinementList;
      if (r.range) index.range = r.range;
      if (r.menu) index.menu = r.menu;
      return { [indexName]: index };
    },
  } as StateMapping<UiState, SearchRouteState>;
}
