/**
 * Where the car index build's time goes, part by part, at one stock size: the objectID map and
 * the eager attributes' columns (with --apart: each attribute in a pass of its own, as before
 * they were built together), each order (primary and replicas) and the text index, with
 * the garbage collection that ran inside each part. Built the way createCarSearchEngine
 * builds it, in the same order. Run each size in a fresh process and compare the parts'
 * growth (engine/search/README.md, "Index representation"):
 *
 *   NODE_ENV=production npx tsx scripts/bench/search-build/parts.ts 20000
 *   NODE_ENV=production node --max-old-space-size=8192 --import tsx scripts/bench/search-build/parts.ts 200000 [--apart] [--profile FILE]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { loadInventory } from '../../../demo/defaults.ts';
import { CAR_INDEX_SETTINGS } from '../../../engine/search/car-index.ts';
import { SearchIndex } from '../../../engine/search/search-index.ts';
import { TextIndex } from '../../../engine/search/text-index.ts';

const count = Number(process.argv[2] ?? 20000);
const cars = loadInventory(join(import.meta.dirname, '../../../sites'), {
  count,
}) as unknown as Record<string, unknown>[];

let gcMs = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
observer.observe({ entryTypes: ['gc'] });
// GC entries arrive asynchronously; a tick after each part collects them.
const tick = async () => {
  await new Promise((r) => setImmediate(r));
  for (const e of observer.takeRecords()) gcMs += e.duration;
};

const parts: { part: string; at: number; ms: number; cpuMs: number; gcMs: number }[] = [];
async function part(name: string, work: () => unknown) {
  await tick();
  const gc0 = gcMs;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  work();
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  await tick();
  parts.push({ part: name, at: t0, ms, cpuMs: (used.user + used.system) / 1000, gcMs: gcMs - gc0 });
}

const eager = CAR_INDEX_SETTINGS.eagerAttributes ?? [];
const apart = process.argv.includes('--apart');
// --profile FILE: a CPU profile of the build alone (not the stock's generation), for Chrome DevTools.
const profileTo = process.argv.includes('--profile')
  ? process.argv[process.argv.indexOf('--profile') + 1]
  : undefined;
const session = new Session();
if (profileTo) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
let index!: SearchIndex;
const started = performance.now();
if (apart) {
  // Each eager attribute in a pass of its own (named as a facet, so none is looked for among the records' paths).
  const settings = {
    ...CAR_INDEX_SETTINGS,
    attributesForFaceting: [...CAR_INDEX_SETTINGS.attributesForFaceting, ...eager],
    eagerAttributes: [],
  };
  await part('objectID map', () => (index = new SearchIndex('Car_production', cars, settings)));
  for (const a of eager) await part(`attribute ${a}`, () => index.attribute(a));
} else
  await part(
    'attributes: objectID map and eager attributes',
    () => (index = new SearchIndex('Car_production', cars, CAR_INDEX_SETTINGS)),
  );
const sorts = [[], ...Object.values(CAR_INDEX_SETTINGS.replicas ?? {})];
for (const sort of sorts)
  await part(`order ${sort.map((s) => `${s.attribute} ${s.order}`).join(', ') || '(custom)'}`, () =>
    index.order(sort),
  );
const { searchableAttributes, exactOnlyAttributes = [] } = CAR_INDEX_SETTINGS;
await part(
  'text: words',
  () =>
    new TextIndex(cars, {
      attributes: searchableAttributes.filter((a) => !exactOnlyAttributes.includes(a)),
    }),
);
await part(
  'text: identifiers',
  () => new TextIndex(cars, { attributes: exactOnlyAttributes, exactOnly: exactOnlyAttributes }),
);
const total = performance.now() - started;
if (profileTo)
  writeFileSync(profileTo, JSON.stringify((await session.post('Profiler.stop')).profile));

const sum = (filter: (p: string) => boolean) =>
  parts
    .filter((p) => filter(p.part))
    .reduce((s, p) => ({ ms: s.ms + p.ms, cpuMs: s.cpuMs + p.cpuMs, gcMs: s.gcMs + p.gcMs }), {
      ms: 0,
      cpuMs: 0,
      gcMs: 0,
    });
console.log(
  JSON.stringify({
    cars: cars.length,
    totalMs: total,
    cpuMs: parts.reduce((s, p) => s + p.cpuMs, 0),
    gcMs,
    attributes: sum((p) => p.startsWith('attribute')),
    orders: sum((p) => p.startsWith('order')),
    text: sum((p) => p.startsWith('text')),
    parts,
  }),
);
