/**
 * `npm run sync:search` as a function (docs/search-sync.md): a site's stock and index
 * settings pushed to the site's configured index with the official algoliasearch client.
 * The same calls run against Algolia in production and against the embedded engine here
 * (write-router.ts), so the sync is tested end to end.
 *
 * What it sends: the settings (searchable attributes, facets, custom ranking, one standard
 * replica per sort choice the site's search pages offer, each replica's ranking), then the
 * records of the site's dealerships, compared with what the index holds: new cars in batches
 * (saveObjects, a thousand a request), changed ones as partial updates of the attributes that
 * changed, and deletes for cars no longer in the stock (sold and past the sold window).
 */
import type { Algoliasearch } from 'algoliasearch';
import isEqual from 'lodash-es/isEqual.js';
import type { Car } from '../../schemas/types.gen.ts';
import { walkBlocks } from '../tree.ts';
import { soldAndExpired } from './sold.ts';
import type { ResolvedSite } from '../site/types.ts';
import { CAR_INDEX, CAR_INDEX_SETTINGS } from './car-index.ts';
import { DEFAULT_SOLD_CUTOFF_DAYS, quote } from './site-filter.ts';
import type { SortSpec } from './search-index.ts';
import { algoliaSettings, indexRecord, replicaSettings } from './write-settings.ts';

/** The app id the embedded engine is addressed with (blocks/_search/client.ts, EMBEDDED_APP_ID). */
const EMBEDDED_APP_ID = 'forecourt';
/** How long the sync's requests may take, ms (the client's defaults are 2 s to connect and 5 s to read). */
export const SYNC_TIMEOUTS = { connect: 5_000, read: 60_000, write: 120_000 };
/** The sort choices a search page offers when it names none (schemas/blocks/search-page.schema.json). */
const DEFAULT_SORTS = ['price_asc', 'price_desc', 'year_desc', 'km_asc', 'newest'];

export type SyncSite = Pick<ResolvedSite, 'slug' | 'search' | 'dealerships' | 'features' | 'pages'>;

/** The sort choices of the site's search pages (Recommended is the primary index itself). */
export function siteSortChoices(site: SyncSite): string[] {
  const chosen = new Set<string>();
  let pages = 0;
  for (const { block } of walkBlocks(site)) {
    if (block.type !== 'search-page') continue;
    pages++;
    const options =
      (block.props as { sortOptions?: string[] } | undefined)?.sortOptions ?? DEFAULT_SORTS;
    for (const o of options) if (o !== 'relevance') chosen.add(o);
  }
  return pages ? DEFAULT_SORTS.filter((s) => chosen.has(s)) : DEFAULT_SORTS;
}

/** Replica name → its sort, for the site's index and sort choices. */
export function siteReplicas(indexName: string, sorts: string[]): Record<string, SortSpec[]> {
  const out: Record<string, SortSpec[]> = {};
  for (const key of sorts) {
    const sort = CAR_INDEX_SETTINGS.replicas?.[`${CAR_INDEX}_${key}`];
    if (sort) out[`${indexName}_${key}`] = sort;
  }
  return out;
}

/** The records the site's index should hold: its dealerships' cars, sold ones only within the sold window. */
export function siteRecords(
  site: SyncSite,
  cars: readonly Car[],
  nowMs: number,
): Record<string, unknown>[] {
  const dealerships = new Set(site.dealerships.map((d) => d.slug));
  const days = site.features?.soldCutoffDays ?? DEFAULT_SOLD_CUTOFF_DAYS;
  return cars
    .filter((c) => dealerships.has(c.dealership_slug) && !soldAndExpired(c, nowMs, days))
    .map((c) => indexRecord(c as unknown as Record<string, unknown>, CAR_INDEX_SETTINGS));
}

/** "search.example.com", "127.0.0.1:4173" or "https://x.example.com" → a host of the client. */
export function clientHost(address: string) {
  const withScheme = /^[a-z]+:\/\//i.test(address)
    ? address
    : `${/^(localhost|127\.|\[::1\])/.test(address) ? 'http' : 'https'}://${address}`;
  const u = new URL(withScheme);
  return {
    url: u.hostname,
    protocol: u.protocol === 'http:' ? ('http' as const) : ('https' as const),
    accept: 'readWrite' as const,
    ...(u.port ? { port: Number(u.port) } : {}),
  };
}

/**
 * The official client with the admin key, pointed at the site's search host (Algolia's own
 * hosts when it names none). Loaded when first asked for: a server that pushes to no search
 * host never loads it.
 */
export async function syncClient(
  search: SyncSite['search'],
  adminKey: string,
  host?: string,
): Promise<Algoliasearch> {
  const { algoliasearch } = await import('algoliasearch');
  const address = host ?? search.host;
  const appId = search.appId || EMBEDDED_APP_ID;
  // Generous read times: a task check may wait while an index of thousands of cars is rebuilt.
  return algoliasearch(appId, adminKey, {
    timeouts: SYNC_TIMEOUTS,
    ...(address ? { hosts: [clientHost(address)] } : {}),
  });
}

export interface SyncReport {
  index: string;
  replicas: string[];
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

const RESULT_KEYS = new Set([
  '_highlightResult',
  '_snippetResult',
  '_rankingInfo',
  '_distinctSeqID',
]);

async function currentRecords(
  client: Algoliasearch,
  indexName: string,
  filters: string,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  try {
    await client.browseObjects<Record<string, unknown>>({
      indexName,
      browseParams: { filters },
      aggregator: (res) => {
        for (const hit of res.hits) out.set(String(hit.objectID), hit);
      },
    });
  } catch (err) {
    // A new index has no records yet.
    if ((err as { status?: number }).status !== 404) throw err;
  }
  return out;
}

export interface SyncOptions {
  client: Algoliasearch;
  site: SyncSite;
  /** The platform's stock (the site's dealerships' cars are taken from it). */
  cars: readonly Car[];
  now?: number;
  /** Records per batch request (default 1000, the client's). */
  batchSize?: number;
}

export async function syncSiteSearch(options: SyncOptions): Promise<SyncReport> {
  const { client, site } = options;
  const indexName = site.search.index;
  const replicas = siteReplicas(indexName, siteSortChoices(site));
  const batchSize = options.batchSize ?? 1000;

  const primary = await client.setSettings({
    indexName,
    indexSettings: algoliaSettings(CAR_INDEX_SETTINGS, Object.keys(replicas)),
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName, taskID: primary.taskID });
  for (const [replica, sort] of Object.entries(replicas)) {
    const r = await client.setSettings({
      indexName: replica,
      indexSettings: replicaSettings(sort),
    });
    await client.waitForTask({ indexName: replica, taskID: r.taskID });
  }

  const wanted = siteRecords(site, options.cars, options.now ?? Date.now());
  const filters = site.dealerships.map((d) => `dealership_slug:${quote(d.slug)}`).join(' OR ');
  const existing = await currentRecords(client, indexName, filters);
  const save: Record<string, unknown>[] = [];
  const partial: Record<string, unknown>[] = [];
  let unchanged = 0;
  let replaced = 0;
  for (const record of wanted) {
    const id = String(record.objectID);
    const old = existing.get(id);
    existing.delete(id);
    if (!old) {
      save.push(record);
      continue;
    }
    const oldKeys = Object.keys(old).filter((k) => !RESULT_KEYS.has(k));
    // An attribute the car no longer has cannot be removed by a partial update: the record is replaced.
    if (oldKeys.some((k) => !(k in record))) {
      save.push(record);
      replaced++;
      continue;
    }
    const changed = Object.keys(record).filter((k) => !isEqual(record[k], old[k]));
    if (!changed.length) unchanged++;
    else partial.push({ objectID: id, ...Object.fromEntries(changed.map((k) => [k, record[k]])) });
  }
  const gone = [...existing.keys()];
  if (save.length)
    await client.saveObjects({ indexName, objects: save, batchSize, waitForTasks: true });
  if (partial.length)
    await client.partialUpdateObjects({
      indexName,
      objects: partial,
      createIfNotExists: true,
      batchSize,
      waitForTasks: true,
    });
  if (gone.length)
    await client.deleteObjects({ indexName, objectIDs: gone, batchSize, waitForTasks: true });
  return {
    index: indexName,
    replicas: Object.keys(replicas),
    added: save.length - replaced,
    updated: partial.length + replaced,
    deleted: gone.length,
    unchanged,
  };
}

/** The sites a dealership's imported stock should be pushed to: those showing it that search Algolia. */
export function sitesToSync<S extends SyncSite>(sites: readonly S[], dealershipSlug: string): S[] {
  return sites.filter(
    (s) => s.search.engine === 'algolia' && s.dealerships.some((d) => d.slug === dealershipSlug),
  );
}
