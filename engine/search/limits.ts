/**
 * What one search request may ask of the engine, so that no request holds the server's single
 * event loop (engine/search/README.md, "Limits"). Where Algolia documents a limit or an
 * answer, the engine uses it word for word (the query's 512 bytes, 50 queries in a
 * multi-query); where it does not (filter nesting and length, the time budget), the limit is
 * the platform's own and far above what the sites send.
 */
import { SearchError } from './errors.ts';

/** Algolia's limit on `query`, in UTF-8 bytes. */
export const MAX_QUERY_BYTES = 512;
/** Algolia's limit on the queries of one multi-query request. */
export const MAX_QUERIES_PER_REQUEST = 50;
/** Records one getObjects request may ask for (Algolia's limit). */
export const MAX_OBJECTS_PER_REQUEST = 1000;
/** Characters of one filter parameter (`filters`, or the JSON of a filter array). */
export const MAX_FILTER_LENGTH = 8192;
/** Parentheses and NOTs nested inside each other in one filter. */
export const MAX_FILTER_DEPTH = 32;
/** Arrays and objects nested inside each other in a request body or a JSON parameter (Algolia's deepest is 4). */
export const MAX_JSON_DEPTH = 16;
/**
 * Entries of one list parameter (facets, attributesToRetrieve, attributesToHighlight,
 * restrictSearchableAttributes). A car has under 100 attributes; every entry costs work on
 * every hit, so a list of 20,000 names held the server for seconds.
 */
export const MAX_LIST_ENTRIES = 1000;
/** Characters of highlightPreTag / highlightPostTag: each is copied into every highlighted word of every hit (a 400 kB tag made a 2 GB answer). */
export const MAX_HIGHLIGHT_TAG_LENGTH = 128;
/** Milliseconds of engine work one HTTP request may use before it is answered with a 400. */
export const DEFAULT_TIME_BUDGET_MS = 300;

const encoder = new TextEncoder();

/** Refuses a query (or facet query) longer than Algolia's 512 bytes, with Algolia's own message. */
export function checkQueryLength(name: 'query' | 'facetQuery', value: string) {
  // Most queries are short ASCII: count bytes only when the characters alone could be over.
  if (value.length * 3 <= MAX_QUERY_BYTES) return;
  if (value.length > MAX_QUERY_BYTES || encoder.encode(value).length > MAX_QUERY_BYTES) {
    throw new SearchError(
      `Invalid value for "${name}" parameter, expected string shorter than ${MAX_QUERY_BYTES} bytes`,
      400,
    );
  }
}

/** Refuses a filter parameter longer than MAX_FILTER_LENGTH before any parsing. */
export function checkFilterLength(name: string, length: number) {
  if (length > MAX_FILTER_LENGTH) {
    throw new SearchError(
      `Invalid ${name}: ${length} characters is too long; a filter may have at most ${MAX_FILTER_LENGTH}`,
      400,
    );
  }
}

/** Refuses a list parameter with more than MAX_LIST_ENTRIES entries. */
export function checkListLength(name: string, length: number) {
  if (length > MAX_LIST_ENTRIES) {
    throw new SearchError(
      `Invalid ${name}: ${length} entries is too many; a list may have at most ${MAX_LIST_ENTRIES}`,
      400,
    );
  }
}

/** Refuses a highlight tag longer than MAX_HIGHLIGHT_TAG_LENGTH. */
export function checkHighlightTag(name: string, value: string) {
  if (value.length > MAX_HIGHLIGHT_TAG_LENGTH) {
    throw new SearchError(
      `Invalid ${name}: ${value.length} characters is too long; a highlight tag may have at most ${MAX_HIGHLIGHT_TAG_LENGTH}`,
      400,
    );
  }
}

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH: such a value parses, but copying or
 * serialising it (the result cache key, structuredClone) would overflow the stack. Walks with
 * its own stack, so the check itself cannot.
 */
export function checkJsonDepth(value: unknown, name: string) {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_JSON_DEPTH)
      throw new SearchError(`${name} is nested more than ${MAX_JSON_DEPTH} levels deep`, 400);
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
}

/** Milliseconds on a monotonic clock where there is one. */
export function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/**
 * A deadline shared by the work of one request: the engine calls check() between units of
 * work (a filter leaf, a query word, a facet), so one request cannot hold the event loop for
 * longer than the budget plus one unit. Over the budget, the request is answered with a 400
 * (a 5xx would make Algolia clients retry the same work on the next host).
 */
export class WorkBudget {
  private deadline: number;

  constructor(readonly ms: number = DEFAULT_TIME_BUDGET_MS) {
    this.deadline = now() + ms;
  }

  check() {
    if (now() > this.deadline) {
      throw new SearchError(
        `This search needs more work than one request may take (${this.ms} ms); search with fewer words, filters or facets`,
        400,
      );
    }
  }

  /**
   * Time the index spent building something once for every later request (a column on first
   * use, the text index) is not this request's work: a visitor's first filter on a cold
   * attribute must not be refused for the engine warming up.
   */
  excuse(ms: number) {
    this.deadline += ms;
  }

  /** A budget that never runs out (the server's own searches, e.g. feeds and stock counts). */
  static readonly unlimited: Budget = { check() {}, excuse() {} };
}

export type Budget = Pick<WorkBudget, 'check' | 'excuse'>;
