/**
 * Stock search on the demo inventory: the embedded engine against the strongest local peer
 * found on npm, @orama/orama, doing the same work in the same run (search-orama.ts).
 *
 *   npm run bench -- search     (env: BENCH_N=100 BENCH_WARMUP=20 BENCH_CARS=20000,
 *                                BENCH_BUILD_SIZES=20000,200000 BENCH_BUILD_RUNS=3; BENCH_BUILD_SIZES= skips builds)
 *
 *   (a) the default stock filter (preset 3), default order
 *   (b) the text query "ranger" (typo tolerant, prefix), lowest price first (Car_production_price_asc)
 *   (c) make Toyota + price 20,000–50,000, default order
 *   each with facet counts of make, model, simple_body, simple_fuel, simple_transmission and
 *   state (every value), min/max/sum of price, km and year over all hits, and the first 21 hits.
 *
 * Equal work: the engine runs with its result cache off and highlights its hits; Orama gets the
 * filtered attributes as enums and numbers, one typo for text, each order as a sort key, and
 * makes a stats pass over all its hits (it has no facet stats). The engine also counts the
 * price/km/year values (its stats come with facets, as on Algolia); Orama does not. Before
 * timing, both sides must agree on the hit count, the page (ids in order), every facet count
 * and the stats. Queries run in rotating order so neither side always runs first or right
 * after a GC. Then the index build of both, time and memory, at 20k and 200k cars, each in a
 * fresh process (search-build.ts). itemsjs 2.4.4 was tried and left out: over 100 ms for (a)
 * in a trial and no typo tolerance.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { loadInventory } from '../../demo/defaults.ts';
import { createCarSearchEngine, CAR_INDEX, CAR_REPLICAS } from '../../engine/search/car-index.ts';
import type { SearchEngine } from '../../engine/search/engine.ts';
import type { Budget } from '../../engine/search/limits.ts';
import { buildSiteFilter, soldCutoff } from '../../engine/search/site-filter.ts';
import { measureBuildApart, type BuildFigure, type BuildResult } from './search-build.ts';
import {
  answerDifferences,
  buildOrama,
  FACET_VALUES,
  FACETS,
  oramaQuery,
  STATS,
  type OramaQuery,
  type QueryOutcome,
  type Stat,
} from './search-orama.ts';

export type { QueryOutcome } from './search-orama.ts';

const HITS = 21;
/** Index build time may grow at most this much for 10× the cars (the engine's aim: linear in the stock). */
export const BUILD_GROWTH_AIM = 11;
const QUERY_P95_AIM_MS = 10;
/** The request time limit (limits.ts) is for visitors; on a loaded machine it would stop a measured query (Orama has none). */
const UNLIMITED: Budget = { check() {}, excuse() {} };

export interface BenchQuery {
  key: 'a' | 'b' | 'c';
  label: string;
  indexName: string;
  filters: string;
  query: string;
  orama: OramaQuery;
}

export async function prepareBench(count = 20000) {
  const root = join(import.meta.dirname, '../..');
  const now = Date.now();
  const cars = loadInventory(join(root, 'sites'), { count });
  const engine: SearchEngine = createCarSearchEngine(cars, { cacheSize: 0 });

  const cutoff = soldCutoff(now, 3);
  const stock = buildSiteFilter(
    { search: { preset: 3 }, features: { soldCutoffDays: 3 } },
    { now },
  );
  const stockWhere = { listed_until: { gt: cutoff }, show_on_dealer_website: true };
  const queries: BenchQuery[] = [
    {
      key: 'a',
      label: '(a) stock filter + facets + stats',
      indexName: CAR_INDEX,
      filters: stock,
      query: '',
      orama: { term: '', where: stockWhere, sort: 'default' },
    },
    {
      key: 'b',
      label: '(b) text "ranger", by price + same',
      indexName: CAR_REPLICAS.price_asc,
      filters: stock,
      query: 'ranger',
      orama: { term: 'ranger', where: stockWhere, sort: 'price_asc' },
    },
    {
      key: 'c',
      label: '(c) make + price range + same',
      indexName: CAR_INDEX,
      filters: `${stock} AND make:"Toyota" AND price:20000 TO 50000`,
      query: '',
      orama: {
        term: '',
        where: { ...stockWhere, make: { eq: 'Toyota' }, price: { between: [20000, 50000] } },
        sort: 'default',
      },
    },
  ];
  const db = await buildOrama(cars);

  const forecourt = (q: BenchQuery): QueryOutcome => {
    const params = {
      query: q.query,
      filters: q.filters,
      facets: [...FACETS, ...STATS],
      maxValuesPerFacet: FACET_VALUES,
      hitsPerPage: HITS,
    };
    const r = engine.search(q.indexName, params, { budget: UNLIMITED });
    const stats: Record<string, Stat | undefined> = {};
    for (const s of STATS) {
      const st = r.facets_stats?.[s];
      stats[s] = st && { min: st.min, max: st.max, sum: st.sum };
    }
    return {
      nbHits: r.nbHits,
      page: r.hits.map((h) => String(h.objectID)),
      facets: Object.fromEntries(FACETS.map((f) => [f, r.facets[f] ?? {}])),
      stats,
    };
  };
  const orama = (q: BenchQuery) => oramaQuery(db, q.orama, HITS);
  const oramaWithoutStats = (q: BenchQuery) => oramaQuery(db, q.orama, HITS, { stats: false });

  const oramaVersion = String(createRequire(import.meta.url)('@orama/orama/package.json').version);
  return { cars, engine, queries, forecourt, orama, oramaWithoutStats, oramaVersion };
}

interface Stats {
  median: number;
  p95: number;
  min: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), min: s[0] };
}

/** Both sides found the same cars and said the same about them (search-orama.ts, answerDifferences). */
export function sameAnswer(a: QueryOutcome, b: QueryOutcome): boolean {
  return answerDifferences(a, b).length === 0;
}

/** The aim's verdict word, so a reader sees at once. */
const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function medianFigure(list: BuildFigure[]): BuildFigure {
  return {
    ms: median(list.map((f) => f.ms)),
    cpuMs: median(list.map((f) => f.cpuMs)),
    mb: median(list.map((f) => f.mb)),
  };
}

/** Index build at each size (fresh processes, medians over runs) and the growth aim for the largest size against the smallest. */
export function buildReport(results: BuildResult[]): string[] {
  const sizes = [...new Set(results.map((r) => r.cars))].sort((a, b) => a - b);
  if (!sizes.length) return ['Index build: not measured (BENCH_BUILD_SIZES empty)'];
  const at = (cars: number) => {
    const runs = results.filter((r) => r.cars === cars);
    return {
      runs: runs.length,
      forecourt: medianFigure(runs.map((r) => r.forecourt)),
      orama: medianFigure(runs.map((r) => r.orama)),
    };
  };
  const fig = (f: BuildFigure) =>
    `${(f.ms / 1000).toFixed(2).padStart(7)} s${(f.cpuMs / 1000).toFixed(2).padStart(8)} s${f.mb.toFixed(0).padStart(7)} MB`;
  const lines = [
    `Index build (each in a fresh process; wall, CPU of all threads, memory held after GC):`,
  ];
  lines.push(
    `${'cars'.padStart(8)}  ${'engine'.padEnd(11)}${'wall'.padStart(9)}${'CPU'.padStart(10)}${'memory'.padStart(10)}`,
  );
  for (const cars of sizes) {
    const { runs, forecourt, orama } = at(cars);
    lines.push(
      `${String(cars).padStart(8)}  ${'forecourt'.padEnd(11)}${fig(forecourt)}   (median of ${runs})`,
    );
    lines.push(
      `${''.padStart(8)}  ${'orama'.padEnd(11)}${fig(orama)}   memory ratio ${(forecourt.mb / orama.mb).toFixed(2)}`,
    );
  }
  if (sizes.length > 1) {
    const small = at(sizes[0]);
    const large = at(sizes[sizes.length - 1]);
    const times = sizes[sizes.length - 1] / sizes[0];
    const growth = (side: 'forecourt' | 'orama', key: 'ms' | 'cpuMs' | 'mb') =>
      large[side][key] / small[side][key];
    const aim = (BUILD_GROWTH_AIM * times) / 10;
    for (const [key, name] of [
      ['ms', 'wall time'],
      ['cpuMs', 'CPU time'],
    ] as const) {
      lines.push(
        `build ${name} for ${times}× the cars: ${growth('forecourt', key).toFixed(1)}× (aim ≤ ${aim.toFixed(1)}×) ${verdict(growth('forecourt', key) <= aim)}; Orama ${growth('orama', key).toFixed(1)}×`,
      );
    }
    lines.push(
      `build memory for ${times}× the cars: ${growth('forecourt', 'mb').toFixed(1)}× (no aim of its own); Orama ${growth('orama', 'mb').toFixed(1)}×`,
    );
  }
  return lines;
}

export async function run(
  options: {
    cars?: number;
    iterations?: number;
    warmup?: number;
    buildSizes?: number[];
    buildRuns?: number;
  } = {},
): Promise<string> {
  const count = options.cars ?? Number(process.env.BENCH_CARS ?? 20000);
  const n = options.iterations ?? Number(process.env.BENCH_N ?? 100);
  const warmup = options.warmup ?? Number(process.env.BENCH_WARMUP ?? 20);
  const buildSizes =
    options.buildSizes ??
    (process.env.BENCH_BUILD_SIZES ?? '20000,200000').split(',').filter(Boolean).map(Number);
  const buildRuns = options.buildRuns ?? Number(process.env.BENCH_BUILD_RUNS ?? 3);
  const bench = await prepareBench(count);

  const checked: string[] = [];
  for (const q of bench.queries) {
    const differences = answerDifferences(bench.forecourt(q), await bench.orama(q));
    if (differences.length)
      throw new Error(`${q.key}: the engines disagree: ${differences.slice(0, 10).join('; ')}`);
    checked.push(`${q.key}: ${bench.forecourt(q).nbHits} hits`);
  }

  type Side = 'forecourt' | 'orama' | 'lighter';
  const samples: Record<string, number[]> = {};
  const sides: Side[] = ['forecourt', 'orama', 'lighter'];
  for (const q of bench.queries) for (const s of sides) samples[`${q.key}/${s}`] = [];
  const tasks = bench.queries.flatMap((q) => sides.map((side) => ({ q, side })));
  for (let i = 0; i < warmup + n; i++) {
    for (let k = 0; k < tasks.length; k++) {
      const { q, side } = tasks[(i + k) % tasks.length];
      // One query per turn of the event loop, as a server answers requests: V8 runs its
      // garbage collector's posted tasks between turns. Back to back in one turn, the work they
      // would have done fell inside later queries (text query p95 14.5 ms against 4.5 ms).
      await new Promise((next) => setImmediate(next));
      const t0 = performance.now();
      if (side === 'forecourt') bench.forecourt(q);
      else if (side === 'orama') await bench.orama(q);
      else await bench.oramaWithoutStats(q);
      const t1 = performance.now();
      if (i >= warmup) samples[`${q.key}/${side}`].push(t1 - t0);
    }
  }

  const fmt = (x: number) => x.toFixed(2).padStart(9);
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const q of bench.queries) {
    const ours = stats(samples[`${q.key}/forecourt`]);
    const theirs = stats(samples[`${q.key}/orama`]);
    const ratio = ours.median / theirs.median;
    rows.push(
      `${q.label.padEnd(40)}${'forecourt'.padEnd(11)}${fmt(ours.median)}${fmt(ours.p95)}${fmt(ours.min)}`,
    );
    rows.push(
      `${''.padEnd(40)}${'orama'.padEnd(11)}${fmt(theirs.median)}${fmt(theirs.p95)}${fmt(theirs.min)}   ratio ${ratio.toFixed(3)} (median), ${(ours.p95 / theirs.p95).toFixed(3)} (p95)`,
    );
    const lighter = stats(samples[`${q.key}/lighter`]);
    rows.push(
      `${''.padEnd(40)}${'(no stats)'.padEnd(11)}${fmt(lighter.median)}${fmt(lighter.p95)}${fmt(lighter.min)}   ratio ${(ours.median / lighter.median).toFixed(3)} (median): Orama fetching only the page, less work than the engine's`,
    );
    verdicts.push(`${q.key}: time ${ratio.toFixed(2)}× Orama's (aim < 1×) ${verdict(ratio < 1)}`);
    verdicts.push(
      `${q.key}: p95 ${ours.p95.toFixed(2)} ms (aim ≤ ${QUERY_P95_AIM_MS} ms) ${verdict(ours.p95 <= QUERY_P95_AIM_MS)}; Orama ${theirs.p95.toFixed(2)} ms`,
    );
  }
  const builds: BuildResult[] = [];
  for (let r = 0; r < buildRuns; r++)
    for (const size of buildSizes) builds.push(await measureBuildApart(size));
  return [
    `Search benchmark — ${bench.cars.length} cars, Node ${process.version}, @orama/orama ${bench.oramaVersion}`,
    `${warmup} warm-up + ${n} measured runs of each query per side, order rotated, one per turn of the event loop; engine result cache off; ${HITS} hits per query`,
    `Same answers checked before timing (hit count, the page's ids in order, every count of ${FACETS.length} facets, min/max/sum of ${STATS.join('/')}): ${checked.join(', ')}`,
    `Orama's side asks for every hit and passes over them for the stats (it has no facet stats); the engine also counts the ${STATS.join('/')} values.`,
    `"(no stats)": Orama asked for the page and facets only, for reference; the aims compare equal work.`,
    '',
    `${'query'.padEnd(40)}${'engine'.padEnd(11)}${'median ms'.padStart(9)}${'p95 ms'.padStart(9)}${'min ms'.padStart(9)}`,
    ...rows,
    '',
    ...buildReport(builds),
    '',
    ...verdicts,
  ].join('\n');
}

const invoked = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  run().then(
    (report) => console.log(report),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
