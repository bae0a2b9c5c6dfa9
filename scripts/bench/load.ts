/**
 * Bounded load test against a local production server (loopback only, 10 connections,
 * 10 s per run, about two minutes in all), printing requests per second and p99 of:
 *  - search, as a site's search page sends it (load/search-mix.ts): a few bodies repeated,
 *    which the engine's result cache answers, and thousands of different ones, which it
 *    never does, reported apart;
 *  - home, search and car pages from the render cache, in short runs alternating with the
 *    peer, a static file from the same server (the median of the rounds' ratios), and for
 *    reference each rendered (a query of its own per request); the aim is search and car
 *    pages within 2× the static file's throughput (docs/deploy.md, "Caching");
 *  - lead submissions, checking none was lost: leads stored in SQLite = submissions sent.
 *
 * `npm run bench -- load --long-queries` runs the mixed mode instead: pages, leads and
 * ordinary searches together for 10 s, then the same with long search queries sent
 * alongside (six shapes in turn, each one different so no cache answers it: LONG_SHAPES),
 * and prints the p99 of pages and
 * leads in both runs and their ratio. The promise (docs/security.md, "Search") is that the
 * long queries keep both p99s within 2× of the run without them.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, tmpdir } from 'node:os';
import { startBenchServer } from './serve.ts';
import { RESULT_CACHE_SIZE } from '../../engine/search/cache.ts';
import { searchHeaders, searchMix } from './load/search-mix.ts';
import {
  BROWSER_HEADERS,
  cachedRun,
  pageKinds,
  renderedRun,
  sizeOf,
  staticPeer,
  warmCache,
} from './load/pages.ts';

const root = join(import.meta.dirname, '../..');
const SITE = 'kiwi-car-yard';
const DURATION = 10;
/** A fixed number of connections for every run, so figures compare. */
const CONNECTIONS = 10;
/** Different search bodies sent once each in turn (the engine's result cache holds RESULT_CACHE_SIZE requests). */
const VARIED_SEARCHES = 3000;
/** Alternating short runs of the static file and of a kind of page. */
const ROUNDS = 3;
/** Search and car pages served within this factor of a static file's throughput (docs/deploy.md, "Caching"). */
const PAGE_AIM = 2;

interface Scenario {
  name: string;
  opts: autocannon.Options;
}

const LONG_QUERIES = process.argv.includes('--long-queries');

function summary(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    total: r.requests.total,
    ok: r['2xx'],
    errors,
  };
}

/** Lead submissions, each from a new visitor (own submission id and X-Forwarded-For address: the rate limit is per client). */
function leadScenario(url: string, nextIp: () => number): autocannon.Options {
  return {
    url: `${url}/api/leads`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const ip = nextIp();
          return {
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            },
            body: JSON.stringify({
              site: SITE,
              submission_id: randomUUID(),
              isLastStep: true,
              source: 'Website',
              name: 'Load Test',
              email: 'load@example.com',
              phone: '021 555 0100',
              message: 'Is this car still available?',
              category: 'General Enquiry',
            }),
          };
        },
      },
    ],
  };
}

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
function heaviestSearch() {
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

/** Pages, leads and stock searches at once for DURATION s, with 10 kB queries alongside or not. */
async function mixedRun(url: string, nextIp: () => number, withLongQueries: boolean) {
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
      requests: [
        { setupRequest: (req) => ({ ...req, ...LONG_SHAPES[turn++ % LONG_SHAPES.length](url) }) },
      ],
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

async function runLongQueries(): Promise<string> {
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

/** A production server over a copy of the sites with the lead site's captcha off (a load test can't solve one per request). */
async function startLeadServer() {
  const sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-load-sites-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  const file = join(sitesDir, `${SITE}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.features = { ...doc.features, captcha: false };
  writeFileSync(file, JSON.stringify(doc));
  // Each lead comes from its own X-Forwarded-For address (the rate limit is per client), so the proxy header is trusted here.
  const server = await startBenchServer({
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_TRUST_PROXY: 'loopback',
  });
  return { sitesDir, server };
}

type Summary = ReturnType<typeof summary>;
const DURATION_NOTE = `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, loopback`;
const row = (name: string, r: Summary, note = '') =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   ${String(r.errors).padStart(3)} errors${note ? `   ${note}` : ''}`;
const measure = async (name: string, opts: autocannon.Options) =>
  summary(name, await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }));

/** Search: the same few bodies again and again (the engine's result cache answers), then a different body each time (it never does). */
async function searchRuns(base: string): Promise<string[]> {
  const bodies = await searchMix(base, SITE, VARIED_SEARCHES);
  const path = '/1/indexes/*/queries';
  const headers = searchHeaders(SITE);
  // The result cache keeps each request of a body: the repeated bodies hold at most as many requests as it does.
  const repeated: string[] = [];
  let held = 0;
  for (const body of bodies) {
    const requests = (JSON.parse(body) as { requests: unknown[] }).requests.length;
    if (held + requests > RESULT_CACHE_SIZE) break;
    repeated.push(body);
    held += requests;
  }
  const hits = await measure('hits', {
    url: base,
    method: 'POST',
    headers,
    requests: repeated.map((body) => ({ method: 'POST', path, headers, body })),
  });
  let n = 0;
  const misses = await measure('misses', {
    url: base,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: 'POST',
          path,
          headers,
          body: bodies[n++ % bodies.length],
        }),
      },
    ],
  });
  return [
    row(`search, ${repeated.length} bodies repeated (cache hits)`, hits),
    row(
      `search, ${bodies.length} varied bodies (cache misses)`,
      misses,
      `${(misses.rps / hits.rps).toFixed(2)}× the hits' throughput`,
    ),
  ];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Home, search and car pages from the render cache, each beside the static file: ROUNDS
 * short runs of the static file and of the pages in turn, so both see the same machine
 * (others' work on it changes by the second); the ratio is the median of the rounds'. Then
 * the same pages each rendered, for reference.
 */
async function pageRuns(base: string): Promise<string[]> {
  const kinds = await pageKinds(base, SITE);
  const peer = await staticPeer(base, SITE);
  const short = (opts: autocannon.Options) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION / 2, ...opts }).then((r) =>
      summary('', r),
    );
  const lines = [
    `static file ${peer} (the peer): ${await sizeOf(base, peer)}; ${ROUNDS} rounds of ${DURATION / 2} s static, ${DURATION / 2} s pages per kind`,
  ];
  for (const { kind, paths } of kinds) {
    const share = await warmCache(base, paths);
    const rounds: { page: Summary; peer: Summary }[] = [];
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({
        peer: await short({ url: base + peer, headers: BROWSER_HEADERS }),
        page: await short(cachedRun(base, paths)),
      });
    const rendered = await measure(kind, renderedRun(base, paths));
    const ratio = median(rounds.map((r) => r.peer.rps / r.page.rps));
    const cached = {
      ...rounds[0].page,
      rps: median(rounds.map((r) => r.page.rps)),
      p99: median(rounds.map((r) => r.page.p99)),
      errors: rounds.reduce((n, r) => n + r.page.errors, 0),
    };
    const peerRps = median(rounds.map((r) => r.peer.rps));
    const aim =
      kind === 'home'
        ? '(no aim)'
        : `aim ≤ ${PAGE_AIM}× → ${ratio <= PAGE_AIM ? 'meets' : 'MISSES'}`;
    lines.push(
      row(
        `${kind} pages (${paths.length}), render cache`,
        cached,
        `static file ${peerRps.toFixed(0)} req/s: ${ratio.toFixed(2)}× this, ${aim}; ${await sizeOf(base, paths[0])}`,
      ),
    );
    lines.push(
      row(
        `${kind} pages, each rendered (reference)`,
        rendered,
        `the cache ${(cached.rps / rendered.rps).toFixed(1)}× this; ${share.hits}/${share.of} warmed addresses were cache hits`,
      ),
    );
  }
  return lines;
}

export async function run(): Promise<string> {
  if (LONG_QUERIES) return runLongQueries();
  const { sitesDir, server } = await startLeadServer();
  const load = loadavg()[0];
  let lines: string[];
  let leads: Summary;
  let leadIp = 0;
  let stored: number;
  try {
    lines = [...(await searchRuns(server.url)), ...(await pageRuns(server.url))];
    leads = await measure(
      'lead submission',
      leadScenario(server.url, () => ++leadIp),
    );
    // Read while the server runs (stopping it removes its data folder); SQLite's WAL lets a reader see every committed lead.
    const db = new Database(join(server.dataDir, 'forecourt.db'), { readonly: true });
    stored = (
      db.prepare('SELECT count(*) AS n FROM leads WHERE site = ?').get(SITE) as { n: number }
    ).n;
    db.close();
  } finally {
    await server.stop();
    rmSync(sitesDir, { recursive: true, force: true });
  }
  // Requests built: sent, or built just as the clock stopped and never sent (at most one per connection).
  const sent = leadIp;
  // None lost: every submission answered with success is stored; none doubled: no more stored than built.
  const held = stored >= leads.ok && stored <= sent;
  return [
    `${DURATION_NOTE}; pages and the static file asked as a browser asks (Accept-Encoding: br, gzip); load average ${load.toFixed(1)} at the start (${cpus().length} CPUs)`,
    ...lines,
    row('lead submission', leads),
    `lead submissions built: ${sent}, answered with success: ${leads.ok}; leads stored: ${stored} → ${held ? 'none lost, none doubled' : 'MISMATCH'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
