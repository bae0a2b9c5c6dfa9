/**
 * Dealer pages answered from the render cache (docs/deploy.md, "Caching"). A server render
 * reads the site's published document, the address (path and query) and the origin the
 * visitor reached it by, and the stock when it searches; nothing of the visitor (no cookie,
 * session, watchlist or favourites: those are read in the browser after hydration,
 * engine/render/visitor.ts). So a page is kept under its site's revision, origin, base path
 * and address, and, when it showed stock, the stock version; and it is sent with an ETag
 * (If-None-Match → 304) and a Cache-Control that lets a CDN hold it.
 *
 * Not kept: gated pages (a visitor's own journey: sign-in, checkout, finance) are sent
 * `private, no-store`; a page whose search failed is sent `no-store`; statuses other than
 * 200 and 404. Staff previews of drafts and development never come here.
 */
import type { Request, Response } from 'express';
import type { RenderedPage } from '../../render/server.tsx';
import { matchPage } from '../../site/routes.ts';
import type { SiteEntry } from '../sites.ts';
import {
  RenderCache,
  pageEntry,
  type CachedPage,
  type RenderCacheLimits,
  type StockVersions,
} from './render-cache.ts';
import { tracked } from './render-scope.ts';

export { trackedSearchClient } from './render-scope.ts';

/**
 * What caches outside the server may do with a page. Browsers ask again each time (and get
 * a 304 while the page is unchanged); a CDN serves it for a minute, then up to five more
 * while it fetches the new one, and for a day when this server fails. A dealer sees a car
 * sold or reserved, or a publish, on the page within a minute or two; the reservation
 * itself is checked by the API, never by the page.
 */
export const PAGE_CACHE_CONTROL = {
  shared: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400',
  /** An address that shows nothing now may show a car or a page after the next import or publish. */
  notFound: 'public, max-age=0, s-maxage=60',
  /** A visitor's own journey step (a gated page). */
  personal: 'private, no-store',
  /** Rendered short of what it should show (a search failed or ran out of time): nobody keeps it. */
  incomplete: 'no-store',
} as const;

/** Tells how a page was answered: `hit`, `stale` (kept, past its fresh time, being rendered again), `miss` (rendered and kept) or `bypass` (rendered, not kept). */
export const CACHE_STATUS_HEADER = 'X-Forecourt-Cache';

/** Statuses kept: a page and a page that is not there (a sold car's address is asked for a while). */
const KEPT_STATUSES = new Set([200, 404]);

type ValidEntry = Extract<SiteEntry, { ok: true }>;

export interface PageTarget {
  entry: ValidEntry;
  /** The origin the page is rendered for (its canonical address). */
  origin: string;
  basename: string;
  /** Path and query inside the site. */
  url: string;
}

export type PageRender = () => Promise<{ page: RenderedPage; html: string }>;

interface Rendered {
  page: CachedPage;
  cacheControl: string;
  kept: boolean;
}

export interface PageCacheOptions {
  /** The stock version now (engine/inventory/stock-version.ts): a site's, or (no site) the whole one. */
  stockVersion: (site?: string) => number;
  /** A site (re)loaded: its pages are dropped. */
  sites?: { onLoad(fn: (entry: SiteEntry) => void): unknown };
  limits?: Partial<RenderCacheLimits>;
  now?: () => number;
}

export function createPageCache(options: PageCacheOptions) {
  const cache = new RenderCache(options.limits, options.now);
  const revisions = new WeakMap<ValidEntry, number>();
  let lastRevision = 0;
  // Every load of a site makes a new entry: its identity is the published revision the pages were rendered from.
  const revisionOf = (entry: ValidEntry) => {
    let revision = revisions.get(entry);
    if (revision === undefined) revisions.set(entry, (revision = ++lastRevision));
    return revision;
  };
  options.sites?.onLoad((entry) => cache.dropSite(entry.slug));
  // Requests for a page being rendered wait for that render instead of starting their own.
  const rendering = new Map<string, Promise<Rendered>>();

  async function renderAndKeep(
    key: string,
    target: PageTarget,
    versions: StockVersions,
    render: PageRender,
  ): Promise<Rendered> {
    const { value, reads } = await tracked(render);
    const { page, html } = value;
    const failed = reads.failed || Object.values(page.payload.initialData.data).some(hasError);
    const entry = pageEntry({
      site: target.entry.slug,
      status: page.status,
      html,
      stockVersion: reads.stock ? (reads.everySite ? versions.all : versions.site) : undefined,
      everySite: reads.everySite,
    });
    const kept = !failed && KEPT_STATUSES.has(page.status);
    if (kept) cache.set(key, entry);
    const cacheControl = !kept
      ? PAGE_CACHE_CONTROL.incomplete
      : page.status === 200
        ? PAGE_CACHE_CONTROL.shared
        : PAGE_CACHE_CONTROL.notFound;
    return { page: entry, cacheControl, kept };
  }

  async function respond(
    req: Request,
    res: Response,
    target: PageTarget,
    render: PageRender,
  ): Promise<void> {
    const { entry } = target;
    const key = [entry.slug, revisionOf(entry), target.origin, target.basename, target.url].join(
      '\n',
    );
    const versions = { site: options.stockVersion(entry.slug), all: options.stockVersion() };
    // Looked up first: a gated page is never kept, so a kept page needs no route match.
    const cached = cache.get(key, versions);
    if (cached) {
      const stale = cache.isStale(cached);
      // Past its fresh time: answered as it is while one render replaces it (kept as it is if that render fails).
      if (stale)
        renderOnce(key, target, versions, render).catch((err: unknown) =>
          console.error('[forecourt] a page could not be rendered again:', err),
        );
      send(
        req,
        res,
        key,
        {
          page: cached,
          kept: true,
          cacheControl:
            cached.status === 200 ? PAGE_CACHE_CONTROL.shared : PAGE_CACHE_CONTROL.notFound,
        },
        stale ? 'stale' : 'hit',
      );
      return;
    }
    const pathname = new URL(target.url, 'http://site.invalid').pathname;
    if (matchPage(entry.site.pages, pathname, entry.data.routeValues)?.page.gate) {
      const { page, html } = await render();
      res.setHeader('Cache-Control', PAGE_CACHE_CONTROL.personal);
      res.setHeader(CACHE_STATUS_HEADER, 'bypass');
      res.status(page.status).type('html').send(html);
      return;
    }
    const rendered = await renderOnce(key, target, versions, render);
    send(req, res, key, rendered, rendered.kept ? 'miss' : 'bypass');
  }

  function renderOnce(
    key: string,
    target: PageTarget,
    versions: StockVersions,
    render: PageRender,
  ): Promise<Rendered> {
    const job = `${key}\n${versions.site}\n${versions.all}`;
    let pending = rendering.get(job);
    if (!pending) {
      pending = renderAndKeep(key, target, versions, render).finally(() => rendering.delete(job));
      rendering.set(job, pending);
    }
    return pending;
  }

  function send(
    req: Request,
    res: Response,
    key: string,
    { page, cacheControl, kept }: Rendered,
    how: 'hit' | 'stale' | 'miss' | 'bypass',
  ) {
    res.status(page.status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', page.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader(CACHE_STATUS_HEADER, how);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    // A kept page is compressed once; one not kept is left to the compression middleware.
    const encoding = kept ? req.acceptsEncodings('br', 'gzip') : false;
    const body =
      encoding === 'br' || encoding === 'gzip' ? cache.encoded(key, page, encoding) : page.body;
    if (body !== page.body) res.setHeader('Content-Encoding', encoding as string);
    res.setHeader('Content-Length', String(body.length));
    res.end(body);
  }

  return { respond, cache };
}

export type PageCache = ReturnType<typeof createPageCache>;

function hasError(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'error' in data;
}
