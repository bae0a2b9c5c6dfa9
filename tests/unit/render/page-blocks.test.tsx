/**
 * A dealer page's payload carries its own blocks and no other page's (docs/render.md, "Only the
 * page's blocks"): the browser fetches another page's blocks from that page's document when the
 * visitor goes there, and loads that document whole when they cannot be had.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { Link } from 'react-router';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { hydrateSite } from '../../../engine/render/client.tsx';
import { defineBlock, type BlockRegistry } from '../../../engine/render/block.ts';
import { documentNavigation, fetchPageBlocks } from '../../../engine/render/page-blocks.ts';
import type { Page } from '../../../engine/site/types.ts';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../../engine/render/dom-ids.ts';
import { siteDataFor } from '../../../engine/site/data.ts';
import { jsonForScript } from '../../../engine/server/html.ts';
import { minimalDoc, prepared } from '../helpers.ts';

const Text = defineBlock<{ heading: string }>({
  component: ({ block, props }) => <p data-b={block.id}>{props.heading}</p>,
});
const Go = defineBlock<Record<string, never>>({
  component: ({ block }) => (
    <Link data-b={block.id} to="/other">
      Go
    </Link>
  ),
});
const registry: BlockRegistry = {
  'promo-tile': async () => ({ default: Text }),
  'rich-text': async () => ({ default: Go }),
};

const site = prepared(
  minimalDoc({
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home | {site}',
        blocks: [{ type: 'rich-text', id: 'go', props: { html: '<p>x</p>' } }],
      },
      {
        id: 'other',
        path: '/other',
        title: 'Other | {site}',
        blocks: [{ type: 'promo-tile', id: 'far-block', props: { heading: 'Far away' } }],
      },
    ],
  }),
);
const siteData = siteDataFor(site, { models: [] } as never);
const render = createPageRenderer(registry);
const renderAt = (url: string) =>
  render({ site, siteData, url, basename: '', mode: 'production', origin: 'http://localhost' });
const documentOf = (page: Awaited<ReturnType<typeof renderAt>>) =>
  `<!doctype html><html><body><div id="${ROOT_ELEMENT_ID}">${page.html}</div><script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${jsonForScript(page.payload)}</script></body></html>`;

/** The first navigation imports page-blocks.ts, which a busy test worker may take seconds to transform. */
const WAIT = { timeout: 15_000 };

async function hydrateHome() {
  const home = await renderAt('/');
  document.body.innerHTML = new DOMParser().parseFromString(
    documentOf(home),
    'text/html',
  ).body.innerHTML;
  await hydrateSite(registry);
  await vi.waitFor(() => expect(document.querySelector('[data-b="go"]')).not.toBeNull());
  return home;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('a page payload with the shown page’s blocks only', () => {
  it('keeps every page for routing, but only the shown page’s blocks, and what other pages hold in the site data', async () => {
    const home = await renderAt('/');
    const pages = home.payload.site.pages;
    expect(pages.map((p) => [p.id, p.path, p.title])).toEqual([
      ['home', '/', 'Home | {site}'],
      ['other', '/other', 'Other | {site}'],
    ]);
    expect(pages[0].blocks.map((b) => b.id)).toEqual(['go']);
    expect('blocks' in pages[1]).toBe(false);
    const json = jsonForScript(home.payload);
    expect(json).not.toContain('far-block');
    expect(json).not.toContain('Far away');
    expect(home.payload.siteData.pageTypes).toEqual({ home: ['rich-text'], other: ['promo-tile'] });
    // The site itself, as the server and the editor hold it, is untouched.
    expect(site.pages[1].blocks).toHaveLength(1);
  });

  it('fetches another page’s blocks from its document on a client-side navigation, and renders it', async () => {
    const other = documentOf(await renderAt('/other'));
    const fetches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (href: string) => {
        fetches.push(href);
        return new Response(other, { headers: { 'content-type': 'text/html' } });
      }),
    );
    await hydrateHome();
    await act(async () => (document.querySelector('[data-b="go"]') as HTMLElement).click());
    await vi.waitFor(
      () => expect(document.querySelector('[data-b="far-block"]')?.textContent).toBe('Far away'),
      WAIT,
    );
    expect(fetches).toEqual(['/other']);
    expect(location.pathname).toBe('/other');
    expect(document.querySelector('main')?.getAttribute('data-page')).toBe('other');
  });

  it('loads the page as a document when its blocks cannot be fetched, and stays waiting for it', async () => {
    const go = vi.spyOn(documentNavigation, 'go').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      // A document without that page (the site changed since): not a page to render either.
      async () => new Response(documentOf(await renderAt('/'))),
    ];
    for (const answer of answers) {
      vi.stubGlobal('fetch', vi.fn(answer));
      const page = { id: 'other', path: '/other', title: 'Other' } as Page;
      let settled = false;
      void fetchPageBlocks(page, '/other').finally(() => (settled = true));
      await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/other'), WAIT);
      await Promise.resolve();
      expect(settled).toBe(false); // the page shown so far stays until the document replaces it
      expect(page.blocks).toBeUndefined();
      go.mockClear();
    }
  });
});
