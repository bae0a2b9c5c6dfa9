/** Hydration bench, Forecourt <BlockList> alone inside the providers it needs (no router, no page). */
import { hydrateRoot } from 'react-dom/client';
import {
  BlockEnvironmentProvider,
  BlockList,
  PerBlockSuspense,
} from '../../../engine/render/BlockTree.tsx';
import { BlockLoader } from '../../../engine/render/registry.ts';
import { SiteProvider } from '../../../engine/render/site-context.tsx';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type { SiteData } from '../../../engine/site/data.ts';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../../engine/render/dom-ids.ts';
import { forecourtRegistry } from './views.ts';
import { afterFirstPaint, onRecoverableError, startProbe } from './probe.ts';

await afterFirstPaint();
startProbe();
const payload = JSON.parse(document.getElementById(PAYLOAD_ELEMENT_ID)!.textContent!) as {
  site: ResolvedSite;
  siteData: SiteData;
  blockTypes: string[];
};
const { site, siteData } = payload;
const blocks = site.pages[0].blocks;
const loader = new BlockLoader(forecourtRegistry);
// The types as the server sends them (engine/render/server.tsx), so no side walks the page here.
await loader.load(payload.blockTypes);
hydrateRoot(
  document.getElementById(ROOT_ELEMENT_ID)!,
  <SiteProvider site={site} data={siteData} mode="production">
    <PerBlockSuspense value={false}>
      <BlockEnvironmentProvider value={{ blocks: loader.definitions, data: {} }}>
        <div>
          <BlockList blocks={blocks} />
        </div>
      </BlockEnvironmentProvider>
    </PerBlockSuspense>
  </SiteProvider>,
  { onRecoverableError },
);
