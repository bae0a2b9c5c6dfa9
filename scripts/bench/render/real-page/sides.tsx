/**
 * The real-page hydration bench's server HTML (bundled for Node by real-page.ts, so the
 * blocks' style imports need no loader): the Forecourt side as engine/render/server.tsx
 * renders it, and the Puck side (puck-page.tsx) in the same shell, both from the payload a
 * running server sent for the page, at the address `/` with no basename. The blocks' loads run
 * again here against that server, as engine/render/server.tsx runs them before rendering:
 * besides the data, a load readies what the block renders at once (a lazy UI's module).
 */
import { StaticRouter } from 'react-router';
import { registry } from '../../../../blocks/registry.ts';
import type { BlockRegistry } from '../../../../engine/render/block.ts';
import { BlockLoader } from '../../../../engine/render/registry.ts';
import { SiteApp } from '../../../../engine/render/SiteApp.tsx';
import type { PagePayload } from '../../../../engine/render/server.tsx';
import { renderPageHtml } from '../../../../engine/render/server-html.tsx';
import { loadPageData } from '../../../../engine/render/page-data.ts';
import { loadPuckComponents, puckPayload, withPuckPage } from './puck-page.tsx';

export interface RenderedSide {
  html: string;
  payload: PagePayload;
}

async function renderSide(reg: BlockRegistry, payload: PagePayload): Promise<string> {
  const loader = new BlockLoader(reg);
  await loader.load(payload.blockTypes!);
  const { html, perBlockSuspense } = renderPageHtml(
    <StaticRouter location="/">
      <SiteApp
        site={payload.site}
        siteData={payload.siteData}
        mode={payload.mode}
        loader={loader}
        initialData={payload.initialData}
        origin="http://bench.invalid"
      />
    </StaticRouter>,
  );
  if (perBlockSuspense) throw new Error('real-page bench: a block failed on the server');
  return html;
}

export async function renderSides(
  served: PagePayload,
  origin: string,
): Promise<{ site: RenderedSide; puck: RenderedSide }> {
  const loader = new BlockLoader(registry);
  await loader.load(served.blockTypes!);
  const data = await loadPageData({
    site: served.site,
    siteData: served.siteData,
    page: served.site.pages.find((p) => p.blocks)!,
    params: {},
    url: new URL(served.initialData.url, origin),
    blocks: loader.definitions,
  });
  const payload: PagePayload = { ...served, basename: '', initialData: { url: '/', data } };
  const puck = puckPayload(payload);
  await loadPuckComponents(registry, puck.data);
  return {
    site: { html: await renderSide(registry, payload), payload },
    puck: { html: await renderSide(withPuckPage(registry), puck.payload), payload: puck.payload },
  };
}
