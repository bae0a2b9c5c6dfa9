/**
 * The load bench's mixed mode (`--long-queries`): pages, leads and stock searches for a run,
 * then the same with long search queries sent alongside, and the p99s of both runs compared.
 */
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { leadScenario, startLeadServer } from './leads.ts';
import { DURATION, SITE, summary } from './runs.ts';

/** The stock search the mixed (--long-queries) mode sends alongside pages and leads. */
const STOCK_SEARCH = JSON.stringify({
  requests: [
    {
      indexName: 'Car_production',
      params:
        'hitsPerPage=21&facets=%5B%22make%22%2C%22model%22%2C%22simple_body%22%2C%22simple_fuel%22%2C%22simple_transmission%22%2C%22state%22%5D&filters=listing_state%3Aavailable%20AND%20show_on_dealer_website%3Atrue',
    },
  ],
});

/** A 10 kB query of random words: different every time, so neither the result cache nor a repeated word helps. */
function longQuery(): string {
  let q = '';
  while (q.length < 10_240) q += `${Math.random().toString(36).slice(2, 10)} `;
  return q.slice(0, 10_240);
}

/** Random words of about `bytes` bytes; the largest query Algolia accepts is 512 bytes. */
function randomWords(bytes: number, wordLength: number): string {
  let q = '';
  while (q.length < bytes)
    q += `${Math.random()
      .toString(36)
      .slice(2, 2 + wordLength)} `;
  return q.slice(0, bytes).trim();
}

// Each request gets its own headers object: autocannon writes Content-Length into the one it is given, and a GET carrying a POST's would hang.
const multiQuery = (request: Record<string, unknown>) => ({
  path: '/1/indexes/*/queries',
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ requests: [{ indexName: 'Car_production', ...request }] }),
});

/**
 * The shapes the attack takes in turn: the 10 kB query by multi-query, by a `params` string
 * and by GET, a 10 kB facet query, the largest query accepted (512 bytes of one-, two- and
 * three-letter words: each a prefix of many words, with typos), and an attribute list of
 * 20,000 names on a page of 1,000 hits. All but the 512-byte queries are refused with a 400;
 * those are answered, within the search's work budget.
 */
const LONG_SHAPES: ((url: string) => {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
})[] = [
  () => multiQuery({ query: longQuery(), hitsPerPage: 21 }),
  () => multiQuery({ params: `query=${encodeURIComponent(longQuery())}&hitsPerPage=21` }),
  () => ({
    path: `/1/indexes/Car_production?query=${encodeURIComponent(longQuery())}`,
    method: 'GET',
    headers: {},
  }),
  () => multiQuery({ type: 'facet', facet: 'make', facetQuery: longQuery() }),
  () =>
    multiQuery({
      query: randomWords(512, 1 + Math.floor(Math.random() * 3)),
      hitsPerPage: 21,
      facets: ['*'],
    }),
  () =>
    multiQuery({
      query: '',
      hitsPerPage: 1000,
      attributesToRetrieve: Array.from({ length: 20_000 }, (_, i) => `no.such.${i}`),
    }),
  ...(process.argv.includes('--heavy') ? [heaviestSearch] : []),
];

/**
 * `--heavy` adds the most work one accepted request may ask for: 50 queries of one letter
 * (a prefix of most words), 1,000 hits each, every attribute highlighted, every facet with
 * 1,000 values; an ignored parameter differs each time, so no cache answers it. The work
 * budget stops it at 300 ms, but a stream of them still holds pages and leads for that long
 * each (docs/security.md, "Search": what is not yet promised).
 */
export function heaviestSearch() {
  return {
    path: '/1/indexes/*/queries',
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requests: Array.from({ length: 50 }, (_, i) => ({
        indexName: 'Car_production',
        query: 'abcdefghijklmnopqrstuvwxyz'[i % 26],
        hitsPerPage: 1000,
        attributesToHighlight: ['*'],
        facets: ['*'],
        maxValuesPerFacet: 1000,
        nonce: Math.random(),
      })),
    }),
  };
}

/** Pages, leads and stock searches at once for DURATION s, with 10 kB queries (or the given `shapes`) alongside or not. */
export async function mixedRun(
  url: string,
  nextIp: () => number,
  withLongQueries: boolean,
  shapes = LONG_SHAPES,
) {
  const json = { 'content-type': 'application/json' };
  const runs = [
    autocannon({ connections: 4, duration: DURATION, url: `${url}/sites/${SITE}/` }),
    autocannon({ connections: 4, duration: DURATION, ...leadScenario(url, nextIp) }),
    autocannon({
      connections: 2,
      duration: DURATION,
      url: `${url}/1/indexes/*/queries`,
      method: 'POST',
      headers: json,
      body: STOCK_SEARCH,
    }),
  ];
  if (withLongQueries) {
    let turn = 0;
    const attack: autocannon.Options = {
      connections: 4,
      duration: DURATION,
      url: `${url}/1/indexes/*/queries`,
      method: 'POST',
      headers: json,
      requests: [{ setupRequest: (req) => ({ ...req, ...shapes[turn++ % shapes.length](url) }) }],
    };
    runs.push(autocannon(attack));
  }
  const [pages, leads, search, long] = await Promise.all(runs);
  return {
    pages: summary('pages', pages),
    leads: summary('leads', leads),
    search: summary('search', search),
    long: long && { ...summary('10 kB queries', long), refused: long['4xx'] },
  };
}
export async function runLongQueries(): Promise<string> {
  const { sitesDir, server } = await startLeadServer();
  let ip = 0;
  const nextIp = () => ++ip;
  try {
    const quiet = await mixedRun(server.url, nextIp, false);
    const attacked = await mixedRun(server.url, nextIp, true);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);
    const pageRatio = ratio(attacked.pages.p99, quiet.pages.p99);
    const leadRatio = ratio(attacked.leads.p99, quiet.leads.p99);
    const row = (name: string, q: number, a: number, r: number) =>
      `${name.padEnd(8)} p99 ${String(q).padStart(5)} ms without, ${String(a).padStart(5)} ms with long queries   ${r.toFixed(2)}×`;
    const held = pageRatio <= 2 && leadRatio <= 2;
    return [
      `autocannon, ${DURATION} s per run, loopback: pages (4 connections), leads (4), stock searches (2); then the same plus long queries (4)`,
      row('pages', quiet.pages.p99, attacked.pages.p99, pageRatio),
      row('leads', quiet.leads.p99, attacked.leads.p99, leadRatio),
      `long queries (${LONG_SHAPES.length} shapes in turn: 10 kB query by POST, params and GET, 10 kB facet query, 512-byte query of short words, 20,000 attribute names): ${attacked.long!.total} sent, ${attacked.long!.refused} refused with a 4xx; errors on pages/leads/searches: ${quiet.pages.errors + quiet.leads.errors + quiet.search.errors} without, ${attacked.pages.errors + attacked.leads.errors + attacked.search.errors} with`,
      held
        ? 'both p99s within 2× of the run without long queries'
        : 'OVER 2×: long queries slow pages or leads down',
    ].join('\n');
  } finally {
    await server.stop();
    rmSync(sitesDir, { recursive: true, force: true });
  }
}
