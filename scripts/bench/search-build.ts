/**
 * Index build time and memory of the search bench (search.ts), for the engine and Orama, at
 * two stock sizes. Each measurement runs in a fresh Node process that generates only its own
 * stock, so the larger stock's heap does not slow (or its warmed-up JIT speed up) the smaller
 * one's build, as in a server starting with that stock. Memory is the heap plus typed-array
 * buffers held after a full GC, less what the cars alone held. A helper module, not a bench
 * (no run()); run as a script it measures one stock size and prints JSON.
 *
 *   npx tsx scripts/bench/search-build.ts 20000
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadInventory } from '../../demo/defaults.ts';
import { createCarSearchEngine } from '../../engine/search/car-index.ts';
import { buildOrama, sortKeys } from './search-orama.ts';

export interface BuildFigure {
  /** Wall-clock milliseconds. */
  ms: number;
  /** CPU milliseconds of the process (all its threads, GC helpers included): steadier than wall time on a shared machine. */
  cpuMs: number;
  /** Megabytes held once built (heap and typed arrays). */
  mb: number;
}

export interface BuildResult {
  cars: number;
  forecourt: BuildFigure;
  orama: BuildFigure;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const held = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

async function measure<T>(build: () => T | Promise<T>): Promise<{ figure: BuildFigure; built: T }> {
  const before = held();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const built = await build();
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const mb = (held() - before) / 1e6;
  return { figure: { ms, cpuMs: (used.user + used.system) / 1000, mb }, built };
}

/** Builds both sides over `count` generated cars in this process (the engine first, then Orama once the engine is dropped). */
export async function measureBuild(count: number): Promise<BuildResult> {
  const cars = loadInventory(join(import.meta.dirname, '../../sites'), { count });
  const ours = await measure(() => createCarSearchEngine(cars, { cacheSize: 0 }));
  const forecourt = ours.figure;
  ours.built = undefined as never;
  // The sort keys are the indexer's work (search-orama.ts), left out of Orama's build time.
  const keys = sortKeys(cars);
  const theirs = await measure(() => buildOrama(cars, keys));
  return { cars: cars.length, forecourt, orama: theirs.figure };
}

/** One measurement in a fresh process (this file run as a script). */
export async function measureBuildApart(count: number): Promise<BuildResult> {
  const run = promisify(execFile);
  const file = import.meta.filename;
  const { stdout } = await run(
    process.execPath,
    ['--max-old-space-size=8192', '--import', 'tsx', file, String(count)],
    {
      maxBuffer: 1 << 20,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as BuildResult;
}

const invoked = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  measureBuild(Number(process.argv[2] ?? 20000)).then(
    (r) => console.log(JSON.stringify(r)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
