/**
 * Search parameters as clients send them, made into one checked shape. Algolia clients send
 * them three ways and the engine takes all of them:
 *  - v5 `search()` and InstantSearch: the parameters as JSON fields of each request;
 *  - v3/v4 clients: `params` as a URL-encoded string, arrays JSON-encoded inside it;
 *  - both at once (fields beside `params` win, as on Algolia).
 * Unknown parameters (analytics, clickAnalytics, userToken, …) are accepted and ignored.
 */
import { SearchError } from './errors.ts';
import type { FilterList } from './filter-params.ts';
import {
  checkFilterLength,
  checkHighlightTag,
  checkJsonDepth,
  checkListLength,
  checkQueryLength,
} from './limits.ts';
import type { QueryType, TypoTolerance } from './text-index.ts';

export const MAX_HITS_PER_PAGE = 1000;
export const DEFAULT_HITS_PER_PAGE = 20;
export const DEFAULT_MAX_VALUES_PER_FACET = 100;
export const MAX_VALUES_PER_FACET = 1000;
export const DEFAULT_MAX_FACET_HITS = 10;
export const MAX_FACET_HITS = 100;

export interface SearchParams {
  query: string;
  filters?: string;
  facetFilters?: FilterList;
  numericFilters?: FilterList;
  tagFilters?: FilterList;
  facets: string[];
  maxValuesPerFacet: number;
  sortFacetValuesBy: 'count' | 'alpha';
  hitsPerPage: number;
  page: number;
  offset?: number;
  length?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  queryType: QueryType;
  typoTolerance: TypoTolerance;
  restrictSearchableAttributes?: string[];
  clickAnalytics: boolean;
  /** Facet value search only. */
  facetQuery: string;
  maxFacetHits: number;
}

export type RawParams = Record<string, unknown>;

const LIST_PARAMS = new Set([
  'facets',
  'attributesToRetrieve',
  'attributesToHighlight',
  'restrictSearchableAttributes',
]);
const FILTER_LIST_PARAMS = new Set(['facetFilters', 'numericFilters', 'tagFilters']);

/** Turns a URL-encoded `params` string into raw values: JSON where it parses, text otherwise. */
export function decodeParamString(text: string): RawParams {
  const out: RawParams = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const trimmed = value.trim();
    if (
      (trimmed.startsWith('[') || trimmed.startsWith('{')) &&
      (LIST_PARAMS.has(key) || FILTER_LIST_PARAMS.has(key))
    ) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw new SearchError(`${key} is not valid JSON: ${trimmed.slice(0, 60)}`, 400);
      }
      checkJsonDepth(parsed, key);
      out[key] = parsed;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/** The raw parameters of one request: its `params` string or object, overlaid by its other fields. */
export function rawParamsOf(request: RawParams): RawParams {
  const { params, indexName: _indexName, type: _type, ...rest } = request;
  let base: RawParams = {};
  if (typeof params === 'string') base = decodeParamString(params);
  else if (params && typeof params === 'object' && !Array.isArray(params))
    base = params as RawParams;
  else if (params !== undefined && params !== null)
    throw new SearchError('params must be a URL-encoded string or an object', 400);
  const merged: RawParams = { ...base };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) merged[k] = v;
  return merged;
}

function integer(raw: RawParams, name: string, fallback: number, min: number, max: number): number {
  const value = raw[name];
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n))
    throw new SearchError(`${name} must be an integer, got ${JSON.stringify(value)}`, 400);
  if (n < min)
    throw new SearchError(`${name} must be greater than or equal to ${min}, got ${n}`, 400);
  if (n > max)
    throw new SearchError(`${name} must be lower than or equal to ${max}, got ${n}`, 400);
  return n;
}

function optionalInteger(
  raw: RawParams,
  name: string,
  min: number,
  max: number,
): number | undefined {
  return raw[name] === undefined || raw[name] === null || raw[name] === ''
    ? undefined
    : integer(raw, name, 0, min, max);
}

function bool(raw: RawParams, name: string, fallback: boolean): boolean {
  const v = raw[name];
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new SearchError(`${name} must be true or false, got ${JSON.stringify(v)}`, 400);
}

function str(raw: RawParams, name: string, fallback: string): string {
  const v = raw[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new SearchError(`${name} must be a string`, 400);
}

export function list(raw: RawParams, name: string): string[] | undefined {
  const v = raw[name];
  if (v === undefined || v === null) return undefined;
  const entries = typeof v === 'string' ? (v === '' ? [] : v.split(',').map((s) => s.trim())) : v;
  if (!Array.isArray(entries) || !entries.every((x) => typeof x === 'string'))
    throw new SearchError(`${name} must be an array of strings`, 400);
  checkListLength(name, entries.length);
  // Each entry is work on every hit: the same name twice is done once.
  return [...new Set(entries as string[])];
}

function tag(raw: RawParams, name: string, fallback: string): string {
  const value = str(raw, name, fallback);
  checkHighlightTag(name, value);
  return value;
}

/** Characters of the strings in a filter array (nested arrays included), counted before any is parsed. */
function textLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + textLength(v), 0);
  return 0;
}

function filterList(raw: RawParams, name: string): FilterList | undefined {
  const v = raw[name];
  if (v === undefined || v === null || v === '') return undefined;
  checkFilterLength(name, textLength(v));
  if (typeof v === 'string') return name === 'facetFilters' ? v : v.split(',').map((s) => s.trim());
  if (Array.isArray(v)) return v as FilterList;
  throw new SearchError(`${name} must be a string or an array`, 400);
}

function oneOf<T extends string>(
  raw: RawParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const v = raw[name];
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as T;
  throw new SearchError(
    `${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`,
    400,
  );
}

export function normalizeParams(raw: RawParams): SearchParams {
  const typo = raw.typoTolerance;
  const typoTolerance: TypoTolerance =
    typo === undefined || typo === null || typo === '' || typo === true || typo === 'true'
      ? true
      : typo === false || typo === 'false'
        ? false
        : typo === 'min' || typo === 'strict'
          ? typo
          : (() => {
              throw new SearchError(
                `typoTolerance must be true, false, min or strict, got ${JSON.stringify(typo)}`,
                400,
              );
            })();
  const filters = raw.filters;
  if (filters !== undefined && filters !== null && typeof filters !== 'string')
    throw new SearchError('filters must be a string', 400);
  if (typeof filters === 'string') checkFilterLength('filters', filters.length);
  const query = str(raw, 'query', '');
  checkQueryLength('query', query);
  const facetQuery = str(raw, 'facetQuery', '');
  checkQueryLength('facetQuery', facetQuery);
  return {
    query,
    filters: typeof filters === 'string' ? filters : undefined,
    facetFilters: filterList(raw, 'facetFilters'),
    numericFilters: filterList(raw, 'numericFilters'),
    tagFilters: filterList(raw, 'tagFilters'),
    facets: list(raw, 'facets') ?? [],
    maxValuesPerFacet: integer(
      raw,
      'maxValuesPerFacet',
      DEFAULT_MAX_VALUES_PER_FACET,
      0,
      MAX_VALUES_PER_FACET,
    ),
    sortFacetValuesBy: oneOf(raw, 'sortFacetValuesBy', ['count', 'alpha'] as const, 'count'),
    hitsPerPage: integer(raw, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE),
    page: integer(raw, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    offset: optionalInteger(raw, 'offset', 0, Number.MAX_SAFE_INTEGER),
    length: optionalInteger(raw, 'length', 0, MAX_HITS_PER_PAGE),
    attributesToRetrieve: list(raw, 'attributesToRetrieve'),
    attributesToHighlight: list(raw, 'attributesToHighlight'),
    highlightPreTag: tag(raw, 'highlightPreTag', '<em>'),
    highlightPostTag: tag(raw, 'highlightPostTag', '</em>'),
    queryType: oneOf(
      raw,
      'queryType',
      ['prefixLast', 'prefixAll', 'prefixNone'] as const,
      'prefixLast',
    ),
    typoTolerance,
    restrictSearchableAttributes: list(raw, 'restrictSearchableAttributes'),
    clickAnalytics: bool(raw, 'clickAnalytics', false),
    facetQuery,
    maxFacetHits: integer(raw, 'maxFacetHits', DEFAULT_MAX_FACET_HITS, 1, MAX_FACET_HITS),
  };
}

/** The URL-encoded form Algolia echoes back as `params`. */
export function encodeParams(raw: RawParams): string {
  const parts: string[] = [];
  for (const key of Object.keys(raw).sort()) {
    const v = raw[key];
    if (v === undefined) continue;
    parts.push(
      `${encodeURIComponent(key)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    );
  }
  return parts.join('&');
}
