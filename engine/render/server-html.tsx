/**
 * A page's HTML with as few Suspense boundaries as it needs (docs/render.md).
 *
 * React hydrates the contents of a server-rendered Suspense boundary after the rest of the
 * page, in a separate low-priority pass, and a boundary inside it in yet another: a boundary
 * around every block made a 1,000-block page hydrate in 1.6× the time of a renderer without
 * them. The boundaries matter on the server only when a block fails there: inside one, the
 * rest of the page is still sent and the browser renders that block (its error boundary
 * catches the failure). So a page renders first without them; only if that fails (a block
 * throws, or suspends) does it render again with one around each block, as before. The
 * browser must hydrate the same tree, so the payload says which was sent.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PerBlockSuspense } from './BlockTree.tsx';

export interface PageHtml {
  html: string;
  /** true when each block was rendered inside its own Suspense boundary (a block failed without one). */
  perBlockSuspense: boolean;
}

export function renderPageHtml(app: ReactNode): PageHtml {
  try {
    return {
      html: renderToString(<PerBlockSuspense value={false}>{app}</PerBlockSuspense>),
      perBlockSuspense: false,
    };
  } catch {
    // A failing block: renderToString keeps quiet about it inside a boundary, as before; the browser logs it.
    return {
      html: renderToString(<PerBlockSuspense value={true}>{app}</PerBlockSuspense>),
      perBlockSuspense: true,
    };
  }
}
