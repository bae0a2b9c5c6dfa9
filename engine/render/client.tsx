/** Hydrates a server-rendered dealer page in the browser. */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { BlockRegistry } from './block.ts';
import { BlockLoader, knownBlockTypes, pageBlockTypes } from './registry.ts';
import { SiteApp, resolvePage } from './SiteApp.tsx';
import { PerBlockSuspense } from './BlockTree.tsx';
import type { PagePayload } from './server.tsx';
import { addRegionalWords } from '../messages/index.ts';

import { PAYLOAD_ELEMENT_ID, RENDERED_ANEW_EVENT, ROOT_ELEMENT_ID } from './dom-ids.ts';

/** What the browser hydrates a page with: the same boundaries as the server's HTML (server-html.tsx). */
export function hydrationTree(payload: PagePayload, loader: BlockLoader) {
  return (
    <StrictMode>
      <PerBlockSuspense value={payload.perBlockSuspense ?? false}>
        <BrowserRouter basename={payload.basename || undefined}>
          <SiteApp
            site={payload.site}
            siteData={payload.siteData}
            mode={payload.mode}
            loader={loader}
            initialData={payload.initialData}
          />
        </BrowserRouter>
      </PerBlockSuspense>
    </StrictMode>
  );
}

export async function hydrateSite(registry: BlockRegistry) {
  const script = document.getElementById(PAYLOAD_ELEMENT_ID);
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!script || !root) throw new Error('forecourt: no payload or root');
  const payload = JSON.parse(script.textContent ?? '{}') as PagePayload;
  if (payload.messages) addRegionalWords(payload.site.region, payload.messages);
  const loader = new BlockLoader(registry);
  const inner = location.pathname.slice(payload.basename.length) || '/';
  const { page } = resolvePage(payload.site, inner, payload.siteData);
  if (payload.blockTypes) knownBlockTypes(payload.site, page, payload.blockTypes);
  // Load the page's block modules before hydrating so the first client render matches the HTML.
  await loader.load(pageBlockTypes(payload.site, page));
  // At a transition's priority React hydrates in slices of a few milliseconds, letting the
  // browser paint and take input between them, instead of in one long task (docs/render.md,
  // "Hydration in slices").
  startTransition(() => {
    hydrateRoot(root, hydrationTree(payload, loader), {
      onRecoverableError(error) {
        console.error('[forecourt] recovered while hydrating', error);
        window.dispatchEvent(new Event(RENDERED_ANEW_EVENT));
      },
    });
  });
}
