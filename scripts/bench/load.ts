/**
 * Bounded load test against a local production server (loopback only, ~10 s per
 * scenario, 30 s in all): the search endpoint, a page render and lead submission.
 * Prints requests per second and p99, and checks nothing failed and no lead was lost:
 * leads stored in SQLite = lead submissions answered with success.
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

function summary(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: r.requests.average, p99: r.latency.p99, total: r.requests.total, ok: r['2xx'], errors };
}

export async function run(): Promise<string> {
  // The lead scenario posts to a copy of the sites with the captcha off (a load test can't solve one per request).
  const sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-load-sites-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  const file = join(sitesDir, `${SITE}.json`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.features = { ...doc.features, captcha: false };
  writeFileSync(file, JSON.stringify(doc));
  // Each lead comes from its own X-Forwarded-For address (the rate limit is per client), so the proxy header is trusted here.
  const server = await startBenchServer({ FORECOURT_SITES_DIR: sitesDir, FORECOURT_TRUST_PROXY: 'loopback' });
  const results: ReturnType<typeof summary>[] = [];
  let leadIp = 0;
  try {
    const scenarios: Scenario[] = [
      {
        name: 'search (stock filter + 6 facets)',
        opts: {
          url: `${server.url}/1/indexes/*/queries`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            requests: [
              {
                indexName: 'Car_production',
                params: 'hitsPerPage=21&facets=%5B%22make%22%2C%22model%22%2C%22simple_body%22%2C%22simple_fuel%22%2C%22simple_transmission%22%2C%22state%22%5D&filters=listing_state%3Aavailable%20AND%20show_on_dealer_website%3Atrue',
              },
            ],
          }),
        },
      },
      { name: 'page render (home, SSR)', opts: { url: `${server.url}/sites/${SITE}/` } },
      {
        name: 'lead submission',
        opts: {
          url: `${server.url}/api/leads`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Each request is a new visitor (own submission id and address, so the per-client limit is per visitor).
          requests: [
            {
              setupRequest: (req) => {
                leadIp++;
                return {
                  ...req,
                  headers: { ...req.headers, 'x-forwarded-for': `10.${(leadIp >> 16) & 255}.${(leadIp >> 8) & 255}.${leadIp & 255}` },
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
        },
      },
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
