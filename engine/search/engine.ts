/**
 * The embedded search engine: named indexes (and their sort replicas) answering Algolia's
 * search contract (search, multi-query, facet value search, get object) with Algolia-shaped
 * responses. Isomorphic: no node imports, so the same engine serves HTTP on the server
 * (http.ts) and runs in the browser as a search client for a static build (client.ts).
 */
import { andInto, countBits, fullBits, idsOf, type Bits } from './bitset.ts';
import { ResultCache, RESULT_CACHE_SIZE } from './cache.ts';
import { SearchError } from './errors.ts';
import { and, type FilterNode } from './filter-ast.ts';
import { facetFiltersToTree, numericFiltersToTree, tagFiltersToTree } from './filter-params.ts';
import { parseFilters } from './filter-parser.ts';
import { facetCounts, facetStats, searchFacetValues, type FacetStats } from './facets.ts';
import { now, WorkBudget } from './limits.ts';
import {
  encodeParams,
  normalizeParams,
  rawParamsOf,
  type RawParams,
  type SearchParams,
} from './params.ts';
import { SearchIndex, type IndexSettings, type SortSpec } from './search-index.ts';
import { queryTerms, type QueryTerm, type TextMatch } from './text-index.ts';
import type {
  EngineOptions,
  FacetSearchResponse,
  Hit,
  MultiQueryRequest,
  RequestScope,
  SearchResponse,
} from './engine-types.ts';
import { highlightAttributes, highlights, project } from './hits.ts';
import { multipleQueriesOn } from './multi-query.ts';
import { queryId, stableKey } from './request-key.ts';

export const DEFAULT_PAGINATION_LIMIT = 1000;

interface IndexEntry {
  index: SearchIndex;
  sort: SortSpec[];
}

export class SearchEngine {
  private readonly entries = new Map<string, IndexEntry>();
  private readonly baseFilterBits = new Map<string, Bits>();
  readonly cache: ResultCache<SearchResponse>;
  /**
   * Counts the changes to the indexes (added, records changed, replicas, removed): a copy of the
   * engine elsewhere (a search worker's, worker-pool.ts) is stale once this moved on.
   */
  generation = 0;

  constructor(options: EngineOptions = {}) {
    this.cache = new ResultCache(options.cacheSize ?? RESULT_CACHE_SIZE);
  }

  /** Adds an index and its replicas (each replica is another name for the same records in another order). */
  addIndex(
    name: string,
    records: readonly Record<string, unknown>[],
    settings: IndexSettings,
  ): SearchIndex {
    const index = new SearchIndex(name, records, settings);
    this.generation++;
    this.entries.set(name, { index, sort: [] });
    for (const [replica, sort] of Object.entries(settings.replicas ?? {}))
      this.entries.set(replica, { index, sort });
    this.cache.clear();
    this.baseFilterBits.clear();
    return index;
  }

  /**
   * Some records of an index were changed in place (a car held by a reservation, docs/api.md
   * "Reservations"): the named attributes' columns are built again on next use and no cached
   * answer survives.
   */
  recordsChanged(indexName: string, attributes: readonly string[]) {
    this.generation++;
    this.entry(indexName).index.forget(attributes);
    this.cache.clear();
    this.baseFilterBits.clear();
  }

  /** The record set (and sort) behind an index name, a replica's being its primary's; for the write side (write-store.ts). */
  source(name: string): { index: SearchIndex; sort: SortSpec[] } | undefined {
    return this.entries.get(name);
  }

  /** Names a replica of an index with its own sort, without rebuilding the index (a replica's ranking was set). */
  setReplica(primary: string, replica: string, sort: SortSpec[]) {
    this.generation++;
    this.entries.set(replica, { index: this.entry(primary).index, sort });
    this.cache.clear();
  }

  /** Removes an index and the replicas that share its records. */
  removeIndex(name: string) {
    const index = this.entries.get(name)?.index;
    if (!index) return;
    this.generation++;
    for (const [key, e] of [...this.entries]) if (e.index === index) this.entries.delete(key);
    this.cache.clear();
    this.baseFilterBits.clear();
  }

  /** Each record set with its settings and every name it answers to (primary and replicas), for a copy of the engine in a worker. */
  indexesWithNames(): { index: SearchIndex; names: { name: string; sort: SortSpec[] }[] }[] {
    const byIndex = new Map<SearchIndex, { name: string; sort: SortSpec[] }[]>();
    for (const [name, { index, sort }] of this.entries) {
      const names = byIndex.get(index) ?? [];
      names.push({ name, sort });
      byIndex.set(index, names);
    }
    return [...byIndex].map(([index, names]) => ({ index, names }));
  }

  indexNames(): string[] {
    return [...this.entries.keys()];
  }

  hasIndex(name: string) {
    return this.entries.has(name);
  }

  private entry(name: string): IndexEntry {
    const e = this.entries.get(name);
    if (!e) throw new SearchError(`Index ${name} does not exist`, 404);
    return e;
  }

  /** Builds every order and the text index now, so the first visitor does not wait for them. */
  warm() {
    for (const { index, sort } of this.entries.values()) index.order(sort);
    for (const { index } of this.entries.values()) index.textIndex();
  }

  search(indexName: string, request: RawParams = {}, scope: RequestScope = {}): SearchResponse {
    const entry = this.entry(indexName);
    const raw = rawParamsOf(request);
    const params = normalizeParams(raw);
    const key = `${indexName}\n${scope.baseFilter ?? ''}\n${stableKey(raw)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const started = now();
    const response = this.run(indexName, entry, params, raw, scopeOf(scope));
    response.processingTimeMS = Math.round(now() - started);
    if (params.clickAnalytics) response.queryID = queryId(key);
    this.cache.set(key, response);
    return response;
  }

  /** POST /1/indexes/*\/queries: each request in order; a facet request (type "facet") searches facet values. */
  multipleQueries(
    requests: MultiQueryRequest[],
    scope: RequestScope | ((indexName: string) => RequestScope) = {},
  ): { results: (SearchResponse | FacetSearchResponse)[] } {
    return multipleQueriesOn(() => this, requests, scope);
  }

  searchForFacetValues(
    indexName: string,
    facet: string,
    request: RawParams = {},
    scope: RequestScope = {},
  ): FacetSearchResponse {
    const started = now();
    const { index } = this.entry(indexName);
    const faceting = index.settings.attributesForFaceting;
    if (!faceting.includes(facet) && !faceting.includes(`searchable(${facet})`)) {
      throw new SearchError(
        `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`,
        400,
      );
    }
    const params = normalizeParams(rawParamsOf(request));
    const { docs } = this.match(index, params, scopeOf(scope));
    const facetHits = searchFacetValues(
      index.attribute(facet),
      docs,
      params.facetQuery,
      params.maxFacetHits,
      params.highlightPreTag,
      params.highlightPostTag,
    );
    return {
      facetHits,
      exhaustiveFacetsCount: true,
      exhaustive: { facetsCount: true },
      processingTimeMS: Math.round(now() - started),
    };
  }

  getObject(
    indexName: string,
    objectID: string,
    attributesToRetrieve?: string[],
    scope: RequestScope = {},
  ): Hit {
    const { index } = this.entry(indexName);
    const doc = index.docByObjectID(objectID);
    // A record outside the caller's base filter does not exist for it (the same answer as an unknown id).
    if (
      doc === undefined ||
      (scope.baseFilter && !hasBit(this.baseBits(indexName, index, scope.baseFilter), doc))
    )
      throw new SearchError('ObjectID does not exist', 404);
    return project(index.records[doc], objectID, attributesToRetrieve);
  }

  /** The documents of a base filter, kept for the few base filters in use (a batch of record lookups evaluates it once). */
  private baseBits(indexName: string, index: SearchIndex, filter: string): Bits {
    const key = `${indexName}\n${filter}`;
    let bits = this.baseFilterBits.get(key);
    if (!bits) {
      bits = index.evaluate(parseFilters(filter)!);
      this.baseFilterBits.set(key, bits);
      if (this.baseFilterBits.size > 32)
        this.baseFilterBits.delete(this.baseFilterBits.keys().next().value!);
    }
    return bits;
  }

  private filterTree(params: SearchParams, baseFilter: string | undefined): FilterNode | undefined {
    const parts = [
      baseFilter ? parseFilters(baseFilter) : undefined,
      params.filters !== undefined ? parseFilters(params.filters) : undefined,
      facetFiltersToTree(params.facetFilters),
      numericFiltersToTree(params.numericFilters),
      tagFiltersToTree(params.tagFilters),
    ].filter((p): p is FilterNode => p !== undefined);
    return parts.length ? and(parts) : undefined;
  }

  private match(
    index: SearchIndex,
    params: SearchParams,
    scope: Required<RequestScope>,
  ): { bits: Bits; docs: Uint32Array; text?: TextMatch; terms: QueryTerm[] } {
    const tree = this.filterTree(params, scope.baseFilter);
    const terms = queryTerms(params.query, params.queryType, params.typoTolerance);
    let bits: Bits | undefined = tree ? index.evaluate(tree, scope.budget) : undefined;
    let text: TextMatch | undefined;
    if (terms.length) {
      text = index
        .textIndex(scope.budget)
        .match(terms, params.restrictSearchableAttributes, scope.budget);
      bits = bits ? andInto(bits.slice(), text.bits) : text.bits;
    }
    bits ??= fullBits(index.size);
    return { bits, docs: idsOf(bits, countBits(bits)), text, terms };
  }

  private run(
    indexName: string,
    entry: IndexEntry,
    params: SearchParams,
    raw: RawParams,
    scope: Required<RequestScope>,
  ): SearchResponse {
    const { index, sort } = entry;
    const { bits, docs, text, terms } = this.match(index, params, scope);
    const nbHits = docs.length;

    const facets: Record<string, Record<string, number>> = {};
    const stats: Record<string, FacetStats> = {};
    const wanted = params.facets.includes('*')
      ? index.settings.attributesForFaceting
      : params.facets;
    for (const name of new Set(wanted)) {
      scope.budget.check();
      const attr = index.attribute(name, scope.budget);
      facets[name] = facetCounts(attr, docs, params.maxValuesPerFacet, params.sortFacetValuesBy);
      const s = facetStats(attr, docs);
      if (s) stats[name] = s;
    }

    const limit = index.settings.paginationLimitedTo ?? DEFAULT_PAGINATION_LIMIT;
    const usesOffset = params.offset !== undefined;
    const start = usesOffset ? params.offset! : params.page * params.hitsPerPage;
    const count = usesOffset ? (params.length ?? params.hitsPerPage) : params.hitsPerPage;
    const end = Math.min(start + count, limit, nbHits);
    const chosen =
      end > start ? this.rank(index, sort, bits, docs, text, end).slice(start, end) : [];

    const highlightAttrs = highlightAttributes(index.settings, params);
    const hits = chosen.map((doc) => {
      // Projecting and highlighting a thousand hits is work too (long attribute lists, long tags).
      scope.budget.check();
      const record = index.records[doc];
      const hit = project(record, String(record.objectID ?? doc), params.attributesToRetrieve);
      if (highlightAttrs.length)
        hit._highlightResult = highlights(record, highlightAttrs, terms, params);
      return hit;
    });

    const response: SearchResponse = {
      hits,
      nbHits,
      page: params.page,
      nbPages: params.hitsPerPage > 0 ? Math.ceil(Math.min(nbHits, limit) / params.hitsPerPage) : 0,
      hitsPerPage: params.hitsPerPage,
      facets,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { facetsCount: true, nbHits: true, typo: true },
      query: params.query,
      params: encodeParams(raw),
      index: indexName,
      processingTimeMS: 0,
      renderingContent: {},
    };
    if (usesOffset) {
      response.offset = start;
      response.length = count;
    }
    if (Object.keys(stats).length) response.facets_stats = stats;
    return response;
  }

  /** The first `end` matching documents in rank order. */
  private rank(
    index: SearchIndex,
    sort: SortSpec[],
    bits: Bits,
    docs: Uint32Array,
    text: TextMatch | undefined,
    end: number,
  ): number[] {
    const order = index.order(sort);
    if (text && !sort.length) {
      // Text relevance (typos, then prefix-only words) first, then the custom ranking.
      // One number per document (tier, then position in the custom order) sorts natively, without a comparator.
      const rankOf = index.rankOf(sort);
      const tiers = text.tiers;
      const keys = new Float64Array(docs.length);
      for (let i = 0; i < docs.length; i++)
        keys[i] = tiers[docs[i]] * 0x100000000 + rankOf[docs[i]];
      keys.sort();
      const out: number[] = [];
      for (let i = 0; i < keys.length && i < end; i++) out.push(order[keys[i] % 0x100000000]);
      return out;
    }
    const out: number[] = [];
    for (let i = 0; i < order.length && out.length < end; i++) {
      const doc = order[i];
      if (bits[doc >>> 5] & (1 << (doc & 31))) out.push(doc);
    }
    return out;
  }
}

function scopeOf(scope: RequestScope): Required<RequestScope> {
  return { baseFilter: scope.baseFilter ?? '', budget: scope.budget ?? new WorkBudget() };
}

const hasBit = (bits: Bits, doc: number) => (bits[doc >>> 5] & (1 << (doc & 31))) !== 0;
