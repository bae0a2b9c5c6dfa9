/**
 * The search client of every search block: algoliasearch's lite client, pointed either at
 * the platform's embedded engine (same host as the page, Algolia REST paths at its root)
 * or at the site's Algolia application. Nothing else in the UI talks to search.
 *
 * Browser: one client per search target, with a result cache of 10 entries (oldest
 * evicted), so going back to a search answers at once.
 * Server: a fresh client per page render without a cache (results must be current, and
 * one process serves every site). The server may replace the HTTP round trip with an
 * in-process client through `setServerSearchClient`.
 *
 * Weak networks (docs/search-ui.md, "Slow and failing networks"): algoliasearch's browser
 * defaults (1 s to connect, 2 s to read, one try per host) give a phone on a weak signal
 * an error after about a second. Our transport waits longer (TRANSPORT_TIMEOUTS) and tries
 * a single host up to SEARCH_TRIES times (the transporter retries by moving to the next
 * host in its list, so one host is listed that many times; a timed-out retry waits longer
 * by the transporter's own rule). Host states are kept in memory for the request only, not
 * in localStorage, so one bad minute does not slow the next page's searches.
 */
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import type { ResolvedSite } from '../../engine/site/types.ts';
import { siteSearchKey } from '../../engine/search/public-access.ts';
import { afterNextFrame } from './next-frame.ts';

export type SearchSettings = ResolvedSite['search'];
type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
type Cache = NonNullable<ClientOptions['responsesCache']>;

/** Result cache size: caches hold up to 10 entries; the oldest is evicted. */
export const RESULT_CACHE_SIZE = 10;

/** App id, and key when no site is named, the embedded engine is addressed with (engine/search/public-access.ts). */
export const EMBEDDED_APP_ID = 'forecourt';
export const EMBEDDED_API_KEY = 'public-search';

/** How long a search may take to connect and to answer, ms (algoliasearch's browser defaults are 1000 and 2000). */
export const TRANSPORT_TIMEOUTS = { connect: 4000, read: 8000, write: 30000 } as const;
/** Tries per search on one host (a dropped or failed request is sent again at once). */
export const SEARCH_TRIES = 3;

/** A Cache for the Algolia transporter that keeps the last `size` entries. */
export function boundedCache(size: number): Cache {
  const entries = new Map<string, unknown>();
  const keyOf = (key: unknown) => JSON.stringify(key);
  return {
    get<T>(
      key: Record<string, any> | string,
      defaultValue: () => Promise<T>,
      events?: { miss: (value: T) => Promise<any> },
    ) {
      const k = keyOf(key);
      if (entries.has(k)) {
        const value = entries.get(k) as string;
        // Refresh its place: the oldest entry is the least recently used one.
        entries.delete(k);
        entries.set(k, value);
        // A click that the cache answers at once would otherwise draw every new card before the
        // frame that shows the click itself (docs/search-ui.md, "Interaction speed").
        return afterNextFrame().then(() => JSON.parse(value) as T);
      }
      const promise = defaultValue();
      return promise.then((value) => (events ? events.miss(value) : undefined)).then(() => promise);
    },
    set<T>(key: Record<string, any> | string, value: T) {
      if (size > 0) {
        const k = keyOf(key);
        entries.delete(k);
        entries.set(k, JSON.stringify(value));
        while (entries.size > size) entries.delete(entries.keys().next().value!);
      }
      return Promise.resolve(value);
    },
    delete(key: Record<string, any> | string) {
      entries.delete(keyOf(key));
      return Promise.resolve();
    },
    clear() {
      entries.clear();
      return Promise.resolve();
    },
  };
}

/** "search.example.com", "localhost:4000" or "https://x.example.com:8443" → a transporter host. */
export function hostFrom(address: string): {
  url: string;
  protocol: 'http' | 'https';
  port?: number;
} {
  const withScheme = /^[a-z]+:\/\//i.test(address)
    ? address
    : `${/^(localhost|127\.|\[::1\])/.test(address) ? 'http' : 'https'}://${address}`;
  const u = new URL(withScheme);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { url: u.hostname, protocol, ...(u.port ? { port: Number(u.port) } : {}) };
}

const isBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';

type ServerClientFactory = (
  search: SearchSettings,
  origin: string,
  siteSlug?: string,
) => LiteClient | undefined;
let serverFactory: ServerClientFactory | undefined;

/**
 * Lets the server answer server-side searches in process (no HTTP round trip to itself).
 * The factory may return undefined to fall back to HTTP (e.g. for Algolia sites).
 */
export function setServerSearchClient(factory: ServerClientFactory | undefined) {
  serverFactory = factory;
}

const browserClients = new Map<string, LiteClient>();

/**
 * The client for a site's search settings. `origin` is the page's origin, used by the
 * embedded engine when the site names no host (server: the request origin; browser: the
 * page's own origin is the default). On the embedded engine the site's pages send the site's
 * search key (`siteSlug`), from which the server derives the stock they may see.
 */
export function searchClientFor(
  search: SearchSettings,
  origin?: string,
  siteSlug?: string,
): LiteClient {
  const browser = isBrowser();
  const pageOrigin = origin ?? (browser ? window.location.origin : undefined);
  if (!browser && serverFactory && pageOrigin) {
    const inProcess = serverFactory(search, pageOrigin, siteSlug);
    if (inProcess) return inProcess;
  }
  const embedded = search.engine !== 'algolia';
  const address = search.host || (embedded ? pageOrigin : undefined);
  const embeddedKey = search.apiKey || (siteSlug ? siteSearchKey(siteSlug) : EMBEDDED_API_KEY);
  const key = [
    search.engine,
    address ?? '',
    search.appId ?? '',
    embedded ? embeddedKey : (search.apiKey ?? ''),
  ].join('|');
  if (browser) {
    const cached = browserClients.get(key);
    if (cached) return cached;
  }
  const options: ClientOptions = {
    responsesCache: boundedCache(browser ? RESULT_CACHE_SIZE : 0),
    requestsCache: boundedCache(0),
    hostsCache: boundedCache(0),
    timeouts: { ...TRANSPORT_TIMEOUTS },
  };
  if (address)
    options.hosts = Array.from({ length: SEARCH_TRIES }, () => ({
      ...hostFrom(address),
      accept: 'readWrite' as const,
    }));
  if (!embedded && !search.appId)
    throw new Error('this site searches Algolia but its search settings have no appId');
  const client = embedded
    ? liteClient(search.appId || EMBEDDED_APP_ID, embeddedKey, options)
    : liteClient(search.appId!, search.apiKey ?? '', options);
  if (browser) browserClients.set(key, client);
  return client;
}

/** Replica index names for the sort choices. */
export function sortIndices(index: string) {
  return {
    relevance: index,
    price_asc: `${index}_price_asc`,
    price_desc: `${index}_price_desc`,
    year_desc: `${index}_year_desc`,
    km_asc: `${index}_km_asc`,
    newest: `${index}_newest`,
  } as const;
}
export type SortKey = keyof ReturnType<typeof sortIndices>;
