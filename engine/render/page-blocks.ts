/**
 * The blocks of a page the payload sent without them (server.tsx, withShownPage), fetched when
 * the visitor first goes there without a document load (docs/render.md, "Only the page's
 * blocks"). They come from that address's own document, whose payload carries them: the same
 * server answer, cache and ETag as the page itself, and no second way of serving a page.
 */
import type { Page } from '../site/types.ts';
import type { PagePayload } from './server.tsx';
import { PAYLOAD_ELEMENT_ID } from './dom-ids.ts';

/** How the browser loads a document (a seam for tests: jsdom cannot navigate). */
export const documentNavigation = {
  go(href: string) {
    location.assign(href);
  },
};

/**
 * Completes `page` in place with its blocks, so every reader of the site's pages (a search
 * grid's promo tiles, a description) sees them from then on. When they cannot be had, the
 * browser loads the address as a document instead: the visitor gets the page, never a broken one.
 */
export async function fetchPageBlocks(page: Page, href: string): Promise<void> {
  try {
    const response = await fetch(href, { credentials: 'same-origin' });
    // A 404 (a sold car) is still that page's document, with its payload.
    const html = await response.text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const text = doc.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
    const payload = JSON.parse(text || 'null') as PagePayload | null;
    const blocks = payload?.site.pages.find((p) => p.id === page.id)?.blocks;
    if (!blocks) throw new Error(`${href} did not send the blocks of page "${page.id}"`);
    page.blocks = blocks;
  } catch (error) {
    console.error('[forecourt] loading the page as a document:', error);
    documentNavigation.go(href);
    // Stays suspended (the page shown so far stays) until the document replaces this one.
    await new Promise<never>(() => {});
  }
}
