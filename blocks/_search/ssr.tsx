/**
 * Server rendering of search blocks.
 *
 * Our pipeline renders a page once (renderToString) after every block's `load` has run.
 * react-instantsearch learns which queries a page needs by rendering its widgets, so a
 * search block's `load` does that first pass itself, on the server only: it renders the
 * block's own search tree (inside the same providers the page gives it) with
 * getServerState(), which runs the searches and returns InstantSearch's server state.
 * The state travels as the block's data (in the page payload); the component wraps its
 * tree in <InstantSearchSSRProvider {...serverState}>, so the page's single render already
 * lists the cars, and the browser hydrates from the same results without searching again.
 *
 * In the browser (client-side navigation) `load` returns no server state and the block
 * searches when it mounts, showing its loading state meanwhile.
 */
import type { ReactElement, ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { BlockLoadContext } from '../../engine/render/block.ts';

/** True on the server. Vite folds it to a constant, so browser bundles drop server-only code. */
export const IS_SERVER: boolean = import.meta.env?.SSR ?? typeof window === 'undefined';

/** The providers a block has on a real page, for rendering it inside its own `load`. */
export function ServerProviders({
  ctx,
  children,
}: {
  ctx: BlockLoadContext<unknown>;
  children: ReactNode;
}) {
  return (
    <StaticRouter location={ctx.url.pathname + ctx.url.search}>
      <SiteProvider site={ctx.site} data={ctx.siteData} mode="production">
        {children}
      </SiteProvider>
    </StaticRouter>
  );
}

/** Renders `element` once to collect its searches, runs them and returns InstantSearch's server state. */
export async function serverStateOf(
  ctx: BlockLoadContext<unknown>,
  element: ReactElement,
): Promise<InstantSearchServerState> {
  const { renderToString } = await import('react-dom/server');
  return getServerState(<ServerProviders ctx={ctx}>{element}</ServerProviders>, { renderToString });
}
