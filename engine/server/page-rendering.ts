/**
 * How the server renders pages: Vite transforming on request in development, the built
 * renderer in production; either one given the in-process search client.
 */
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import type { createPageRenderer } from '../render/server.tsx';
import type { PageAssets } from './html.ts';
import { createAssetResolver, CLIENT_ENTRY } from './manifest.ts';
import { trackedSearchClient } from './page-cache/pages.ts';
import { createLocalSearchClient, SERVER_RENDER_BUDGET_MS } from '../search/client.ts';
import { previewOfSearchKey } from './draft-keys.ts';
import type { Services } from './services.ts';
import type { LocalApiReader } from '../render/api-read.ts';

export type RenderPage = ReturnType<typeof createPageRenderer>;
export interface ServerEntry {
  renderPage: RenderPage;
  setServerSearchClient?: (
    factory:
      | ((
          search: { engine: string; host?: string; apiKey?: string },
          origin: string,
          siteSlug?: string,
        ) => unknown)
      | undefined,
  ) => void;
  setLocalApiReader?: (reader: LocalApiReader | undefined) => void;
}

export async function loadBuiltRenderer(dist: string): Promise<ServerEntry> {
  const serverEntry = join(dist, 'server/entry-server.js');
  if (!existsSync(serverEntry))
    throw new Error('No production build found: run `npm run build` first (npm start does this).');
  return (await import(serverEntry)) as ServerEntry;
}

/** Where the server mounts its API (app.ts); a page's read of an address under it is answered in process. */
export const API_MOUNT = '/api';

/** Gives a renderer module what its server rendering reads in process: the search client and the API. */
export function inProcessSetter(services: Services) {
  // Server rendering of sites on the embedded engine searches in process, not over HTTP.
  // Tracked: a page that searched is cached under the stock version (docs/deploy.md, "Caching").
  // A published site's page searches the site's own engine; a draft (its key says so) and a site
  // without dealerships search the whole stock (services.ts, searchFor); a draft of a site not
  // published yet searches its sample stock (`draftOf`: its signed key names it, draft-keys.ts).
  const localSearches = new Map<string, ReturnType<typeof createLocalSearchClient>>();
  const localSearchFor = (siteSlug: string | undefined, draftOf?: string) => {
    const key = `${siteSlug ?? ''}|${draftOf ?? ''}`;
    let client = localSearches.get(key);
    if (!client) {
      client = trackedSearchClient(
        createLocalSearchClient(
          (indexName) => services.searchIndexFor(siteSlug, indexName, draftOf),
          { budgetMs: SERVER_RENDER_BUDGET_MS },
        ),
      );
      localSearches.set(key, client);
    }
    return client;
  };
  const readApi: LocalApiReader = (url) =>
    url.pathname.startsWith(`${API_MOUNT}/`)
      ? services.api.readInProcess(url.pathname.slice(API_MOUNT.length), url.searchParams)
      : undefined;
  return (mod: ServerEntry) => {
    mod.setServerSearchClient?.((search, _origin, siteSlug) =>
      search.engine !== 'algolia' && !search.host
        ? localSearchFor(search.apiKey ? undefined : siteSlug, previewOfSearchKey(search.apiKey))
        : undefined,
    );
    mod.setLocalApiReader?.(readApi);
  };
}

/** Sets up page rendering on `app`; its middleware (Vite's, the build's files) goes in here, in this order. */
export async function setUpRendering(
  app: Express,
  {
    root,
    clientDir,
    builtRenderer,
    inProcess,
  }: {
    root: string;
    clientDir: string;
    builtRenderer: ServerEntry | undefined;
    inProcess: (mod: ServerEntry) => void;
  },
) {
  let vite: ViteDevServer | undefined;
  let renderPage: RenderPage;
  let assetsFor: (types: string[]) => PageAssets;

  // Development transforms on request; production serves the build (createApp loads it first, only then).
  if (!builtRenderer) {
    const { createServer } = await import('vite');
    vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
    app.use(vite.middlewares);
    // The editor is a plain Vite page; in development it is transformed on request.
    app.get(/^\/editor(\/.*)?$/, async (req, res, next) => {
      try {
        const file = req.path.endsWith('preview.html') ? 'preview.html' : 'index.html';
        const html = readFileSync(join(root, 'editor', file), 'utf8');
        res.type('html').send(await vite!.transformIndexHtml(`/editor/${file}`, html));
      } catch (err) {
        next(err);
      }
    });
    renderPage = async (args) => {
      const mod = (await vite!.ssrLoadModule('/blocks/entry-server.tsx')) as ServerEntry;
      inProcess(mod);
      return mod.renderPage(args);
    };
    assetsFor = () => ({
      css: [],
      preload: [],
      entry: `/${CLIENT_ENTRY}`,
      headExtra: `<script type="module" src="/@vite/client"></script>
<script type="module">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>`,
    });
  } else {
    inProcess(builtRenderer);
    renderPage = builtRenderer.renderPage;
    assetsFor = createAssetResolver(join(clientDir, '.vite/manifest.json'), {
      inlineCssFrom: clientDir,
    });
    // Built files are pre-compressed (brotli 11, gzip 9: vite.config.ts); no per-request work.
    app.use(
      '/build',
      expressStaticGzip(join(clientDir, 'build'), {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
    );
    app.use('/editor', express.static(join(clientDir, 'editor')));
  }
  return { vite, renderPage, assetsFor };
}
