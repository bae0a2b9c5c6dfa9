/**
 * Search state ↔ URL. Pure functions, shared by the search page's router, block loaders
 * (server and browser) and links that open a search (budget finder, dealer links).
 *
 * The query string holds `query`, `page`, `sortBy` and one key per filter:
 *   refinementList[make][0]=Ford   range[price]=10000:50000   menu[body]=suv
 * Under /search the path carries the most telling filter (route rules; docs/search-ui.md, "URL state"):
 *   one make (and one model)  → /search/{make}[/{model}]
 *   car types new | demo | used | new+demo → /search/new-cars | demo-cars | used-cars | new-and-demo-cars
 *   only one body type        → /search/{body}
 *   otherwise                 → /search/new-used-and-demo-cars
 * Outside /search (the /cars listing route) everything stays in the query string.
 */
import { parse, stringify, type QueryObject } from './qs.ts';
import { slugify } from '../../engine/slug.ts';
import { MAX_QUERY_BYTES } from '../../engine/search/limits.ts';

export interface SearchRouteState {
  query?: string;
  /** 1-based; absent on the first page. */
  page?: number;
  /** Replica index name, e.g. Car_production_price_asc; absent for the default order. */
  sortBy?: string;
  refinementList?: Record<string, string[]>;
  /** "min:max" in whole units, either side may be empty ("min:" or ":max"). */
  range?: Record<string, string>;
  menu?: Record<string, string>;
}

export const SEARCH_ROOT = '/search';
export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars';

/** Car types in the order visitors see them. */
export const CAR_TYPE_ORDER = ['new', 'demo', 'used'] as const;

/** Path segments that stand for a set of car types (canonical order). */
export const TYPE_SEGMENTS: Record<string, readonly string[]> = {
  'new-used-and-demo-cars': [],
  'new-cars': ['new'],
  'demo-cars': ['demo'],
  'used-cars': ['used'],
  'new-and-demo-cars': ['new', 'demo'],
};

/** Body types as visitors read them (the index's simple_body), by path segment. */
const BODY_LABELS: Record<string, string> = {
  suv: 'SUV',
  ute: 'Ute',
  hatch: 'Hatch',
  sedan: 'Sedan',
  wagon: 'Wagon',
  coupe: 'Coupe',
  convertible: 'Convertible',
  van: 'Van',
  'people-mover': 'People Mover',
  bus: 'Bus',
  'cab-chassis': 'Cab Chassis',
  'light-truck': 'Light Truck',
  motorhome: 'Motorhome',
  // Other names of the recognised body types (BODY_TYPES in budget.ts) land on the same label.
  '4x4': 'SUV',
  hatchback: 'Hatch',
  'station-wagon': 'Wagon',
  softtop: 'Convertible',
  hardtop: 'Coupe',
};

/** The body filter attribute the path's body segment refines. */
export const BODY_ATTRIBUTE = 'simple_body';

/**
 * What a search URL's make and model slugs stand for. Built from the index's facet
 * values (the server resolves them before rendering; the browser keeps learning them
 * from every result), with a readable guess for slugs never seen.
 */
export class NameBook {
  private makes = new Map<string, string>();
  private models = new Map<string, string>();

  constructor(init?: NameBookData) {
    if (init) this.merge(init);
  }

  addMake(name: string) {
    if (name) this.makes.set(slugify(name), name);
  }
  addModel(make: string, model: string) {
    if (make && model) this.models.set(`${slugify(make)}/${slugify(model)}`, model);
  }
  merge(data: NameBookData) {
    for (const m of data.makes ?? []) this.addMake(m);
    for (const [make, list] of Object.entries(data.models ?? {}))
      for (const m of list) this.addModel(make, m);
  }
  hasMake(slug: string) {
    return this.makes.has(slug);
  }
  make(slug: string): string {
    return this.makes.get(slug) ?? titleCase(slug);
  }
  model(make: string, slug: string): string {
    return this.models.get(`${slugify(make)}/${slug}`) ?? titleCase(slug);
  }
}

export interface NameBookData {
  makes?: string[];
  models?: Record<string, string[]>;
}

function titleCase(slug: string) {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** A path segment under /search that names a body type: its simple_body label, or undefined. */
export function bodyForSegment(segment: string, truckMeansUte = false): string | undefined {
  if (segment === 'truck') return truckMeansUte ? 'Ute' : 'Light Truck';
  return BODY_LABELS[segment];
}

/** What the path of a search URL says, before the query string adds to it. */
export interface PathMeaning {
  carTypes?: string[];
  body?: string;
  makeSlug?: string;
  modelSlug?: string;
}

/** Reads /search/{segment}[/{model}] (inner path, without the site's base path). */
export function readSearchPath(pathname: string): PathMeaning {
  const parts = pathname
    .split('/')
    .filter(Boolean)
    .map((p) => safeDecode(p).toLowerCase());
  if (parts[0] !== SEARCH_ROOT.slice(1) || parts.length < 2) return {};
  const [, first, second] = parts;
  if (parts.length === 2) {
    if (first in TYPE_SEGMENTS)
      return TYPE_SEGMENTS[first].length ? { carTypes: [...TYPE_SEGMENTS[first]] } : {};
    const body = bodyForSegment(first);
    if (body) return { body };
    return { makeSlug: first };
  }
  return { makeSlug: first, modelSlug: second };
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const RANGE_RE = /^(-?\d+(?:\.\d+)?)?:(-?\d+(?:\.\d+)?)?$/;

/** "$10,000:50000" → "10000:50000"; anything that is not a range → undefined. */
export function normaliseRange(raw: string): string | undefined {
  const text = raw.replace(/[\s$,€£]/g, '');
  const m = RANGE_RE.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  return `${m[1] ?? ''}:${m[2] ?? ''}`;
}

/** Characters the search box takes; an address may not search with more (docs/search-ui.md, "URL state"). */
export const MAX_QUERY_LENGTH = 200;

const encoder = new TextEncoder();

/**
 * The search words an address may search with: at most MAX_QUERY_LENGTH characters and the
 * engine's MAX_QUERY_BYTES, cut at a whole character. A shared link with more would be
 * refused by the search service (a 400), and the page would have no cars to show.
 */
export function cutQuery(text: string): string {
  const chars = Array.from(text.trim()).slice(0, MAX_QUERY_LENGTH);
  while (encoder.encode(chars.join('')).length > MAX_QUERY_BYTES) chars.pop();
  return chars.join('').trim();
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asStrings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );

/** Parses a search URL (inner path + query string) into route state. */
export function parseSearchUrl(
  pathname: string,
  search: string,
  book: NameBook = new NameBook(),
): SearchRouteState {
  const q = parse(search) as Record<string, unknown>;
  const state: SearchRouteState = {};
  const query = cutQuery(asString(q.query) ?? '');
  if (query) state.query = query;
  const page = Number(asString(q.page));
  if (Number.isInteger(page) && page > 1) state.page = page;
  const sortBy = asString(q.sortBy);
  if (sortBy && /^[A-Za-z0-9_-]+$/.test(sortBy)) state.sortBy = sortBy;

  const lists: Record<string, string[]> = {};
  const rl = q.refinementList;
  if (rl && typeof rl === 'object' && !Array.isArray(rl)) {
    for (const [attr, values] of Object.entries(rl)) {
      const list = asStrings(values);
      if (list.length) lists[attr] = [...new Set(list)];
    }
  }
  const meaning = readSearchPath(pathname);
  const prepend = (attr: string, values: string[]) => {
    lists[attr] = [...new Set([...values, ...(lists[attr] ?? [])])];
  };
  if (meaning.carTypes?.length) prepend('car_type', meaning.carTypes);
  if (meaning.body) prepend(BODY_ATTRIBUTE, [meaning.body]);
  if (meaning.makeSlug) {
    const make = book.make(meaning.makeSlug);
    prepend('make', [make]);
    if (meaning.modelSlug) prepend('model', [book.model(make, meaning.modelSlug)]);
  }
  if (Object.keys(lists).length) state.refinementList = lists;

  const ranges: Record<string, string> = {};
  if (q.range && typeof q.range === 'object' && !Array.isArray(q.range)) {
    for (const [attr, raw] of Object.entries(q.range)) {
      const value = typeof raw === 'string' ? normaliseRange(raw) : undefined;
      if (value) ranges[attr] = value;
    }
  }
  if (Object.keys(ranges).length) state.range = ranges;

  const menus: Record<string, string> = {};
  if (q.menu && typeof q.menu === 'object' && !Array.isArray(q.menu)) {
    for (const [attr, raw] of Object.entries(q.menu))
      if (typeof raw === 'string' && raw) menus[attr] = raw;
  }
  if (Object.keys(menus).length) state.menu = menus;
  return state;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Which path a state gets under /search, and the refinements the path already says
 * (left out of the query string).
 */
export function searchPathFor(state: SearchRouteState): {
  path: string;
  consumed: Record<string, string[]>;
} {
  const lists = state.refinementList ?? {};
  const makes = lists.make ?? [];
  const models = lists.model ?? [];
  if (makes.length === 1) {
    const path = `${SEARCH_ROOT}/${slugify(makes[0])}`;
    if (models.length === 1)
      return { path: `${path}/${slugify(models[0])}`, consumed: { make: makes, model: models } };
    return { path, consumed: { make: makes } };
  }
  const types = lists.car_type ?? [];
  for (const [segment, set] of Object.entries(TYPE_SEGMENTS)) {
    if (set.length && sameSet(types, set))
      return { path: `${SEARCH_ROOT}/${segment}`, consumed: { car_type: types } };
  }
  const bodies = lists[BODY_ATTRIBUTE] ?? [];
  if (!types.length && bodies.length === 1) {
    const segment = slugify(bodies[0]);
    if (BODY_LABELS[segment] === bodies[0])
      return { path: `${SEARCH_ROOT}/${segment}`, consumed: { [BODY_ATTRIBUTE]: bodies } };
  }
  return { path: DEFAULT_SEARCH_PATH, consumed: {} };
}

/** Orders car types new, demo, used (others after, as given). */
export function orderCarTypes(types: readonly string[]): string[] {
  const rank = (t: string) => {
    const i = (CAR_TYPE_ORDER as readonly string[]).indexOf(t);
    return i < 0 ? CAR_TYPE_ORDER.length : i;
  };
  return [...types].sort((a, b) => rank(a) - rank(b));
}

export interface UrlOptions {
  /** Use the /search route rules; false keeps `currentPath` and puts everything in the query. */
  paths: boolean;
  /** Inner path of the page the state is shown on (used when paths is false). */
  currentPath?: string;
}

/** Route state → inner URL (path + query string), e.g. /search/ford?range[price]=10000:50000. */
export function searchUrlFor(state: SearchRouteState, options: UrlOptions): string {
  let path = options.currentPath ?? DEFAULT_SEARCH_PATH;
  let consumed: Record<string, string[]> = {};
  if (options.paths) ({ path, consumed } = searchPathFor(state));
  const q: QueryObject = {};
  if (state.query) q.query = state.query;
  const lists: Record<string, string[]> = {};
  for (const [attr, values] of Object.entries(state.refinementList ?? {})) {
    const rest = values.filter((v) => !consumed[attr]?.includes(v));
    if (rest.length) lists[attr] = attr === 'car_type' ? orderCarTypes(rest) : rest;
  }
  if (Object.keys(lists).length) q.refinementList = lists;
  const ranges: Record<string, string> = {};
  for (const [attr, value] of Object.entries(state.range ?? {})) {
    const v = normaliseRange(value);
    if (v) ranges[attr] = v;
  }
  if (Object.keys(ranges).length) q.range = ranges;
  const menus = Object.fromEntries(Object.entries(state.menu ?? {}).filter(([, v]) => v));
  if (Object.keys(menus).length) q.menu = menus;
  if (state.sortBy) q.sortBy = state.sortBy;
  if (state.page && state.page > 1) q.page = String(state.page);
  const search = stringify(q);
  return search ? `${path}?${search}` : path;
}

/** Everything except the page: what decides which cars match and in what order. */
function filterKey(state: SearchRouteState): string {
  const { page: _page, ...rest } = normaliseState(state);
  return JSON.stringify(rest);
}

/** Any filter change removes the page (docs/search-ui.md, "URL state"): next keeps its page only when nothing else changed. */
export function withPageReset(
  prev: SearchRouteState | undefined,
  next: SearchRouteState,
): SearchRouteState {
  if (!next.page || !prev) return next;
  if (filterKey(prev) === filterKey(next)) return next;
  const { page: _page, ...rest } = next;
  return rest;
}

/** Canonical form: empty parts removed, lists deduplicated, keys sorted (for comparisons). */
export function normaliseState(state: SearchRouteState): SearchRouteState {
  const out: SearchRouteState = {};
  if (state.query) out.query = state.query;
  if (state.page && state.page > 1) out.page = state.page;
  if (state.sortBy) out.sortBy = state.sortBy;
  const sortKeys = <T>(o: Record<string, T>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  const lists = Object.fromEntries(
    Object.entries(state.refinementList ?? {})
      .map(([k, v]) => [k, [...new Set(v)].sort()] as const)
      .filter(([, v]) => v.length),
  );
  if (Object.keys(lists).length) out.refinementList = sortKeys(lists);
  const ranges = Object.fromEntries(
    Object.entries(state.range ?? {})
      .map(([k, v]) => [k, normaliseRange(v)] as const)
      .filter((e): e is readonly [string, string] => !!e[1]),
  );
  if (Object.keys(ranges).length) out.range = sortKeys(ranges);
  const menus = Object.fromEntries(Object.entries(state.menu ?? {}).filter(([, v]) => v));
  if (Object.keys(menus).length) out.menu = sortKeys(menus);
  return out;
}

/** A link that opens the search with a maximum price (budget finder): /search/…?range[price]=:54000 */
export function budgetSearchUrl(max: number, extra: SearchRouteState = {}): string {
  const state: SearchRouteState = {
    ...extra,
    range: { ...extra.range, price: `:${Math.round(max)}` },
  };
  return searchUrlFor(state, { paths: true });
}

/** The dealer link: all stock of one dealership (docs/search-ui.md, "URL state"). */
export function dealershipSearchUrl(dealershipSlug: string): string {
  return searchUrlFor({ refinementList: { dealership_slug: [dealershipSlug] } }, { paths: true });
}
