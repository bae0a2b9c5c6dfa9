/**
 * Searches in a pool of worker threads (engine/search/README.md, "Search in worker threads"):
 * a search may work 300 ms (limits.ts), and on the server's one thread a stream of such
 * searches held every page render and lead behind it. Each worker keeps a copy of each engine
 * it has been asked to search (records and settings sent once, the index built there), brought
 * up to date before the next search whenever the engine changed here (an import, a feed pull,
 * a held car: SearchEngine.generation). A worker that dies or stops answering is ended and
 * replaced, and its searches answer SEARCH_UNAVAILABLE (503), never a hang.
 *
 * Plain worker_threads, not a task pool library (piscina): the workers hold state (the
 * engines) that each must be sent, and a task pool hands a task to any worker.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchEngine } from './engine.ts';
import type { FacetSearchResponse, MultiQueryRequest, SearchResponse } from './engine-types.ts';
import { SearchError } from './errors.ts';
import type { RawParams } from './params.ts';
import type { IndexSettings, SortSpec } from './search-index.ts';

export const SEARCH_UNAVAILABLE = 'The search service is unavailable for a moment; try again';
/** A worker that has not answered a call in this long is stuck: it is ended and replaced (a search stops itself at 300 ms; a first copy of the whole stock takes seconds). */
export const WORKER_STUCK_MS = 30_000;

interface IndexCopy {
  name: string;
  records: readonly Record<string, unknown>[];
  settings: Omit<IndexSettings, 'computedAttributes' | 'replicas'>;
  computed: string[];
  names: { name: string; sort: SortSpec[] }[];
}

/** The base filter of each index a call names; `unbudgeted`: no time budget (tests, benches). */
type BaseFilters = Record<string, string | undefined>;
export type PoolRequest = { id: number; unbudgeted?: boolean } & (
  | { type: 'load'; engine: number; indexes: IndexCopy[] }
  | { type: 'drop'; engine: number }
  | {
      type: 'search';
      engine: number;
      indexName: string;
      params: RawParams;
      baseFilters: BaseFilters;
    }
  | {
      type: 'facets';
      engine: number;
      indexName: string;
      facet: string;
      params: RawParams;
      baseFilters: BaseFilters;
    }
  | { type: 'queries'; engine: number; requests: MultiQueryRequest[]; baseFilters: BaseFilters }
);
export type PoolReply = { id: number } & ({ result: unknown } | { error: string; status?: number });

/** A request before its id (an Omit that keeps the union's members apart). */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;
type Call = Exclude<PoolRequest, { type: 'load' | 'drop' }>;
type CallOf<T extends Call['type']> = Omit<Extract<Call, { type: T }>, 'id' | 'engine' | 'type'>;

interface Slot {
  worker: Worker;
  /** Engine id → the generation this worker holds. */
  loaded: Map<number, number>;
  pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
  stuck?: NodeJS.Timeout;
}

/** The built server has search-worker.js beside its chunks (scripts/build-server.ts); from source a bootstrap registers tsx first. */
function workerFile(here = dirname(fileURLToPath(import.meta.url))): string {
  const built = join(here, 'search-worker.js');
  return existsSync(built) ? built : join(here, 'search-worker.source.mjs');
}

/**
 * Workers from FORECOURT_SEARCH_WORKERS: a number (0: searches on the server's own thread),
 * or unset: 0 (docs/deploy.md, "Search workers": each worker holds its own copy of the stock).
 * "auto": one fewer than the processors, at least 1, at most 4.
 */
export function searchWorkerCount(value = process.env.FORECOURT_SEARCH_WORKERS): number {
  if (!value) return 0;
  if (value === 'auto') return Math.min(4, Math.max(1, availableParallelism() - 1));
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`FORECOURT_SEARCH_WORKERS must be a whole number or "auto", not ${value}`);
  return n;
}

export class SearchPool {
  private readonly slots: (Slot | undefined)[] = [];
  private readonly ids = new WeakMap<SearchEngine, number>();
  private nextEngine = 0;
  private nextCall = 0;
  private closed = false;
  /** An engine no longer used here is dropped from the workers too. */
  private readonly gone = new FinalizationRegistry<number>((engine) => {
    for (const slot of this.slots)
      if (slot?.loaded.delete(engine)) slot.worker.postMessage({ id: 0, type: 'drop', engine });
  });

  constructor(
    readonly size: number,
    private readonly stuckMs = WORKER_STUCK_MS,
  ) {
    // Started now, so a worker's start (reading its modules) is not the first search's wait.
    this.slots = Array.from({ length: size }, (_, i) => this.start(i));
  }

  search(engine: SearchEngine, call: CallOf<'search'>): Promise<SearchResponse> {
    return this.run(engine, { type: 'search', ...call }) as Promise<SearchResponse>;
  }

  searchForFacetValues(engine: SearchEngine, call: CallOf<'facets'>): Promise<FacetSearchResponse> {
    return this.run(engine, { type: 'facets', ...call }) as Promise<FacetSearchResponse>;
  }

  multipleQueries(
    engine: SearchEngine,
    call: CallOf<'queries'>,
  ): Promise<{ results: (SearchResponse | FacetSearchResponse)[] }> {
    return this.run(engine, { type: 'queries', ...call }) as Promise<{
      results: (SearchResponse | FacetSearchResponse)[];
    }>;
  }

  /** The workers' thread ids (tests end one to see it replaced). */
  threadIds(): number[] {
    return this.slots.flatMap((s) => (s ? [s.worker.threadId] : []));
  }

  async close() {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s?.worker.terminate()));
  }

  private run(engine: SearchEngine, call: Unsent<Omit<Call, 'engine'>>): Promise<unknown> {
    if (this.closed) return Promise.reject(new SearchError(SEARCH_UNAVAILABLE, 503));
    let engineId = this.ids.get(engine);
    if (engineId === undefined) {
      this.ids.set(engine, (engineId = ++this.nextEngine));
      this.gone.register(engine, engineId);
    }
    const slot = this.pick();
    // Messages are read in order: the copy is brought up to date before the search reads it.
    if (slot.loaded.get(engineId) !== engine.generation) {
      slot.loaded.set(engineId, engine.generation);
      this.send(slot, { type: 'load', engine: engineId, indexes: copyOf(engine) }).catch(() => {});
    }
    return this.send(slot, { ...call, engine: engineId } as Unsent<Call>);
  }

  /** The worker with the fewest calls waiting, started (or started again) when needed. */
  private pick(): Slot {
    let best = 0;
    for (let i = 0; i < this.slots.length; i++) {
      if (!this.slots[i]) return (this.slots[i] = this.start(i));
      if (this.slots[i]!.pending.size < this.slots[best]!.pending.size) best = i;
    }
    return this.slots[best]!;
  }

  private send(slot: Slot, message: Unsent<PoolRequest>): Promise<unknown> {
    const id = ++this.nextCall;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      this.watch(slot);
      slot.worker.postMessage({ ...message, id } as PoolRequest);
    });
  }

  /** A worker with calls waiting must answer one within stuckMs, or it is ended. */
  private watch(slot: Slot) {
    if (slot.stuck || !slot.pending.size) return;
    slot.stuck = setTimeout(() => void slot.worker.terminate(), this.stuckMs);
    slot.stuck.unref();
  }

  private start(at: number): Slot {
    // From source, none of the parent's options (`--import tsx` twice), as the site load worker.
    const worker = new Worker(workerFile(), { execArgv: [] });
    const slot: Slot = { worker, loaded: new Map(), pending: new Map() };
    worker.on('message', (reply: PoolReply) => {
      const call = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      clearTimeout(slot.stuck);
      slot.stuck = undefined;
      this.watch(slot);
      if (!slot.pending.size) worker.unref();
      if (!call) return;
      if ('error' in reply)
        call.reject(
          reply.status ? new SearchError(reply.error, reply.status) : new Error(reply.error),
        );
      else call.resolve(reply.result);
    });
    const fail = () => {
      clearTimeout(slot.stuck);
      if (this.slots[at] === slot) this.slots[at] = undefined;
      for (const call of slot.pending.values())
        call.reject(new SearchError(SEARCH_UNAVAILABLE, 503));
      slot.pending.clear();
    };
    worker.on('error', (err) => {
      console.error('[search] a search worker failed', err);
      fail();
    });
    worker.on('exit', fail);
    worker.unref();
    return slot;
  }
}

/** What a worker needs to build its copy of an engine: each record set, its settings (computed attributes by name) and every name it answers to. */
function copyOf(engine: SearchEngine): IndexCopy[] {
  return engine.indexesWithNames().map(({ index, names }) => {
    const { computedAttributes = {}, replicas: _replicas, ...settings } = index.settings;
    void _replicas;
    return {
      name: index.name,
      records: index.records,
      settings,
      computed: Object.keys(computedAttributes),
      names,
    };
  });
}
