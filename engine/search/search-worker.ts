/**
 * A search worker of the pool (worker-pool.ts): holds copies of the engines it is sent and
 * answers searches on them, so a search's up to 300 ms of work holds this thread, not the
 * server's page renders and leads (engine/search/README.md, "Search in worker threads").
 */
import { parentPort } from 'node:worker_threads';
import { hasPrice } from './car-index.ts';
import { SearchEngine } from './engine.ts';
import { SearchError } from './errors.ts';
import { WorkBudget } from './limits.ts';
import { multipleQueriesOn } from './multi-query.ts';
import type { IndexSettings } from './search-index.ts';
import type { PoolReply, PoolRequest } from './worker-pool.ts';

/** Computed attributes by name: functions do not cross threads, so a copy names them. */
export const COMPUTED_ATTRIBUTES: NonNullable<IndexSettings['computedAttributes']> = {
  has_price: hasPrice,
};

function computedAttribute(name: string) {
  const compute = COMPUTED_ATTRIBUTES[name];
  if (!compute)
    throw new Error(`search worker: no computed attribute ${name} (COMPUTED_ATTRIBUTES)`);
  return compute;
}

const engines = new Map<number, SearchEngine>();

function answer(request: PoolRequest): PoolReply {
  const { id } = request;
  try {
    if (request.type === 'load') {
      const engine = new SearchEngine();
      for (const { name, records, settings, computed, names } of request.indexes) {
        const own: IndexSettings = {
          ...settings,
          replicas: {},
          computedAttributes: Object.fromEntries(computed.map((c) => [c, computedAttribute(c)])),
        };
        // A record set may answer only to replica names (its primary replaced by an import, its
        // replicas not yet): it is kept under its first name, which the replicas then retake.
        const primary = names.some((n) => n.name === name) ? name : names[0].name;
        engine.addIndex(primary, records, own);
        for (const n of names)
          if (n.name !== primary || n.sort.length) engine.setReplica(primary, n.name, n.sort);
      }
      engine.warm();
      engines.set(request.engine, engine);
      return { id, result: null };
    }
    if (request.type === 'drop') {
      engines.delete(request.engine);
      return { id, result: null };
    }
    const engine = engines.get(request.engine);
    if (!engine) throw new Error(`search worker: engine ${request.engine} was never loaded`);
    // Unbudgeted: tests and benches comparing answers on a loaded machine (limits.ts).
    const scope = (indexName: string) => ({
      baseFilter: request.baseFilters[indexName],
      ...(request.unbudgeted ? { budget: WorkBudget.unlimited } : {}),
    });
    if (request.type === 'search')
      return {
        id,
        result: engine.search(request.indexName, request.params, scope(request.indexName)),
      };
    if (request.type === 'facets')
      return {
        id,
        result: engine.searchForFacetValues(
          request.indexName,
          request.facet,
          request.params,
          scope(request.indexName),
        ),
      };
    return { id, result: multipleQueriesOn(() => engine, request.requests, scope) };
  } catch (err) {
    if (err instanceof SearchError) return { id, error: err.message, status: err.status };
    return { id, error: (err as Error).message ?? String(err) };
  }
}

parentPort?.on('message', (request: PoolRequest) => parentPort!.postMessage(answer(request)));
