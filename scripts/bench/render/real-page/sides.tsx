/**
 * The real-page hydration bench's server HTML (bundled for Node by real-page.ts, so the
 * blocks' style imports need no loader): both sides rendered by the platform's own page
 * renderer (engine/render/server.tsx), the Forecourt side from the site a running server sent
 * for the page, the Puck side (puck-page.tsx) from the same site with its blocks in one Puck
 * page, at the address `/` with no basename. The blocks' loads run again against that server,
 * as a page render runs them: besides the data, a load readies what the block renders at once
 * (a lazy UI's module).
 */
import { registry } from '../../../../blocks/registry.ts';
import { createPageRenderer, type PagePayload } from '../../../../engine/render/server.tsx';
import { loadPuckComponents, puckPayload, withPuckPage } from './puck-page.tsx';

export interface RenderedSide {
  html: string;
  payload: PagePayload;
}

export async function renderSides(
  served: PagePayload,
  origin: string,
): Promise<{ site: RenderedSide; puck: RenderedSide }> {
  const at = { siteData: served.siteData, url: '/', basename: '', mode: served.mode, origin };
  const site = await createPageRenderer(registry)({ ...at, site: served.site });
  const puck = puckPayload(site.payload);
  await loadPuckComponents(registry, puck.data);
  const puckSide = await createPageRenderer(withPuckPage(registry))({
    ...at,
    site: puck.payload.site,
  });
  for (const side of [site, puckSide])
    if (side.payload.perBlockSuspense)
      throw new Error('real-page bench: a block failed on the server');
  return {
    site: { html: site.html, payload: site.payload },
    puck: { html: puckSide.html, payload: puckSide.payload },
  };
}
