/**
 * The quick search's rules (docs/content-blocks.md, "Quick search"), pure: which search page
 * the form goes to and the choices it offers from the stock's facets. The search address a
 * choice opens is url.ts, loaded when the visitor reaches the form (it carries the search's
 * URL rules, which a page that only shows the form does not need).
 */
import type { Page } from '../../engine/site/types.ts';

/** The stock search's default address (blocks/_search/url-state.ts DEFAULT_SEARCH_PATH; url.test.ts checks they agree). */
export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars';
const SEARCH_ROOT = '/search';

/** What the visitor chose; empty fields mean "any". */
export interface QuickChoice {
  make?: string;
  model?: string;
  body?: string;
  budget: 'price' | 'weekly';
  /** The maximum price, or weekly repayment, in whole units. */
  max?: number;
}

/** Where the form sends the visitor: the site's stock search page. */
export interface SearchTarget {
  /** The form's action without JavaScript: a page with no route parameters. */
  action: string;
  /** Whether the /search route rules apply (make, model, body or car type in the path). */
  paths: boolean;
}

/**
 * The block types of each page's top-level blocks (SiteData.pageTypes): in the browser the
 * site's other pages come without their blocks (docs/render.md, "Only the page's blocks").
 */
export type PageTypes = Record<string, string[]> | undefined;

export const hasSearchBlock = (page: Page, types?: PageTypes) =>
  page.blocks
    ? page.blocks.some((b) => b.type === 'search-page')
    : !!types?.[page.id]?.includes('search-page');

/**
 * The site's own search route: /search/new-used-and-demo-cars when the site has it, else the
 * first plain page with the stock search (e.g. the /cars listing, whose filters stay in the
 * query string).
 */
export function searchTarget(pages: Page[], types?: PageTypes): SearchTarget {
  if (pages.some((p) => p.path === DEFAULT_SEARCH_PATH))
    return { action: DEFAULT_SEARCH_PATH, paths: true };
  const page = pages.find((p) => hasSearchBlock(p, types) && !p.path.includes(':'));
  if (!page) return { action: DEFAULT_SEARCH_PATH, paths: true };
  return { action: page.path, paths: page.path.startsWith(`${SEARCH_ROOT}/`) };
}

/** The attribute each budget refines (both are range filters of the stock search). */
export const BUDGET_ATTRIBUTE = { price: 'price', weekly: 'weekly_price' } as const;

/** One make and its models, as the stock names them. */
export interface MakeOption {
  name: string;
  models: string[];
}

/** What the form offers: built on the server from one facet query of the site's stock. */
export interface QuickSearchData {
  makes: MakeOption[];
  bodies: string[];
  /** The dearest price and weekly repayment in stock (facet stats), when known. */
  priceMax?: number;
  weeklyMax?: number;
}

export interface StockFacets {
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number }>;
}

let collator: Intl.Collator | undefined;
/**
 * A–Z regardless of case and accents. One collator, made when first needed: `localeCompare`
 * with a locale and options builds one per comparison (sorting 500 model names took the
 * server 23 ms that way, 0.3 ms with one collator).
 */
export const byName = (a: string, b: string) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'base' })).compare(a, b);

/**
 * Makes A–Z, each with its models A–Z (from the make_model facet: "Land Rover Range Rover"
 * belongs to the longest make it starts with), body types A–Z, and the facet stats' maxima.
 */
export function optionsFromFacets(result: StockFacets): QuickSearchData {
  const facets = result.facets ?? {};
  const makes = Object.keys(facets.make ?? {})
    .filter(Boolean)
    .sort(byName);
  const longestFirst = [...makes].sort((a, b) => b.length - a.length);
  const models = new Map<string, Set<string>>(makes.map((m) => [m, new Set()]));
  for (const pair of Object.keys(facets.make_model ?? {})) {
    const make = longestFirst.find((m) => pair.startsWith(`${m} `));
    const model = make && pair.slice(make.length + 1).trim();
    if (make && model) models.get(make)!.add(model);
  }
  const stats = result.facets_stats ?? {};
  const max = (attr: string) => (stats[attr] && stats[attr].max > 0 ? stats[attr].max : undefined);
  return {
    makes: makes.map((name) => ({ name, models: [...models.get(name)!].sort(byName) })),
    bodies: Object.keys(facets.simple_body ?? {})
      .filter(Boolean)
      .sort(byName),
    priceMax: max('price'),
    weeklyMax: max('weekly_price'),
  };
}

/**
 * The limits offered: every configured step below the dearest car in stock, and the first
 * step at or above it (so the dearest car can still be reached). Unknown maximum: every step.
 */
export function budgetSteps(steps: readonly number[], max: number | undefined): number[] {
  const sorted = [...new Set(steps)].sort((a, b) => a - b);
  if (!max) return sorted;
  const below = sorted.filter((s) => s < max);
  const above = sorted.find((s) => s >= max);
  return above === undefined ? below : [...below, above];
}

/** Reads a submitted form's values into a choice (the model only counts with its make when JavaScript ran). */
export function choiceFromForm(
  values: { get(name: string): FormDataEntryValue | null },
  names: FieldNames,
): QuickChoice {
  const text = (name: string) => {
    const v = values.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const budget = text(names.budget) === 'weekly' ? 'weekly' : 'price';
  const max = Number(text(budget === 'weekly' ? names.weekly : names.price).replace(/^:/, ''));
  return {
    make: text(names.make) || undefined,
    model: text(names.model) || undefined,
    body: text(names.body) || undefined,
    budget,
    max: Number.isFinite(max) && max > 0 ? max : undefined,
  };
}

/**
 * The fields' names: those of the search page's query string, so the form also works as a
 * plain GET without JavaScript (docs/search-ui.md, "URL state").
 */
export const FIELD_NAMES = {
  make: 'refinementList[make][0]',
  model: 'refinementList[model][0]',
  body: 'refinementList[simple_body][0]',
  price: `range[${BUDGET_ATTRIBUTE.price}]`,
  weekly: `range[${BUDGET_ATTRIBUTE.weekly}]`,
  budget: 'budget',
} as const;
export type FieldNames = typeof FIELD_NAMES;
