/**
 * The one local server behind `npm start` and `npm run dev`: an index of the sites, each
 * site (server-rendered, then hydrated), generated assets, the search service, the local
 * API and the editor. What it serves of cars, photos, reviews, postcodes and history
 * reports comes from options.providers (server.ts passes the demo's, demo/defaults.ts).
 */
import express, { type Request, type Response } from 'express';
import compression from 'compression';
import { join, resolve } from 'node:path';
import escape from 'lodash-es/escape.js';
import type { RenderedPage } from '../render/server.tsx';
import { pageDocument } from './html.ts';
import { SiteStore, type SiteEntry } from './sites.ts';
import { endPurifyWorker } from '../sanitize/purify-client.ts';
import { startHtmlSanitizer } from '../sanitize/html.server.ts';
import { assetsRouter } from './assets.ts';
import { securityHeaders, TOKEN_FAILURE_LIMIT } from './security.ts';
import { editorGuards, staffMeRouter } from './staff-access.ts';
import { pageOrigin, refuseAmbiguousPaths, trustProxySetting } from './request-guard.ts';
import { responseDeadline } from './time-budget.ts';
import { redirectFor } from '../site/redirects.ts';
import { createServices } from './services.ts';
import { createPageCache } from './page-cache/pages.ts';
import { renderCacheLimitsFrom } from './page-cache/render-cache.ts';
import { createSearchRouter } from '../search/http.ts';
import { ADMIN_KEY_FAILURE_LIMIT } from '../search/write-router.ts';
import { publicStockFilter, siteOfSearchKey } from '../search/public-access.ts';
import { previewOfSearchKey } from './draft-keys.ts';
import { createEditorRouter } from './editor-api.ts';
import { createAssetLibraryRouter } from './assets-api.ts';
import { EditorAssetPass } from './editor-cookie.ts';
import { DraftService } from './drafts.ts';
import { DraftShare } from './draft-share.ts';
import { SiteSignals } from './site-signals.ts';
import type { PostgresStore } from '../api/store/postgres/store.ts';
import { forgeFromEnv } from './forge.ts';
import { logFollowed } from './draft-lines.ts';
import { SiteRepo } from './site-repo.ts';
import { gitClaimOrder } from './host-claims.ts';
import { createFeedsRouter } from './feeds.ts';
import { createHistoryReportRouter } from './history-report.ts';
import { createFaviconRouter } from './favicon.ts';
import type { Providers } from '../providers.ts';
import { API_MOUNT, inProcessSetter, loadBuiltRenderer, setUpRendering } from './page-rendering.ts';
import { draftEntryReader } from './draft-entry.ts';
import { errorPage, indexPage, issueList } from './server-pages.ts';
import { errorAnswer, notFoundAnswer } from './error-answer.ts';
import { PublishedSync } from './published-sync.ts';
import { sitesHealth } from './stale-sites.ts';
import { defaultDataDir } from '../api/router.ts';
import { feedPullsFromEnv } from '../inventory/feed-pulls/from-env.ts';
import { editorFeedsRouter } from './editor-feeds.ts';
import { boundedProbe, healthRouter, storePing } from './health.ts';

export interface ServerOptions {
  mode: 'development' | 'production';
  root: string;
  sitesDir?: string;
  /** Production build folder (default dist/, or FORECOURT_DIST). */
  distDir?: string;
  /** Where the local API keeps its database (default FORECOURT_DATA_DIR or .data/). */
  dataDir?: string;
  staffToken?: string;
  /** The stock, photos, reviews, adapters and history reports the platform serves (engine/providers.ts). */
  providers: Providers;
  /** True once the server has begun to stop: readiness answers 503 (server.ts, drain.ts). */
  draining?: () => boolean;
}

export async function createApp(options: ServerOptions) {
  const { mode, root } = options;
  // Without the build's answers jsdom loads in the sanitiser worker while the sites load; it ends with start-up below (docs/deploy.md, "Memory and start-up").
  startHtmlSanitizer();
  // The built renderer loads first: its code runs while a worker started above loads jsdom, which the sites wait for.
  const dist = resolve(root, options.distDir ?? process.env.FORECOURT_DIST ?? 'dist');
  const clientDir = join(dist, 'client');
  const builtRenderer = mode === 'development' ? undefined : await loadBuiltRenderer(dist);
  // Drafts, review and publishing live in git (docs/publishing.md); git's history says which site keeps a host name (host-claims.ts).
  const repo = SiteRepo.open(options.sitesDir ?? join(root, 'sites'));
  const sites = new SiteStore(options.sitesDir ?? join(root, 'sites'), {
    claimOrder: gitClaimOrder(repo),
  });
  // Sites reload when their files change: a fixed site is served at once, a broken one keeps its last good revision (stale-sites.ts).
  sites.watch();
  const services = await createServices({
    root,
    sites,
    providers: options.providers,
    dataDir: options.dataDir,
    staffToken: options.staffToken,
  });
  const remote = process.env.FORECOURT_GIT_REMOTE || undefined;
  const publishedSync = remote ? new PublishedSync(repo, sites, remote).start() : undefined;
  // With PostgreSQL, a publish or a stock change reaches every server at once (docs/deploy.md, "Caching").
  const { store } = services.api;
  const signals = await new SiteSignals(
    store.kind === 'postgres' ? (store as PostgresStore).sql : undefined,
    {
      published: () => publishedSync?.syncAfter(),
      stock: (dealerships) => services.stockChanged(dealerships),
    },
  ).start();
  // Dealers' stock feeds pulled on the job queue, once across servers (FORECOURT_FEEDS; docs/deploy.md, "Scheduled feed pulls").
  const feedPulls = await feedPullsFromEnv({
    jobs: services.api.jobs,
    store: store.feedPulls,
    sitesDir: sites.dir,
    sites: () => ({ entries: sites.all(), catalogue: sites.catalogue }),
    stock: options.providers.stock,
    // The import tells the servers itself, as `npm run import:inventory`'s does (docs/cars.md, "Stock import").
    dataDir: options.dataDir ?? defaultDataDir(root),
  });
  const drafts = new DraftService(repo, sites, {
    remote,
    // With FORECOURT_GITHUB_TOKEN, "Request review" opens the pull request itself (forge.ts).
    forge: remote ? forgeFromEnv() : undefined,
    syncNow: publishedSync && (() => publishedSync.syncNow()),
    // Every save reaches the remote before it is answered: any server serves any staff request.
    share: remote ? new DraftShare(repo, remote) : undefined,
    onPublished: (slug) => signals.published([slug]),
  });
  // Drafts of the sites a merged pull request changed follow it (docs/publishing.md, "Drafts follow the published site").
  if (publishedSync)
    publishedSync.onChanged = async (slugs) => logFollowed(await drafts.followPublished(slugs));
  const app = express();
  app.disable('x-powered-by');
  // No proxy is trusted unless FORECOURT_TRUST_PROXY names it (README, docs/security.md).
  app.set('trust proxy', trustProxySetting());
  // Every answer starts within its time budget (docs/security.md); Vite's first transforms in development may take longer.
  app.use(responseDeadline(mode === 'development' ? { ms: 120_000 } : undefined));
  app.use(compression());
  app.use(securityHeaders(mode));
  app.use(refuseAmbiguousPaths());
  // One count of wrong editor tokens per client address for the editor API and the draft preview.
  // Counted in the API's store: in memory with SQLite, shared by every server with PostgreSQL (docs/api.md, "Storage").
  const editorTokenFailures = services.api.store.rateCounter(
    'editor-token',
    TOKEN_FAILURE_LIMIT,
    Date.now,
  );

  const inProcess = inProcessSetter(services);

  // Anonymous pages of published sites, in production (docs/deploy.md, "Caching"); FORECOURT_PAGE_CACHE_MB=0 turns it off.
  const cacheLimits = mode === 'production' ? renderCacheLimitsFrom(process.env) : undefined;
  const pageCache =
    cacheLimits &&
    createPageCache({
      stockVersion: (site) => (site ? services.stockVersion.of(site) : services.stockVersion.value),
      sites,
      limits: cacheLimits,
    });
  const { vite, renderPage, assetsFor } = await setUpRendering(app, {
    root,
    clientDir,
    builtRenderer,
    inProcess,
  });

  app.use('/assets', assetsRouter(sites));
  if (services.photos) app.use('/assets', services.photos);
  // The embedded search engine, at the Algolia REST paths (/1/indexes/...); public requests see only the stock their site shows.
  const siteForSearch = (slug: string) => {
    const entry = sites.get(slug);
    return entry?.ok ? entry.site : undefined;
  };
  // Writes (the search sync, docs/search-sync.md) need the admin key, a server-side secret; without it they are refused.
  app.use(
    createSearchRouter(() => services.search, {
      baseFilter: publicStockFilter({ site: siteForSearch }),
      adminKey: process.env.FORECOURT_SEARCH_ADMIN_KEY || undefined,
      // Wrong admin keys counted per client address in the API's store, as the editor token's are.
      adminKeyFailures: services.api.store.rateCounter(
        'search-admin-key',
        ADMIN_KEY_FAILURE_LIMIT,
        Date.now,
      ),
      // A site's key searches the site's own engine; the directories hold every dealership's figures.
      // A draft preview's signed key searches its site's sample stock (draft-keys.ts).
      engineFor: (apiKey, indexName) =>
        services.searchIndexFor(siteOfSearchKey(apiKey), indexName, previewOfSearchKey(apiKey)),
      onAdminRequest: services.searchWritten,
    }),
  );
  // Before the general API: the editor's own endpoints (list, load, create, save sites).
  // Signed-in staff get a short-lived pass their browser shows draft images with (editor-cookie.ts).
  const imagePass = new EditorAssetPass();
  const guards = editorGuards(store, services.api.staffToken, editorTokenFailures);
  app.use(
    '/api/editor',
    guards.api,
    imagePass.issue,
    staffMeRouter(),
    editorFeedsRouter(store.feedPulls),
    createEditorRouter({
      sites,
      sitesDir: sites.dir,
      repo,
      drafts,
      syncState: publishedSync && (() => publishedSync.state()),
    }),
  );
  // The asset library (docs/editor-design.md): uploads, and the images at /assets/sites/.
  app.use(
    createAssetLibraryRouter({
      repo,
      staff: guards.api,
      draftImages: imagePass.guard(guards.api),
      derivatives: services.photoCache,
      drafts: remote ? drafts : undefined,
    }),
  );
  app.use(API_MOUNT, services.api);
  // Vehicle-listings feed per site: /sites/{slug}/feeds/vehicles.tsv, or /feeds/vehicles.tsv by host.
  app.use(createFeedsRouter({ sites, cars: () => services.cars }));
  // Car history reports: /sites/{slug}/cars/{id}/history-report.pdf, or /cars/{id}/history-report.pdf by host.
  app.use(
    createHistoryReportRouter({ sites, getCar: services.getCar, history: services.historyReport }),
  );
  // /favicon.ico and /favicon.svg: the host's site icon, or the platform's.
  app.use(createFaviconRouter({ sites }));
  // Liveness and readiness (health.ts); `stock` says whether every site's cars are made and indexed yet (warmUp below).
  let warmed = false;
  app.use(
    healthRouter({
      sites,
      store: boundedProbe(storePing(store)),
      draining: options.draining ?? (() => false),
      details: () => ({
        stock: warmed ? 'ready' : 'warming',
        // The git sync's state (docs/publishing.md, "When the remote fails"); absent without a remote.
        ...(publishedSync ? { publishedSync: publishedSync.status } : {}),
        // Sites kept on their last good revision, and why (docs/publishing.md); absent when none is.
        ...sitesHealth(sites.staleSites()),
      }),
    }),
  );
  app.get('/', (_req, res, next) => {
    const entry = hostSite(_req);
    if (entry) return next();
    res.type('html').send(indexPage(sites.all()));
  });

  async function servePage(
    req: Request,
    res: Response,
    entry: SiteEntry | undefined,
    basename: string,
    inner: string,
    { byHost = false, cached = true } = {},
  ) {
    if (!entry) {
      res
        .status(404)
        .type('html')
        .send(
          errorPage(
            'Site not found',
            `<p>No site is configured here. <a href="/">See all sites</a>.</p>`,
          ),
        );
      return;
    }
    if (!entry.ok) {
      // Nothing renders from an invalid document; development shows why.
      const detail =
        mode === 'development'
          ? `<p>The site document <code>sites/${escape(entry.slug)}.json</code> is invalid:</p>${issueList(entry)}`
          : '<p>This site is being updated. Please try again shortly.</p>';
      // Not kept by any cache: a CDN goes on serving the last good page (stale-if-error) until the site is fixed.
      res.setHeader('Cache-Control', 'no-store');
      res.status(503).type('html').send(errorPage('Site unavailable', detail));
      return;
    }
    // The document's redirects answer before any page (docs/site-documents.md, "Redirects").
    const moved = redirectFor(entry.site, inner);
    if (moved) return res.redirect(moved.status, basename + moved.location);
    const siteHost = byHost
      ? entry.site.hostnames?.find((h) => h.toLowerCase() === req.hostname.toLowerCase())
      : undefined;
    const origin = pageOrigin(req, siteHost);
    const render = async () => {
      const page: RenderedPage = await renderPage({
        site: entry.site,
        siteData: entry.data,
        url: inner,
        basename,
        mode,
        origin,
      });
      let html = pageDocument(
        page,
        assetsFor(page.blockTypes),
        origin + basename + inner.split('?')[0],
      );
      if (vite) html = await vite.transformIndexHtml(req.originalUrl, html);
      return { page, html };
    };
    if (pageCache && cached)
      return pageCache.respond(req, res, { entry, origin, basename, url: inner }, render);
    const { page, html } = await render();
    res.status(page.status).type('html').send(html);
  }

  function hostSite(req: Request) {
    return sites.byHostname(req.hostname);
  }

  // Development and demo: every site side by side under /sites/{slug}/.
  app.get(/^\/sites\/([a-z0-9-]+)(\/.*)?$/, async (req, res, next) => {
    try {
      const slug = (req.params as Record<string, string>)[0];
      const rest = (req.params as Record<string, string>)[1];
      if (rest === undefined) return res.redirect(301, `/sites/${slug}/`);
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
        : '';
      await servePage(req, res, sites.get(slug), `/sites/${slug}`, rest + query);
    } catch (err) {
      next(err);
    }
  });

  // Staff preview of a site's draft: rendered exactly as /sites/{slug}/ renders the published site.
  const draftEntry = draftEntryReader(repo, sites);
  app.get(
    /^\/drafts\/([a-z0-9-]+)(\/.*)?$/,
    guards.preview,
    imagePass.issue,
    async (req, res, next) => {
      try {
        const slug = (req.params as Record<string, string>)[0];
        const rest = (req.params as Record<string, string>)[1];
        if (rest === undefined)
          return res.redirect(
            302,
            `/drafts/${slug}/${req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''}`,
          );
        res.setHeader('X-Robots-Tag', 'noindex');
        res.setHeader('Cache-Control', 'no-store');
        const query = req.originalUrl.includes('?')
          ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
          : '';
        await drafts.bringIn([slug]);
        await servePage(req, res, draftEntry(slug), `/drafts/${slug}`, rest + query, {
          cached: false,
        });
      } catch (err) {
        next(err);
      }
    },
  );

  // Production: the site whose hostnames include the request's host.
  app.get(/.*/, async (req, res, next) => {
    try {
      const entry = hostSite(req);
      if (!entry) return next();
      await servePage(req, res, entry, '', req.originalUrl, { byHost: true });
    } catch (err) {
      next(err);
    }
  });

  app.use(notFoundAnswer());
  app.use(
    errorAnswer({
      development: mode === 'development',
      fixStack: (err) => vite?.ssrFixStacktrace(err),
    }),
  );

  endPurifyWorker();
  return {
    app,
    sites,
    vite,
    services,
    pageCache,
    repo,
    drafts,
    /** Announces changes to the other servers: `signals.stockChanged(slugs)` after a stock change. */
    signals,
    /** Work start-up leaves until the server answers requests (the search's text index): call once it does. */
    /** Makes and indexes every site's stock, a site at a time (docs/deploy.md, "Memory and start-up"). */
    warmUp: async (yieldTurn?: () => Promise<void>) => {
      await services.stock.warm(yieldTurn);
      warmed = true;
    },
    /** Stops the sync and the watchers, and closes the API's store once a delivery in flight has finished. */
    close: async () => {
      publishedSync?.stop();
      await signals.stop();
      sites.close();
      services.stock.close();
      await services.api.close();
      feedPulls.close();
    },
  };
}
