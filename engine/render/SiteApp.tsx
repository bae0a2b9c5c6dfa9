/**
 * A whole dealer site as one React tree: the page matching the current location,
 * wrapped in the site layout, with its block modules and data loaded first.
 * The same component renders on the server (StaticRouter) and hydrates in the browser.
 */
import { use, useEffect, useMemo } from 'react';
import { Link, useHref, useLocation } from 'react-router';
import type { Page, ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';
import type { BlockLoader } from './registry.ts';
import { pageBlockTypes } from './registry.ts';
import { BlockEnvironmentProvider, BlockList, type BlockEnvironment } from './BlockTree.tsx';
import { PageGate } from './gate.tsx';
import { loadPageData } from './page-data.ts';
import { matchPage, pageTitle } from '../site/routes.ts';
import { mergeHeads } from './head.ts';
import { SiteProvider, type RenderMode } from './site-context.tsx';

export const NOT_FOUND_PAGE: Page = {
  id: 'not-found',
  path: '*',
  title: 'Page not found | {site}',
  blocks: [],
};

export interface SiteAppProps {
  site: ResolvedSite;
  siteData: SiteData;
  mode: RenderMode;
  loader: BlockLoader;
  /** Block data already loaded for one URL (from the server's render). */
  initialData?: { url: string; data: Record<string, unknown> };
  /** Set by the editor to wrap blocks; absent on dealer sites. */
  wrap?: BlockEnvironment['wrap'];
  /** Set by the editor to show empty lists as drop places; absent on dealer sites. */
  emptyLists?: BlockEnvironment['emptyLists'];
  /** Origin used to build absolute URLs for block loaders. */
  origin?: string;
}

export function resolvePage(
  site: ResolvedSite,
  pathname: string,
  siteData?: Pick<SiteData, 'routeValues'>,
) {
  const match = matchPage(site.pages, pathname, siteData?.routeValues);
  return match ?? { page: site.pages.find((p) => p.path === '*') ?? NOT_FOUND_PAGE, params: {} };
}

export function SiteApp(props: SiteAppProps) {
  return (
    <SiteProvider site={props.site} data={props.siteData} mode={props.mode}>
      <CurrentPage {...props} />
      <HydrationMarker />
    </SiteProvider>
  );
}

/**
 * Marks the page interactive once React has committed it in the browser (for tests and
 * monitoring). Rendered on the server too, so both trees (and their useId values) match.
 */
function HydrationMarker() {
  useEffect(() => {
    (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated = true;
  }, []);
  return null;
}

const pending = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let p = pending.get(key) as Promise<T> | undefined;
  if (!p) {
    p = make();
    pending.set(key, p);
    if (pending.size > 20) pending.delete(pending.keys().next().value!);
  }
  return p;
}

/** A step with nothing to wait for: React reads a fulfilled promise's value at once. */
const DONE = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** The fetch of each page's blocks (by page object: each document has its own). */
const fetching = new WeakMap<Page, Promise<void>>();
function blocksOf(page: Page, href: string): Promise<void> {
  let p = fetching.get(page);
  if (!p)
    fetching.set(page, (p = import('./page-blocks.ts').then((m) => m.fetchPageBlocks(page, href))));
  return p;
}

function CurrentPage(props: SiteAppProps) {
  const { site, loader } = props;
  const location = useLocation();
  const { page, params } = useMemo(
    () => resolvePage(site, location.pathname, props.siteData),
    [site, props.siteData, location.pathname],
  );
  const urlKey = location.pathname + location.search;
  const href = useHref(urlKey);
  // A dealer page's payload has the shown page's blocks alone (server.tsx, withShownPage):
  // another page's come from its own document the first time the visitor goes there.
  // Each step is `use`d on every render, done or not: React matches a replayed render's `use`
  // calls to the first attempt's by their order, so one skipped would hand its value to the next.
  use<unknown>(page.blocks ? DONE : blocksOf(page, href));
  const types = pageBlockTypes(site, page);
  use<unknown>(
    loader.isLoaded(types) ? DONE : once(`blocks:${types.join(',')}`, () => loader.load(types)),
  );

  let data: Record<string, unknown>;
  if (props.initialData && props.initialData.url === urlKey) {
    data = props.initialData.data;
  } else {
    data = use(
      once(`data:${site.slug}:${urlKey}`, () =>
        loadPageData({
          site,
          siteData: props.siteData,
          page,
          params,
          url: new URL(urlKey, props.origin ?? globalThis.location?.origin ?? 'http://localhost'),
          blocks: loader.definitions,
        }),
      ),
    );
  }

  const title = mergeHeads(data).title ?? pageTitle(page, site.name);
  useEffect(() => {
    document.title = title;
  }, [title]);

  // The same object while nothing in it changes: every block reads it
  // (docs/editor-design.md, "Speed").
  const { wrap, emptyLists } = props;
  const env = useMemo<BlockEnvironment>(
    () => ({ blocks: loader.definitions, data, wrap, emptyLists }),
    [loader.definitions, data, wrap, emptyLists],
  );
  const withLayout = page.layout !== false;
  return (
    <BlockEnvironmentProvider value={env}>
      {!props.wrap && <PageGate page={page} />}
      <a className="fc-skip-link" href="#main">
        Skip to content
      </a>
      {withLayout && <BlockList blocks={site.layout.header} />}
      <main id="main" tabIndex={-1} data-page={page.id}>
        {page === NOT_FOUND_PAGE ? <NotFound /> : <BlockList blocks={page.blocks} />}
      </main>
      {withLayout && <BlockList blocks={site.layout.footer} />}
    </BlockEnvironmentProvider>
  );
}

function NotFound() {
  return (
    <section className="fc-not-found">
      <h1>Page not found</h1>
      <p>The page you asked for isn’t here. It may have moved, or the car may have been sold.</p>
      <p>
        <Link to="/">Go to the home page</Link> or{' '}
        <Link to="/search/new-used-and-demo-cars">browse all stock</Link>.
      </p>
    </section>
  );
}
