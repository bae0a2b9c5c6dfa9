/**
 * The platform as one process (docs/deploy.md, "Memory and start-up"): the server started
 * the way `npm start` runs it (production build, the server compiled ahead), with the
 * demo's 20,000 cars, then with N more sites generated from the starter templates.
 *
 * - memory after start (resident set once the server's warm-up has made every site's stock,
 *   then a short settle), beside a bare Express app's, the peer; aim ≤ 250 MB;
 * - first response: spawn to the first 200 of a dealer page; aim ≤ 1.5 s (the peer's beside it);
 * - peak memory under a short mixed load (pages of all demo sites, car pages, varied
 *   searches); aim ≤ 1.5× the memory after start;
 * - many sites (`--sites=10,100,1000`, the default): start-up, memory, memory per added
 *   site against the demo alone, and p95 page latency over all generated sites, each
 *   asked for by its own host name; aims ≤ 5 s start-up at 1,000 sites and ≤ 1 MB per site.
 *
 * `npm run bench -- platform [--sites=10,100]`. Timings on a busy machine are pessimistic:
 * the load average is printed beside them.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';
import { someCarSlug } from './serve.ts';
import {
  buildOnce,
  settledMemory,
  startBareExpress,
  startPlatform,
  warmedMemory,
} from './platform/process.ts';
import { mixedLoad, spreadLatency } from './platform/load.ts';
import { benchHost, sitesFolderWith } from './platform/generate-sites.ts';

const root = join(import.meta.dirname, '../..');
export const AIMS = {
  rssMb: 250,
  firstMs: 1500,
  peakRatio: 1.5,
  startupMsAt1000: 5000,
  mbPerSite: 1,
};
const DEFAULT_COUNTS = [10, 100, 1000];
const FIRST_PAGE = '/sites/kiwi-car-yard/';

function siteCounts(): number[] {
  const arg = process.argv.find((a) => a.startsWith('--sites='));
  const counts = arg
    ? arg
        .slice('--sites='.length)
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];
  return counts.length ? counts : DEFAULT_COUNTS;
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
const mb = (n: number) => `${n.toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

interface SitesRow {
  sites: number;
  startupMs: number;
  /** From the first 200 until every site's stock was made (the server's warm-up). */
  warmMs: number;
  rss: number;
  perSite: number;
  p95: number;
  failures: number;
}

/** The demo sites alone: memory after start, first response, and the peak under a mixed load. */
async function demoServer(dist: string) {
  const server = await startPlatform(dist, join(root, 'sites'), FIRST_PAGE);
  try {
    const after = await warmedMemory(server);
    const base = `http://127.0.0.1:${server.port}`;
    const carPaths: string[] = [];
    for (const site of ['kiwi-car-yard', 'gold-coast-ford']) {
      const dealer = (
        JSON.parse(readFileSync(join(root, 'sites', `${site}.json`), 'utf8')) as {
          dealerships: { slug: string }[];
        }
      ).dealerships[0].slug;
      const slug = await someCarSlug(
        base,
        `dealership_slug:${dealer} AND listing_state:available`,
        site,
      );
      if (slug) carPaths.push(`/sites/${site}/cars/${slug}`);
    }
    const mixed = await mixedLoad(server.port, server.proc.pid!, carPaths);
    return {
      firstMs: server.firstMs,
      warmMs: after.warmMs,
      rss: after.rss,
      startPeak: after.peak,
      mixed,
      load: load(),
    };
  } finally {
    await server.stop();
  }
}

/** N generated sites beside the demo: start-up to a generated site's first 200, memory, and p95 over all of them. */
async function manySites(dist: string, count: number, demoRss: number): Promise<SitesRow> {
  const sitesDir = sitesFolderWith(join(root, 'sites'), count);
  try {
    const server = await startPlatform(dist, sitesDir, '/', benchHost(count - 1));
    try {
      const after = await warmedMemory(server);
      const hosts = Array.from({ length: count }, (_, n) => benchHost(n));
      const spread = await spreadLatency(server.port, hosts);
      return {
        sites: count,
        startupMs: server.firstMs,
        warmMs: after.warmMs,
        rss: after.rss,
        perSite: (after.rss - demoRss) / count,
        p95: spread.p95,
        failures: spread.failures,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(sitesDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<string> {
  const build = buildOnce();
  try {
    const peer = await startBareExpress();
    const peerMem = await settledMemory(peer.proc.pid!);
    const peerFirst = peer.firstMs;
    await peer.stop();

    const demo = await demoServer(build.dist);
    const rows: SitesRow[] = [];
    const failed: string[] = [];
    for (const count of siteCounts()) {
      try {
        rows.push(await manySites(build.dist, count, demo.rss));
      } catch (err) {
        failed.push(
          `${count} sites: FAILED to start: ${String((err as Error).message)
            .split('\n')
            .slice(0, 8)
            .join(' | ')}`,
        );
      }
    }

    const peakRatio = demo.mixed.peakRss / demo.rss;
    const lines = [
      `one server as \`npm start\` runs it (production build, node dist/node/server.js), 4 demo sites, 20,000 cars; ${demo.load}`,
      `${'RSS after start (stock all made)'.padEnd(34)} ${mb(demo.rss).padStart(8)}   aim ≤ ${AIMS.rssMb} MB        bare Express ${mb(peerMem.rss)} (${(demo.rss / peerMem.rss).toFixed(1)}×)   ${verdict(demo.rss <= AIMS.rssMb)}`,
      `${'first response after spawn'.padEnd(34)} ${secs(demo.firstMs).padStart(8)}   aim ≤ ${secs(AIMS.firstMs)}       bare Express ${secs(peerFirst)}   ${verdict(demo.firstMs <= AIMS.firstMs)}`,
      `${'every site’s stock made after'.padEnd(34)} ${secs(demo.firstMs + demo.warmMs).padStart(8)}   (no aim: the server answers meanwhile)`,
      `${'peak RSS, 10 s mixed load'.padEnd(34)} ${mb(demo.mixed.peakRss).padStart(8)}   aim ≤ ${AIMS.peakRatio}× after start   ${peakRatio.toFixed(2)}× (start-up peak ${mb(demo.startPeak)}; ${demo.mixed.requests} requests, ${demo.mixed.errors} errors)   ${verdict(peakRatio <= AIMS.peakRatio)}`,
      '',
      `many sites: N generated from the starter templates beside the demo, each with its own host name and dealership stock; ${load()}`,
      `${'sites'.padStart(6)} ${'start-up'.padStart(9)} ${'all stock'.padStart(10)} ${'RSS'.padStart(8)} ${'per site vs demo'.padStart(17)} ${'p95 page'.padStart(9)}`,
      ...rows.map(
        (r) =>
          `${String(r.sites).padStart(6)} ${secs(r.startupMs).padStart(9)} ${secs(r.startupMs + r.warmMs).padStart(10)} ${mb(r.rss).padStart(8)} ${`${r.perSite.toFixed(2)} MB`.padStart(17)} ${`${r.p95.toFixed(0)} ms`.padStart(9)}${r.failures ? `   ${r.failures} answers not 200` : ''}`,
      ),
    ];
    lines.push(...failed);
    const largest = rows[rows.length - 1];
    if (largest) {
      const startupAim =
        largest.sites >= 1000
          ? `start-up at ${largest.sites} sites ${secs(largest.startupMs)}, aim ≤ ${secs(AIMS.startupMsAt1000)} at 1,000: ${verdict(largest.startupMs <= AIMS.startupMsAt1000)}`
          : `start-up aim (≤ ${secs(AIMS.startupMsAt1000)}) is at 1,000 sites: not measured`;
      lines.push(startupAim);
      // Between the fewest and the most sites measured: the demo's own memory and the noise of one reading cancel out.
      const fewest = rows[0];
      const slope =
        rows.length > 1
          ? (largest.rss - fewest.rss) / (largest.sites - fewest.sites)
          : largest.perSite;
      const span =
        rows.length > 1
          ? `from ${fewest.sites} to ${largest.sites} sites`
          : `at ${largest.sites} sites against the demo alone`;
      lines.push(
        `memory per added site ${span}: ${slope.toFixed(2)} MB, aim ≤ ${AIMS.mbPerSite} MB: ${verdict(slope <= AIMS.mbPerSite)}`,
      );
    }
    return lines.join('\n');
  } finally {
    build.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
