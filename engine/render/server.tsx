/** Server-side rendering of one page of a site, with everything it needs preloaded. */
import { StaticRouter } from 'react-router';
import type { Page, ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';
import type { BlockRegistry } from './block.ts';
import { BlockLoader, pageBlockTypes } from './registry.ts';
import { loadPageData } from './page-data.ts';
import { NOT_FOUND_PAGE, SiteApp, resolvePage } from './SiteApp.tsx';
import { pageTitle } from '../site/routes.ts';
import { mergeHeads, type PageHead } from './head.ts';
import type { RenderMode } from './site-context.tsx';
import { regionalWords, type Catalogue } from '../messages/index.ts';
import { renderPageHtml } from './server-html.tsx';

/** What the browser needs to hydrate exactly what the server rendered. */
export interface PagePayload {
  /** The site with the shown page's blocks alone: other pages come without theirs (withShownPage). */
  site: ResolvedSite;
  siteData: SiteData;
  mode: RenderMode;
  basename: string;
  initialData: { url: string; data: Record<string, unknown> };
  /** The site's words that differ from en-AU (absent in Australia): the runtime ships only the reference (engine/messages/locales.runtime.ts). */
  messages?: Partial<Catalogue>;
  /** The block types the page shows (as in RenderedPage), so the browser loads their modules without walking the page. */
  blockTypes?: string[];
  /** Each block was rendered inside its own Suspense boundary (a block failed on the server: server-html.tsx); absent when not. */
  perBlockSuspense?: true;
}

export interface RenderedPage {
  status: number;
  html: string;
  title: string;
  description?: string;
  /** Meta tags, JSON-LD and the main image the page's blocks asked for (see head.ts). */
  head?: Pick<PageHead, 'meta' | 'jsonLd' | 'preloadImage'>;
  /** Block types on the page (to link their code and styles). */
  blockTypes: string[];
  payload: PagePayload;
}

export function createPageRenderer(registry: BlockRegistry) {
  const loader = new BlockLoader(registry);
  return async function renderPage(args: {
    site: ResolvedSite;
    siteData: SiteData;
    /** Path and query inside the site, e.g. /cars/ranger-123?x=1. */
    url: string;
    basename: string;
    mode: RenderMode;
    origin: string;
  }): Promise<RenderedPage> {
    const { site, siteData, basename, mode } = args;
    const inner = new URL(args.url, 'http://site.invalid');
    const { page, params } = resolvePage(site, inner.pathname, siteData);
    const blockTypes = pageBlockTypes(site, page);
    await loader.load(blockTypes);
    const urlKey = inner.pathname + inner.search;
    const data = await loadPageData({
      site,
      siteData,
      page,
      params,
      url: new URL(urlKey, args.origin),
      blocks: loader.definitions,
    });
    const initialData = { url: urlKey, data };
    const { html, perBlockSuspense } = renderPageHtml(
      <StaticRouter location={basename + urlKey} basename={basename || undefined}>
        <SiteApp
          site={site}
          siteData={siteData}
          mode={mode}
          loader={loader}
          initialData={initialData}
          origin={args.origin}
        />
      </StaticRouter>,
    );
    const notFound = page === NOT_FOUND_PAGE || page.path === '*';
    const head = mergeHeads(data);
    return {
      status: head.status ?? (notFound ? 404 : 200),
      html,
      title: head.title ?? pageTitle(page, site.name),
      description: head.description ?? page.description,
      head: { meta: head.meta, jsonLd: head.jsonLd, preloadImage: head.preloadImage },
      blockTypes,
      payload: {
        site: withShownPage(site, page),
        siteData,
        mode,
        basename,
        initialData,
        blockTypes,
        ...pageMessages(site),
        ...(perBlockSuspense ? { perBlockSuspense } : {}),
      },
    };
  };
}

/**
 * The site as the browser gets it: every page for routing (id, path, title, …), but only the
 * shown page with its blocks. Other pages' blocks were most of a car page's payload, growing
 * with the dealer's page count; the browser fetches a page's blocks when it goes there
 * (page-blocks.ts), and blocks asking what another page holds read `SiteData.pageTypes`
 * (docs/render.md, "Only the page's blocks").
 */
export function withShownPage(site: ResolvedSite, page: Page): ResolvedSite {
  const pages = site.pages.map((p) => {
    if (p === page) return p;
    const { blocks: _blocks, ...outline } = p;
    // A page without blocks is one the browser has still to fetch (SiteApp.tsx).
    return outline as Page;
  });
  return { ...site, pages };
}

function pageMessages(site: ResolvedSite): Pick<PagePayload, 'messages'> {
  const messages = regionalWords(site.region);
  return Object.keys(messages).length ? { messages } : {};
}
