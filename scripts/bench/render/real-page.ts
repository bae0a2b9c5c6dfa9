/**
 * Hydration of a page of the demo's real blocks (issue 35's "margins"): gold-coast-ford's home
 * page as a running server sends it (its payload: the site, the blocks' loaded data), hydrated
 * by Forecourt's client entry and, in the same site shell, with the same blocks rendered by
 * Puck's <Render> (real-page/puck-page.tsx). Both pages' HTML is rendered here from that
 * payload, by one Node bundle of the real blocks, and checked to hold the same text and the
 * same elements (Puck adds one wrapper). A figure runs from the entry's start (the block
 * modules loaded, the server HTML painted) to the page's hydration marker. Aim: ≤ 0.8× Puck.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAYLOAD_ELEMENT_ID } from '../../../engine/render/dom-ids.ts';
import type { PagePayload } from '../../../engine/render/server.tsx';
import { benchServerFromArgs } from '../serve.ts';
import { bundle, interleavedLoads, pageDocument, type HydrationRun } from './hydration.ts';
import { stats } from './stats.ts';
import type { renderSides } from './real-page/sides.tsx';

export const REAL_PAGE = { site: 'gold-coast-ford', path: '/' };
export const REAL_PAGE_AIM = 0.8;
const SIDES = ['site', 'puck'] as const;
type Side = (typeof SIDES)[number];

/** The payload a running server sent for the page. */
export async function servedPayload(base: string): Promise<PagePayload> {
  const html = await (await fetch(`${base}/sites/${REAL_PAGE.site}${REAL_PAGE.path}`)).text();
  const json = new RegExp(`<script id="${PAYLOAD_ELEMENT_ID}"[^>]*>([^]*?)</script>`).exec(html);
  if (!json) throw new Error('real-page bench: the served page has no payload');
  return JSON.parse(json[1]) as PagePayload;
}

/** Both sides' server HTML and payloads, from one Node bundle of real-page/sides.tsx. */
export async function renderRealSides(
  payload: PagePayload,
  origin: string,
): ReturnType<typeof renderSides> {
  const { sides } = await bundle(
    { sides: 'real-page/sides.tsx' },
    { platform: 'node', minify: false },
  );
  // Beside the project's packages, so the bundle's imports resolve to the bench's own React.
  const dir = mkdtempSync(join(import.meta.dirname, '../../../.data/real-page-'));
  try {
    const file = join(dir, 'sides.mjs');
    writeFileSync(file, sides);
    const mod = (await import(pathToFileURL(file).href)) as { renderSides: typeof renderSides };
    return await mod.renderSides(payload, origin);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page's text and its element count: what both sides must show alike. */
export function pageShape(html: string): { text: string; elements: number } {
  return {
    text: html.replace(/<[^>]*>/g, ''),
    elements: (html.match(/<[a-zA-Z]/g) ?? []).length,
  };
}

export async function measureRealPage(options: {
  runs: number;
  warmup: number;
}): Promise<string[]> {
  const server = await benchServerFromArgs();
  let pages: Awaited<ReturnType<typeof renderSides>>;
  try {
    pages = await renderRealSides(await servedPayload(server.url), server.url);
  } finally {
    await server.stop();
  }
  const site = pageShape(pages.site.html);
  const puck = pageShape(pages.puck.html);
  if (site.text !== puck.text || puck.elements !== site.elements + 1)
    throw new Error(
      `real-page bench: the sides differ (${site.elements} and ${puck.elements} elements, text ${site.text === puck.text ? 'alike' : 'not alike'})`,
    );
  const scripts = await bundle({
    site: 'real-page/entry-site.tsx',
    puck: 'real-page/entry-puck.tsx',
  });
  const docs = {
    site: pageDocument('site', pages.site, 1),
    puck: pageDocument('puck', pages.puck, 1),
  };
  const samples = await interleavedLoads(SIDES, docs, scripts, options);
  // Same work: Puck's side hydrated the same elements and its one wrapper, in every load.
  const hydrated = SIDES.map((side) => new Set(samples[side].map((r) => r.hydrated)));
  if (
    hydrated.some((counts) => counts.size !== 1) ||
    [...hydrated[1]][0]! !== [...hydrated[0]][0]! + 1
  )
    throw new Error(
      `real-page bench: the sides hydrated different elements (${SIDES.map((side, i) => `${side} ${[...hydrated[i]].join('/')}`).join(', ')})`,
    );
  const st = (side: Side, pick: (r: HydrationRun) => number) => stats(samples[side].map(pick));
  const ms = { site: st('site', (r) => r.ms), puck: st('puck', (r) => r.ms) };
  const task = { site: st('site', (r) => r.longestTask), puck: st('puck', (r) => r.longestTask) };
  const ratio = ms.site.median / ms.puck.median;
  const f = (x: number) => x.toFixed(1).padStart(9);
  const longest = (ms: number) => (ms ? ms.toFixed(0) : '< 50').padStart(13);
  const types = [...new Set(pages.site.payload.blockTypes)].join(', ');
  return [
    `Hydration of a page of real blocks — ${REAL_PAGE.site} ${REAL_PAGE.path} (${types}; ${site.elements} elements), ${options.warmup} warm-up + ${options.runs} measured loads per side, interleaved`,
    `Both sides in the same site shell from the same payload; Puck renders the blocks through <Render>. From the entry's start (block modules loaded, server HTML painted) to the hydration marker`,
    `Same work checked: ${site.elements} elements and the same text on both sides (Puck's one wrapper aside), ${[...hydrated[0]][0]} of them hydrated by the marker on each (the rest wait for use, as in production)`,
    '',
    `${'side'.padEnd(30)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'min ms'.padStart(10)}  ${'longest task'.padStart(13)}`,
    `${'Forecourt page (client.tsx)'.padEnd(30)}${f(ms.site.median)} ${f(ms.site.p95)} ${f(ms.site.min)}  ${longest(task.site.median)}`,
    `${'Puck <Render>, same shell'.padEnd(30)}${f(ms.puck.median)} ${f(ms.puck.p95)} ${f(ms.puck.min)}  ${longest(task.puck.median)}`,
    '',
    `Hydration ratio Forecourt / Puck, real blocks (median): ${ratio.toFixed(2)}× (p95 ${(ms.site.p95 / ms.puck.p95).toFixed(2)}×)   aim ≤ ${REAL_PAGE_AIM.toFixed(2)}×   ${ratio <= REAL_PAGE_AIM ? 'meets' : 'MISSES'}`,
  ];
}
