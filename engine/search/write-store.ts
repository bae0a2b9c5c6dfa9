/**
 * The embedded engine's write side (docs/search-sync.md): what the
 * official client's indexing calls do to an index here. An index written to keeps its records
 * by objectID; an index the server built (Car_production from the stock) is taken over with
 * its records and settings on the first write. Writes are applied together: the index is
 * rebuilt once the writes settle, before any read, and before a task is reported published,
 * so `waitForTask` means what it means on Algolia.
 */
import isEqual from 'lodash-es/isEqual.js';
import { browseIndex, type BrowseParams } from './browse.ts';
import type { SearchEngine } from './engine.ts';
import { SearchError } from './errors.ts';
import { applyPartial } from './partial-update.ts';
import type { IndexSettings, SearchIndex, SortSpec } from './search-index.ts';
import {
  fromAlgoliaSettings,
  replicaSort,
  toAlgoliaSettings,
  type AlgoliaSettings,
} from './write-settings.ts';

type Record_ = Record<string, unknown>;

export interface BatchRequest {
  action: string;
  body?: Record_;
  indexName?: string;
}

interface Writable {
  records: Map<string, Record_>;
  settings: IndexSettings;
  algolia: AlgoliaSettings;
  replicas: Map<string, SortSpec[]>;
  replicaSettings: Map<string, AlgoliaSettings>;
  /** The index this state was last built as (or taken from); another one means the server rebuilt it. */
  built?: SearchIndex;
  dirty: boolean;
}

/** Most records in one batch request (Algolia advises batches of about 1,000). */
export const MAX_BATCH_REQUESTS = 10_000;
/** Largest record, in bytes of JSON (Algolia's plan limit is 10 to 100 KB). */
export const MAX_RECORD_BYTES = 100_000;
/** How long writes may gather before the index is rebuilt anyway (a read or a task check rebuilds at once). */
const SETTLE_MS = 25;

const EMPTY_SETTINGS: IndexSettings = {
  searchableAttributes: [],
  attributesForFaceting: [],
  customRanking: [],
};
const bare = (name: string) => name.replace(/^virtual\((.+)\)$/, '$1');

export class WriteStore {
  private readonly primaries = new Map<string, Writable>();
  private readonly replicaOf = new Map<string, string>();
  private lastTask = 0;
  private timer: NodeJS.Timeout | undefined;

  private readonly engineOf: () => SearchEngine;

  /** `engine` may be a function, called when a write first needs it. */
  constructor(engine: SearchEngine | (() => SearchEngine)) {
    this.engineOf = typeof engine === 'function' ? engine : () => engine;
  }

  private get engine(): SearchEngine {
    return this.engineOf();
  }

  private task() {
    return ++this.lastTask;
  }

  /** The primary a replica belongs to, for indexes written here or built by the server. */
  primaryOf(name: string): string | undefined {
    const known = this.replicaOf.get(name);
    if (known) return known;
    const source = this.engine.source(name);
    return source && source.index.name !== name ? source.index.name : undefined;
  }

  private writable(name: string): Writable {
    if (this.primaryOf(name))
      throw new SearchError(
        `Cannot write records to the replica ${name}: write to its primary ${this.primaryOf(name)}`,
        400,
      );
    const current = this.engine.source(name)?.index;
    let w = this.primaries.get(name);
    if (w && (w.dirty || !current || current === w.built)) return w;
    // New here, or the server built the index again (new stock): start from what it serves.
    const { replicas = {}, ...settings } = current?.settings ?? EMPTY_SETTINGS;
    w = {
      records: new Map((current?.records ?? []).map((r, i) => [String(r.objectID ?? i), r])),
      settings,
      algolia: w?.algolia ?? {},
      replicas: new Map(Object.entries(replicas)),
      replicaSettings: w?.replicaSettings ?? new Map(),
      built: current,
      dirty: !current,
    };
    for (const r of w.replicas.keys()) this.replicaOf.set(r, name);
    this.primaries.set(name, w);
    return w;
  }

  private changed(w: Writable) {
    w.dirty = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SETTLE_MS);
    this.timer.unref?.();
  }

  /** Rebuilds every index with writes not yet applied. */
  flush() {
    clearTimeout(this.timer);
    for (const [name, w] of this.primaries) {
      if (!w.dirty) continue;
      const records = [...w.records.values()];
      const settings = { ...w.settings, replicas: Object.fromEntries(w.replicas) };
      // Algolia searches every attribute until searchableAttributes is set; so does a new index here.
      if (!settings.searchableAttributes.length)
        settings.searchableAttributes = [
          ...new Set(
            records
              .slice(0, 100)
              .flatMap((r) =>
                Object.keys(r).filter((k) => typeof r[k] === 'string' && k !== 'objectID'),
              ),
          ),
        ];
      w.built = this.engine.addIndex(name, records, settings);
      w.dirty = false;
    }
  }

  get pending(): boolean {
    for (const w of this.primaries.values()) if (w.dirty) return true;
    return false;
  }

  batch(
    indexName: string | undefined,
    requests: BatchRequest[],
  ): { taskID: number; objectIDs: string[] } {
    if (!Array.isArray(requests)) throw new SearchError('requests must be an array', 400);
    if (requests.length > MAX_BATCH_REQUESTS)
      throw new SearchError(
        `At most ${MAX_BATCH_REQUESTS} operations may be sent in one batch`,
        400,
      );
    const objectIDs: string[] = [];
    requests.forEach((r, position) => {
      const name = indexName ?? r?.indexName;
      if (!r || typeof r !== 'object' || typeof name !== 'string' || !name)
        throw new SearchError(
          `The request at position ${position} needs an action and an index`,
          400,
        );
      const body = r.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body))
        throw new SearchError(`The body at position ${position} must be an object`, 400);
      if (JSON.stringify(body).length > MAX_RECORD_BYTES)
        throw new SearchError(
          `Record at the position ${position} objectID=${String(body.objectID)} is too big (more than ${MAX_RECORD_BYTES} bytes)`,
          400,
        );
      objectIDs.push(this.apply(name, r.action, body, position));
    });
    return { taskID: this.task(), objectIDs };
  }

  private apply(name: string, action: string, body: Record_, position: number): string {
    const w = this.writable(name);
    const id = body.objectID === undefined ? undefined : String(body.objectID);
    const needId = () => {
      if (!id)
        throw new SearchError(`The ${action} at position ${position} needs an objectID`, 400);
      return id;
    };
    switch (action) {
      case 'addObject': {
        const objectID = id ?? globalThis.crypto.randomUUID();
        w.records.set(objectID, { ...body, objectID });
        this.changed(w);
        return objectID;
      }
      case 'updateObject':
        w.records.set(needId(), { ...body, objectID: needId() });
        break;
      case 'partialUpdateObject':
      case 'partialUpdateObjectNoCreate': {
        const existing = w.records.get(needId());
        if (!existing && action === 'partialUpdateObjectNoCreate') return needId();
        const next = { ...(existing ?? {}), objectID: needId() };
        applyPartial(next, body);
        w.records.set(needId(), next);
        break;
      }
      case 'deleteObject':
        w.records.delete(needId());
        break;
      case 'clear':
        w.records.clear();
        break;
      case 'delete':
        this.deleteIndex(name);
        return id ?? '';
      default:
        throw new SearchError(
          `Unknown batch action ${JSON.stringify(action)} at position ${position}`,
          400,
        );
    }
    this.changed(w);
    return id ?? '';
  }

  saveObject(indexName: string, record: Record_, objectID?: string) {
    const [id] = this.batch(indexName, [
      {
        action: objectID ? 'updateObject' : 'addObject',
        body: objectID ? { ...record, objectID } : record,
      },
    ]).objectIDs;
    return { taskID: this.lastTask, objectID: id };
  }

  partialUpdate(
    indexName: string,
    objectID: string,
    attributes: Record_,
    createIfNotExists: boolean,
  ) {
    this.batch(indexName, [
      {
        action: createIfNotExists ? 'partialUpdateObject' : 'partialUpdateObjectNoCreate',
        body: { ...attributes, objectID },
      },
    ]);
    return { taskID: this.lastTask, objectID };
  }

  deleteObject(indexName: string, objectID: string) {
    this.batch(indexName, [{ action: 'deleteObject', body: { objectID } }]);
    return { taskID: this.lastTask };
  }

  deleteIndex(name: string) {
    this.primaries.delete(name);
    for (const [r, p] of [...this.replicaOf]) if (p === name) this.replicaOf.delete(r);
    this.engine.removeIndex(name);
    return { taskID: this.task() };
  }

  setSettings(name: string, settings: AlgoliaSettings, forwardToReplicas: boolean) {
    const primary = this.primaryOf(name);
    if (primary) {
      const w = this.writable(primary);
      w.replicaSettings.set(name, { ...w.replicaSettings.get(name), ...settings });
      const sort = settings.ranking ? replicaSort(settings.ranking) : undefined;
      if (sort && !isEqual(sort, w.replicas.get(name))) {
        w.replicas.set(name, sort);
        // A new order needs no new index: the replica is renamed onto the built one at once.
        if (w.dirty || !this.engine.hasIndex(primary)) this.changed(w);
        else this.engine.setReplica(primary, name, sort);
      }
      return { taskID: this.task() };
    }
    const w = this.writable(name);
    const { replicas, ...rest } = settings;
    const before = { settings: w.settings, replicas: [...w.replicas.keys()] };
    w.settings = fromAlgoliaSettings(rest, w.settings);
    w.algolia = { ...w.algolia, ...rest };
    if (replicas) {
      const names = replicas.map(bare);
      for (const r of w.replicas.keys()) if (!names.includes(r)) this.replicaOf.delete(r);
      w.replicas = new Map(names.map((r) => [r, w.replicas.get(r) ?? []]));
      for (const r of names) this.replicaOf.set(r, name);
    }
    if (forwardToReplicas)
      for (const r of w.replicas.keys())
        w.replicaSettings.set(r, {
          ...w.replicaSettings.get(r),
          ...rest,
          ranking: w.replicaSettings.get(r)?.ranking,
        });
    // The same settings again (every sync sends them) rebuild nothing.
    if (
      !isEqual(before, { settings: w.settings, replicas: [...w.replicas.keys()] }) ||
      !this.engine.hasIndex(name)
    )
      this.changed(w);
    return { taskID: this.task() };
  }

  getSettings(name: string): AlgoliaSettings {
    const primary = this.primaryOf(name);
    if (primary) {
      const w = this.writable(primary);
      const { replicas: _replicas, ...shared } = this.getSettings(primary);
      return { ...shared, ...w.replicaSettings.get(name), primary } as AlgoliaSettings;
    }
    const source = this.engine.source(name);
    const w = this.primaries.get(name);
    if (!source && !w) throw new SearchError(`Index ${name} does not exist`, 404);
    const settings = w
      ? { ...w.settings, replicas: Object.fromEntries(w.replicas) }
      : source!.index.settings;
    return {
      ...toAlgoliaSettings(settings),
      ...w?.algolia,
      replicas: Object.keys(settings.replicas ?? {}),
    };
  }

  /** Every record (filtered), a thousand at a time, in the index's order; the cursor is where the next page starts. */
  browse(name: string, params: BrowseParams) {
    this.flush();
    return browseIndex(this.engine, name, params);
  }

  /**
   * A task is published once its writes are applied. Until then it is not (the rebuild runs
   * on its own timer, not inside a request the client times out on), as on Algolia.
   */
  taskStatus() {
    return this.pending
      ? { status: 'notPublished' as const, pendingTask: true }
      : { status: 'published' as const, pendingTask: false };
  }
}
