/**
 * The calls the search pool answers (worker-pool.ts) and how an engine answers one: the same
 * code in a search worker (search-worker.ts) and, while no worker holds a whole copy of the
 * engine asked for, on the server thread, so both answer alike.
 */
import type { SearchEngine } from './engine.ts';
import type { MultiQueryRequest } from './engine-types.ts';
import { WorkBudget } from './limits.ts';
import { multipleQueriesOn } from './multi-query.ts';
import type { RawParams } from './params.ts';

/** The base filter of each index a call names. */
export type BaseFilters = Record<string, string | undefined>;

/** `unbudgeted`: no time budget (tests and benches comparing answers on a loaded machine, limits.ts). */
export type Call = { unbudgeted?: boolean } & (
  | { type: 'search'; indexName: string; params: RawParams; baseFilters: BaseFilters }
  | {
      type: 'facets';
      indexName: string;
      facet: string;
      params: RawParams;
      baseFilters: BaseFilters;
    }
  | { type: 'queries'; requests: MultiQueryRequest[]; baseFilters: BaseFilters }
);

export function answerCall(engine: SearchEngine, call: Call): unknown {
  const scope = (indexName: string) => ({
    baseFilter: call.baseFilters[indexName],
    ...(call.unbudgeted ? { budget: WorkBudget.unlimited } : {}),
  });
  if (call.type === 'search')
    return engine.search(call.indexName, call.params, scope(call.indexName));
  if (call.type === 'facets')
    return engine.searchForFacetValues(
      call.indexName,
      call.facet,
      call.params,
      scope(call.indexName),
    );
  return multipleQueriesOn(() => engine, call.requests, scope);
}
