/**
 * Bounded load test against a local production server (loopback only, ~10 s per
 * scenario, 30 s in all): the search endpoint, a page render and lead submission.
 * Prints requests per second and p99, and checks nothing failed and no lead was lost:
 * leads stored in SQLite = lead submissions answered with success.
 *
 * `npm run bench -- load --long-queries` runs the mixed mode instead: pages, leads and
 * ordinary searches together for 10 s, then the same with 10 kB search queries sent
 * alongside (each one different, so no cache answers it), and prints the p99 of pages and
 * leads in both runs and their ratio. The promise (docs/security.md, "Search") is that the
 * long queries keep both p99s within 2× of the run without them.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startBenchServer } from './serve.ts';

const root = join(import.meta.dirname, '../..');
const SITE = 'kiwi-car-yard';
const DURATION = 10;

interface Scenario {
  name: string;
  opts: autocannon.Options;
}

const LONG_QUERIES = process.argv.includes('--long-queries');

function summary(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: r.requests.average, p99: r.latency.p99, total: r.requests.total, ok: r['2xx'], errors };
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
            headers: { ...req.headers, 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
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

const STOCK_SEARCH = JSON.stringify({
  requests: [
    {
      indexName: 'Car_production',
      params: 'hitsPerPage=21&facets=%5B%22make%22%2C%22model%22%2C%22simple_body%22%2C%22simple_fuel%22%2C%22simple_transmission%22%2C%22state%22%5D&filters=listing_state%3Aavailable%20AND%20show_on_dealer_website%3Atrue',
    },
  ],
});

/** A 10 kB query of random words: different every time, so neither the result cache nor a repeated word helps. */
function longQuery(): string {
  let q = '';
  while (q.length < 10_240) q += `${Math.random().toString(36).slice(2, 10)} `;
  return q.slice(0, 10_240);
}

/** Pages, leads and stock searches at once for DURATION s, with 10 kB queries alongside or not. */
async function mixedRun(url: string, nextIp: () => number, withLongQueries: boolean) {
  const json = { 'content-type': 'application/json' };
  const runs = [
    autocannon({ connections: 4, duration: DURATION, url: `${url}/sites/${SITE}/` }),
    autocannon({ connections: 4, duration: DURATION, ...leadScenario(url, nextIp) }),
    autocannon({ connections: 2, duration: DURATION, url: `${url}/1/indexes/*/queries`, method: 'POST', headers: json, body: STOCK_SEARCH }),
  ];
  if (withLongQueries) {
    const attack: autocannon.Options = {
      connections: 4,
      duration: DURATION,
      url: `${url}/1/indexes/*/queries`,
      method: 'POST',
      headers: json,
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ requests: [{ indexName: 'Car_production', query: longQuery(), hitsPerPage: 21 }] }) }) }],
    };
    runs.push(autocannon(attack));
  }
  const [pages, leads, search, long] = await Promise.all(runs);
  return { pages: summary('pages', pages), leads: summary('leads', leads), search: summary('search', search), long: long && { ...summary('10 kB queries', long), refused: long['4xx'] } };
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
      `${name.padEnd(8)} p99 ${String(q).padStart(5)} ms without, ${String(a).padStart(5)} ms with 10 kB queries   ${r.toFixed(2)}×`;
    const held = pageRatio <= 2 && leadRatio <= 2;
    return [
      `autocannon, ${DURATION} s per run, loopback: pages (4 connections), leads (4), stock searches (2); then the same plus 10 kB queries (4)`,
      row('pages', quiet.pages.p99, attacked.pages.p99, pageRatio),
      row('leads', quiet.leads.p99, attacked.leads.p99, leadRatio),
      `10 kB queries: ${attacked.long!.total} sent, ${attacked.long!.refused} refused with a 4xx; errors on pages/leads/searches: ${quiet.pages.errors + quiet.leads.errors + quiet.search.errors} without, ${attacked.pages.errors + attacked.leads.errors + attacked.search.errors} with`,
      held ? 'both p99s within 2× of the run without long queries' : 'OVER 2×: long queries slow pages or leads down',
    ].join('\n');
  } finally {
    server.stop();
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
  const server = await startBenchServer({ FORECOURT_SITES_DIR: sitesDir, FORECOURT_TRUST_PROXY: 'loopback' });
  return { sitesDir, server };
}

export async function run(): Promise<string> {
  if (LONG_QUERIES) return runLongQueries();
  const { sitesDir, server } = await startLeadServer();
  const results: ReturnType<typeof summary>[] = [];
  let leadIp = 0;
  try {
    const scenarios: Scenario[] = [
      {
        name: 'search (stock filter + 6 facets)',
        opts: { url: `${server.url}/1/indexes/*/queries`, method: 'POST', headers: { 'content-type': 'application/json' }, body: STOCK_SEARCH },
      },
      { name: 'page render (home, SSR)', opts: { url: `${server.url}/sites/${SITE}/` } },
      { name: 'lead submission', opts: leadScenario(server.url, () => ++leadIp) },
    ];
    for (const s of scenarios) {
      const result = await autocannon({ connections: 10, duration: DURATION, ...s.opts });
      results.push(summary(s.name, result));
    }
  } finally {
    server.stop();
  }
  const db = new Database(join(server.dataDir, 'forecourt.db'), { readonly: true });
  const stored = (db.prepare('SELECT count(*) AS n FROM leads WHERE site = ?').get(SITE) as { n: number }).n;
  db.close();
  rmSync(sitesDir, { recursive: true, force: true });
  // Every lead request built was sent (requests still in flight when the clock stopped included).
  const sent = leadIp;
  const lines = results.map(
    (r) => `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   ${r.total} requests, ${r.errors} errors`,
  );
  return [
    `autocannon, 10 connections, ${DURATION} s per scenario, loopback`,
    ...lines,
    `lead submissions sent: ${sent} (${results[2]?.ok ?? 0} answered within the window); leads stored: ${stored} → ${stored === sent ? 'none lost, none doubled' : 'MISMATCH'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
