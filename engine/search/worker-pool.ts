/**
 * Searches in a pool of worker threads (engine/search/README.md, "Search in worker threads"):
 * a search may work 300 ms (limits.ts), and on the server's one thread a stream of such
 * searches held every page render and lead behind it. Each worker keeps a copy of each engine
 * it has been asked to search (records and settings sent in parts, the index built there),
 * copied again whenever the engine changed here (an import, a feed pull, a held car:
 * SearchEngine.generation). Until a worker holds the whole copy of the engine's current
 * generation, its searches are answered on this thread: a visitor never waits for a copy, and
 * never gets stock older than this thread's. A worker that dies or stops answering is ended
 * and replaced, and its searches answer SEARCH_UNAVAILABLE (503), never a hang.
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
import type { FacetSearchResponse, SearchResponse } from './engine-types.ts';
import { SearchError } from './errors.ts';
import { answerCall, type Call } from './pool-calls.ts';
import type { IndexSettings, SortSpec } from './search-index.ts';

export const SEARCH_UNAVAILABLE = 'The search service is unavailable for a moment; try again';
/** A worker that has not answered a call in this long is stuck: it is ended and replaced (a search stops itself at 300 ms; a first copy of the whole stock takes seconds). */
export const WORKER_STUCK_MS = 30_000;

/** An index of a copy without its records, which follow in parts. */
export interface IndexShape {
  name: string;
  settings: Omit<IndexSettings, 'computedAttributes' | 'replicas'>;
  computed: string[];
  names: { name: string; sort: SortSpec[] }[];
}

/**
 * Records per message of a copy: cloning one part holds this thread some 20 ms (20,000 demo
 * cars cloned whole held it 600 ms), and requests are read between parts.
 */
export const COPY_PART = 250;

export type PoolRequest = { id: number } & (
  | { type: 'copy-begin'; engine: number; copy: number; indexes: IndexShape[] }
  | {
      type: 'copy-part';
      engine: number;
      copy: number;
      index: number;
      records: Record<string, unknown>[];
    }
  | { type: 'copy-end'; engine: number; copy: number }
  // With `copy`: that copy given up (a later one may be on its way); without: the engine is gone.
  | { type: 'drop'; engine: number; copy?: number }
  | (Call & { engine: number })
);
export type PoolReply = { id: number } & ({ result: unknown } | { error: string; status?: number });

/** A request before its id (an Omit that keeps the union's members apart). */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;
type CallOf<T extends Call['type']> = Omit<Extract<Call, { type: T }>, 'type'>;

interface Slot {
  worker: Worker;
  /** Engine id → the generation this worker holds a whole copy of. */
  holds: Map<number, number>;
  /** Engine id → the copy on its way to this worker: its generation, and when it is whole. */
  copying: Map<number, { generation: number; done: Promise<void> }>;
  pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
  stuck?: NodeJS.Timeout;
  ended?: boolean;
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
  private nextCopy = 0;
  private closed = false;
  /** An engine no longer used here is dropped from the workers too. */
  private readonly gone = new FinalizationRegistry<number>((engine) => {
    for (const slot of this.slots)
      if (slot) {
        slot.holds.delete(engine);
        slot.worker.postMessage({ id: 0, type: 'drop', engine });
      }
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

  /**
   * Resolves when every worker holds a whole copy of the engine as it is now (a bench warms a
   * server with it; the first searches do not wait for it).
   */
  async ready(engine: SearchEngine): Promise<void> {
    if (this.closed) throw new SearchError(SEARCH_UNAVAILABLE, 503);
    await Promise.all(this.copyToAll(engine));
  }

  /** How many workers hold a whole copy of the engine as it is now. */
  holding(engine: SearchEngine): number {
    const id = this.ids.get(engine);
    return this.slots.filter((s) => s && id !== undefined && s.holds.get(id) === engine.generation)
      .length;
  }

  private run(engine: SearchEngine, call: Call): Promise<unknown> {
    if (this.closed) return Promise.reject(new SearchError(SEARCH_UNAVAILABLE, 503));
    const id = this.idOf(engine);
    let slot: Slot | undefined;
    for (const s of this.slots)
      if (s?.holds.get(id) === engine.generation && (!slot || s.pending.size < slot.pending.size))
        slot = s;
    if (slot) return this.send(slot, { ...call, engine: id });
    // No worker holds this engine as it is: copies start, and this search is answered here.
    for (const copy of this.copyToAll(engine)) copy.catch(() => {});
    return new Promise((resolve) => resolve(answerCall(engine, call)));
  }

  private idOf(engine: SearchEngine): number {
    let id = this.ids.get(engine);
    if (id === undefined) {
      this.ids.set(engine, (id = ++this.nextEngine));
      this.gone.register(engine, id);
    }
    return id;
  }

  /** A copy of the engine as it is now on its way to each worker (started, or started again, when needed). */
  private copyToAll(engine: SearchEngine): Promise<void>[] {
    const id = this.idOf(engine);
    return this.slots.flatMap((_, at) => {
      const slot = (this.slots[at] ??= this.start(at));
      if (slot.holds.get(id) === engine.generation) return [];
      let copy = slot.copying.get(id);
      if (copy?.generation !== engine.generation) {
        const done = this.copy(slot, engine, id);
        slot.copying.set(id, (copy = { generation: engine.generation, done }));
        const settle = () => {
          if (slot.copying.get(id)?.done === done) slot.copying.delete(id);
        };
        done.then(settle, settle);
      }
      return [copy.done];
    });
  }

  /**
   * The engine's records in parts of COPY_PART, this thread free for requests between them;
   * given up when the engine changes or the worker ends before the copy is whole.
   */
  private async copy(slot: Slot, engine: SearchEngine, id: number): Promise<void> {
    const generation = engine.generation;
    const indexes = engine.indexesWithNames().map(({ index, names }) => {
      const { computedAttributes = {}, replicas: _replicas, ...settings } = index.settings;
      void _replicas;
      const shape = {
        name: index.name,
        settings,
        computed: Object.keys(computedAttributes),
        names,
      };
      return { shape, records: index.records };
    });
    const overtaken = () => this.closed || slot.ended || engine.generation !== generation;
    const copy = ++this.nextCopy;
    const post = (message: Unsent<PoolRequest>) =>
      slot.worker.postMessage({ ...message, id: 0 } as PoolRequest);
    post({ type: 'copy-begin', engine: id, copy, indexes: indexes.map((i) => i.shape) });
    for (const [at, { records }] of indexes.entries())
      for (let from = 0; from < records.length; from += COPY_PART) {
        await new Promise(setImmediate);
        if (overtaken()) {
          if (!slot.ended) post({ type: 'drop', engine: id, copy });
          throw new SearchError(SEARCH_UNAVAILABLE, 503);
        }
        const part = records.slice(from, from + COPY_PART) as Record<string, unknown>[];
        post({ type: 'copy-part', engine: id, copy, index: at, records: part });
      }
    await this.send(slot, { type: 'copy-end', engine: id, copy });
    if (!overtaken()) slot.holds.set(id, generation);
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
    const slot: Slot = { worker, holds: new Map(), copying: new Map(), pending: new Map() };
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
      slot.ended = true;
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
