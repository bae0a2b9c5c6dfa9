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
 * alongside (six shapes in turn, each one different so no cache answers it: LONG_SHAPES in load/long-queries.ts),
 * and prints the p99 of pages and
 * leads in both runs and their ratio. The promise (docs/security.md, "Search") is that the
 * long queries keep both p99s within 2× of the run without them.
 *
 * `npm run bench -- load --heavy` runs the mixed mode beside a stream of the heaviest accepted
 * searches, on a server searching on its own thread and on one with search workers, and prints
 * page and lead p99 against the clean run's, and memory per worker (load/heavy.ts).
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
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
import { leadScenario, startLeadServer } from './load/leads.ts';
import { runLongQueries } from './load/long-queries.ts';
import { runHeavy } from './load/heavy.ts';
import { CONNECTIONS, DURATION, measure, row, SITE, summary, type Summary } from './load/runs.ts';

/** Different search bodies sent once each in turn (the engine's result cache holds RESULT_CACHE_SIZE requests). */
const VARIED_SEARCHES = 3000;
/** Alternating short runs of the static file and of a kind of page. */
const ROUNDS = 3;
/** Search and car pages served within this factor of a static file's throughput (docs/deploy.md, "Caching"). */
const PAGE_AIM = 2;

const LONG_QUERIES = process.argv.includes('--long-queries');
const DURATION_NOTE = `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, loopback`;

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
  if (process.argv.includes('--heavy')) return runHeavy();
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
