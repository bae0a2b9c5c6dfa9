/**
 * A search worker of the pool (worker-pool.ts): holds copies of the engines it is sent and
 * answers searches on them, so a search's up to 300 ms of work holds this thread, not the
 * server's page renders and leads (engine/search/README.md, "Search in worker threads").
 */
import { parentPort } from 'node:worker_threads';
import { hasPrice } from './car-index.ts';
import { SearchEngine } from './engine.ts';
import { SearchError } from './errors.ts';
import { answerCall } from './pool-calls.ts';
import type { IndexSettings } from './search-index.ts';
import type { IndexShape, PoolReply, PoolRequest } from './worker-pool.ts';

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
/** Copies on their way, in parts (worker-pool.ts, "copy-part"): each index's shape and records so far. */
const arriving = new Map<
  number,
  { copy: number; parts: { shape: IndexShape; records: Record<string, unknown>[] }[] }
>();

/** An engine built from a whole copy: its record sets, settings (computed attributes by name) and names. */
function build(copy: { shape: IndexShape; records: Record<string, unknown>[] }[]): SearchEngine {
  const engine = new SearchEngine();
  for (const { shape, records } of copy) {
    const { name, settings, computed, names } = shape;
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
  return engine;
}

function answer(request: PoolRequest): PoolReply {
  const { id } = request;
  try {
    if (request.type === 'copy-begin') {
      const parts = request.indexes.map((shape) => ({ shape, records: [] }));
      arriving.set(request.engine, { copy: request.copy, parts });
      return { id, result: null };
    }
    // Parts and ends of a copy given up, or overtaken by a later one, are let go.
    const copy = arriving.get(request.engine);
    const current = copy && 'copy' in request && copy.copy === request.copy ? copy : undefined;
    if (request.type === 'copy-part') {
      current?.parts[request.index].records.push(...request.records);
      return { id, result: null };
    }
    if (request.type === 'copy-end') {
      if (!current) throw new SearchError('search worker: this copy was given up', 503);
      arriving.delete(request.engine);
      engines.set(request.engine, build(current.parts));
      return { id, result: null };
    }
    if (request.type === 'drop') {
      if (request.copy === undefined) engines.delete(request.engine);
      if (request.copy === undefined || current) arriving.delete(request.engine);
      return { id, result: null };
    }
    const engine = engines.get(request.engine);
    if (!engine) throw new Error(`search worker: engine ${request.engine} was never loaded`);
    return { id, result: answerCall(engine, request) };
  } catch (err) {
    if (err instanceof SearchError) return { id, error: err.message, status: err.status };
    return { id, error: (err as Error).message ?? String(err) };
  }
}

// Parts of a copy and drops (id 0) want no answer.
parentPort?.on('message', (request: PoolRequest) => {
  const reply = answer(request);
  if (request.id) parentPort!.postMessage(reply);
});
