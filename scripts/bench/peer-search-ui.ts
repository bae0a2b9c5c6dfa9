/**
 * The search UI against its peer (docs/search-ui.md, "The peer"): every demo site's search
 * page and a plain react-instantsearch page (peer-search-ui/main.tsx: SearchBox,
 * RefinementList, RangeInput, Hits, Pagination) on the same engine and the same stock, each
 * loaded in Chromium and used as a buyer starts to (a typed word, a ticked filter:
 * js-after-use.ts), its scripts weighed gzipped. Prints each page's JavaScript at load and
 * after use beside the peer's, the ratio and the aim: at most 1.1× the peer after use.
 *
 *   npm run bench -- peer-search-ui [--dist=.data/dist-x]   (--dist: serve that build, not a new one)
 */
import type { Browser } from 'playwright-core';
import { launch } from '../../tests/browser/chromium.ts';
import { readSite } from '../../tests/unit/helpers.ts';
import { CAR_INDEX } from '../../engine/search/car-index.ts';
import { siteSearchKey } from '../../engine/search/public-access.ts';
import { measureJsAfterUse, type JsAfterUse, type UseOptions } from './js-after-use.ts';
import { startPeerPage } from './peer-search-ui/build.ts';
import { benchServerFromArgs, stockReady } from './serve.ts';

export const PEER_RATIO_AIM = 1.1;
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const SEARCH_PATH = '/search/new-used-and-demo-cars';
/** The peer's widgets, as react-instantsearch names them. */
const PEER_USE: UseOptions = {
  searchBox: '.ais-SearchBox-input',
  filterBox: '.ais-RefinementList-checkbox',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function weighed(browser: Browser, url: string, use?: UseOptions): Promise<JsAfterUse> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    return await measureJsAfterUse(await context.newPage(), url, use);
  } finally {
    await context.close();
  }
}

export async function run(): Promise<string> {
  const server = await benchServerFromArgs();
  const peers = [await startPeerPage(), await startPeerPage({ trimmed: true })];
  const browser = await launch();
  try {
    const lines: string[] = [];
    await stockReady(server.url, SITES[0]);
    const query = new URLSearchParams({
      host: server.url,
      key: siteSearchKey(SITES[0]),
      index: readSite(SITES[0]).search?.index ?? CAR_INDEX,
    });
    let peerAfter = 0;
    for (const [i, peer] of peers.entries()) {
      const figures = await weighed(browser, `${peer.url}?${query}`, PEER_USE);
      if (!figures.steps.includes('ticked a filter'))
        throw new Error(`the peer page was not used as a buyer would: ${figures.steps.join(', ')}`);
      const name = i ? "peer, with the dealer build's library trims" : 'peer, Vite defaults';
      lines.push(
        `${name.padEnd(56)} at load ${kb(figures.loadBytes)}   after use ${kb(figures.afterBytes)}`,
      );
      // The aim is against the trimmed peer (the last): the pages then differ only by their own code.
      peerAfter = figures.afterBytes;
    }
    lines.push(
      `aim: ≤ ${kb(peerAfter * PEER_RATIO_AIM)} after use, ${PEER_RATIO_AIM}× the trimmed peer`,
    );
    for (const slug of SITES) {
      const url = `${server.url}/sites/${slug}${SEARCH_PATH}`;
      if ((await fetch(url)).status === 404) continue;
      const page = await weighed(browser, url);
      const ratio = page.afterBytes / peerAfter;
      lines.push(
        `${`${slug}${SEARCH_PATH}`.padEnd(56)} at load ${kb(page.loadBytes)}   after use ${kb(page.afterBytes)}   ${ratio.toFixed(2)}× the peer   ${ratio <= PEER_RATIO_AIM ? 'meets' : 'MISSES'}`,
      );
    }
    return lines.join('\n');
  } finally {
    await browser.close();
    for (const peer of peers) await peer.stop();
    await server.stop();
  }
}
