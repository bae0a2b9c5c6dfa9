/**
 * The pages the load bench asks for, as a browser asks (Accept-Encoding: br, gzip): the
 * home page, several search pages and twenty car pages of one site, and the peer, a static
 * file from the same server (the page's own entry module under /build/, served
 * pre-compressed). Cached: the addresses again and again, once rendered (the render cache
 * answers them, docs/deploy.md "Caching"). Rendered: each request with its own query, so
 * the cache never has it and every request is rendered.
 */
import type autocannon from 'autocannon';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { CACHE_STATUS_HEADER } from '../../../engine/server/page-cache/pages.ts';
import { searchHeaders } from './search-mix.ts';
import { slugify } from '../../../engine/slug.ts';
import { START_ENTRY_ATTR } from '../../../engine/render/start-attrs.ts';

export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
};

export interface PageKind {
  kind: 'home' | 'search' | 'car';
  paths: string[];
}

/** The site's pages of each kind, each answering 200. */
export async function pageKinds(base: string, site: string): Promise<PageKind[]> {
  const res = await fetch(`${base}/1/indexes/*/queries`, {
    method: 'POST',
    headers: searchHeaders(site),
    body: JSON.stringify({
      requests: [
        {
          indexName: CAR_INDEX,
          params: { hitsPerPage: 20, attributesToRetrieve: ['slug', 'make', 'model'] },
        },
      ],
    }),
  });
  const hits = (
    (await res.json()) as { results: { hits: { slug: string; make: string; model: string }[] }[] }
  ).results[0].hits;
  const root = `/sites/${site}`;
  const models = [
    ...new Set(hits.map((h) => `/search/${slugify(h.make)}/${slugify(h.model)}`)),
  ].slice(0, 3);
  const kinds: PageKind[] = [
    { kind: 'home', paths: [`${root}/`] },
    {
      kind: 'search',
      paths: [
        `${root}/search/new-used-and-demo-cars`,
        `${root}/search`,
        `${root}/cars`,
        ...models.map((m) => root + m),
      ],
    },
    { kind: 'car', paths: hits.map((h) => `${root}/cars/${h.slug}`) },
  ];
  for (const k of kinds) {
    const ok = await Promise.all(
      k.paths.map(
        async (p) => (await fetch(base + p, { headers: BROWSER_HEADERS })).status === 200,
      ),
    );
    k.paths = k.paths.filter((_, i) => ok[i]);
    if (!k.paths.length) throw new Error(`no ${k.kind} page of ${site} answers 200`);
  }
  return kinds;
}

/** The entry module the home page loads: a static file of the same server. */
export async function staticPeer(base: string, site: string): Promise<string> {
  const html = await (await fetch(`${base}/sites/${site}/`)).text();
  // The entry the start script runs (engine/render/start.ts), not the start script itself.
  const src = new RegExp(` ${START_ENTRY_ATTR}="(/build/[^"]+)"`).exec(html)?.[1];
  if (!src) throw new Error('the home page names no entry module under /build/');
  return src;
}

/** Renders each path (unless the cache has it), then tells how many of them the cache answers. */
export async function warmCache(
  base: string,
  paths: string[],
): Promise<{ hits: number; of: number }> {
  const ask = async (p: string) => {
    const res = await fetch(base + p, { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    return res.headers.get(CACHE_STATUS_HEADER);
  };
  for (const p of paths) await ask(p);
  let hits = 0;
  for (const p of paths) if ((await ask(p)) === 'hit') hits++;
  return { hits, of: paths.length };
}

/** A path's size as sent to a browser (brotli) and as HTML, in kB. */
export async function sizeOf(base: string, path: string): Promise<string> {
  const sent = await fetch(base + path, { headers: BROWSER_HEADERS });
  const encoded = Number(sent.headers.get('content-length') ?? 0);
  const plain = (await sent.arrayBuffer()).byteLength;
  return `${(plain / 1024).toFixed(0)} kB${encoded && encoded !== plain ? `, ${(encoded / 1024).toFixed(0)} kB ${sent.headers.get('content-encoding')}` : ''}`;
}

/** The same paths in turn on every connection. */
export function cachedRun(base: string, paths: string[]): autocannon.Options {
  return {
    url: base,
    headers: BROWSER_HEADERS,
    requests: paths.map((path) => ({ method: 'GET', path })),
  };
}

/** Every request a new address (the paths with a query of their own), so each is rendered. */
export function renderedRun(base: string, paths: string[]): autocannon.Options {
  let n = 0;
  return {
    url: base,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'GET',
          path: `${paths[n % paths.length]}?bench=${n++}`,
        }),
      },
    ],
  };
}
