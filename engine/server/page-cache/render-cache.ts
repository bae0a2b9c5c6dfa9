/**
 * The rendered pages a server keeps (docs/deploy.md, "Caching"): least recently used first
 * out, bounded in entries and in bytes (the HTML and its compressed copies). A page is fresh
 * for `ttlMs` (what a page shows also moves with the clock: a sold car's window, an offer's
 * last day); for `staleMs` after that it may still be answered while it is rendered again.
 * A page that shows stock is kept with the stock version it was rendered at (its site's, or
 * the whole one for a page showing every site's figures) and is never answered once that
 * has moved on.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** Encodings a cached page is sent in besides identity, each compressed once on first request. */
export type PageEncoding = 'br' | 'gzip';

export interface CachedPage {
  /** The site's slug (a publish drops that site's pages). */
  site: string;
  status: number;
  body: Buffer;
  /** Weak: the same page is sent identity, gzip or brotli encoded. */
  etag: string;
  /** The stock version the page was rendered at; absent when the page shows no stock. */
  stockVersion?: number;
  /** Its stock version is the whole one (it showed every site's figures), not its site's. */
  everySite?: boolean;
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** When it was kept (the cache's clock). */
  keptAt: number;
}

/** The stock versions now: the page's site's, and the whole one (engine/inventory/stock-version.ts). */
export interface StockVersions {
  site: number;
  all: number;
}

export interface RenderCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** How long a page is fresh. */
  ttlMs: number;
  /** How long after that it may be answered while it renders again (or while renders fail). */
  staleMs: number;
}

/** 2,000 pages, 32 MB, fresh for 60 s then up to 5 minutes while it renders again (the CDN's stale-while-revalidate). */
export const RENDER_CACHE_LIMITS: RenderCacheLimits = {
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 60_000,
  staleMs: 300_000,
};

/**
 * The bounds FORECOURT_PAGE_CACHE_MB sets (megabytes of pages each server keeps; unset: 32);
 * `0` keeps no page (every page is rendered, as before the cache).
 */
export function renderCacheLimitsFrom(
  env: NodeJS.ProcessEnv,
): Partial<RenderCacheLimits> | undefined {
  const raw = env.FORECOURT_PAGE_CACHE_MB;
  if (raw === undefined || raw.trim() === '') return {};
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb < 0)
    throw new Error(
      `FORECOURT_PAGE_CACHE_MB must be a number of megabytes (0 turns the page cache off), not "${raw}"`,
    );
  return mb === 0 ? undefined : { maxBytes: Math.round(mb * 1024 * 1024) };
}

export function pageEntry(args: {
  site: string;
  status: number;
  html: string;
  stockVersion?: number;
  everySite?: boolean;
}): CachedPage {
  const body = Buffer.from(args.html, 'utf8');
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    site: args.site,
    status: args.status,
    body,
    etag,
    stockVersion: args.stockVersion,
    everySite: args.everySite,
    encoded: {},
    keptAt: 0,
  };
}

/** Bytes a page holds: its HTML, its compressed copies and a little for the entry itself. */
const size = (page: CachedPage) =>
  page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0) + 200;

export class RenderCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(
    limits: Partial<RenderCacheLimits> = {},
    now: () => number = () => performance.now(),
  ) {
    const { maxEntries, maxBytes, ttlMs, staleMs } = { ...RENDER_CACHE_LIMITS, ...limits };
    this.now = now;
    this.ttlMs = ttlMs;
    this.pages = new LRUCache<string, CachedPage>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: size,
      ttl: ttlMs + staleMs,
      ttlResolution: 0,
      perf: { now },
    });
  }

  /** Whether a page is past its fresh time (it is answered while it renders again). */
  isStale(page: CachedPage): boolean {
    return this.now() - page.keptAt > this.ttlMs;
  }

  /** The page under `key`, unless it shows stock rendered before the version it is kept by. */
  get(key: string, versions: StockVersions | number): CachedPage | undefined {
    const page = this.pages.get(key);
    const now =
      typeof versions === 'number' ? versions : page?.everySite ? versions.all : versions.site;
    if (page && page.stockVersion !== undefined && page.stockVersion !== now) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    page.keptAt = this.now();
    this.pages.set(key, page);
  }

  /** The page's body in `encoding`, compressed once and kept with it (its size counts from then). */
  encoded(key: string, page: CachedPage, encoding: PageEncoding): Buffer {
    let body = page.encoded[encoding];
    if (body) return body;
    body =
      encoding === 'br'
        ? brotliCompressSync(page.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
            },
          })
        : gzipSync(page.body, { level: 6 });
    page.encoded[encoding] = body;
    // Set again so the bound counts the copy (noUpdateTTL: a copy does not make the page younger).
    if (this.pages.peek(key) === page) this.pages.set(key, page, { noUpdateTTL: true });
    return body;
  }

  /** Drops every page of a site (it was published or its file changed). */
  dropSite(slug: string): number {
    const keys = [...this.pages.entries()]
      .filter(([, page]) => page.site === slug)
      .map(([key]) => key);
    for (const key of keys) this.pages.delete(key);
    return keys.length;
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }
}
