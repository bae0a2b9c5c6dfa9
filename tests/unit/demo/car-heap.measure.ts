/**
 * Run by shared-values.test.ts in a node of its own (`node --expose-gc --import tsx`): the heap
 * that COUNT generated cars hold, in bytes per car, printed as JSON. A process of its own, so
 * nothing else the test runner holds or frees is counted.
 */
import { join } from 'node:path';
import { generateInventory, readCatalogue, readInventorySites } from '../../../demo/defaults.ts';

const COUNT = 5000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const sitesDir = join(import.meta.dirname, '../../../sites');
const options = {
  catalogue: readCatalogue(sitesDir),
  sites: readInventorySites(sitesDir),
  now: Date.UTC(2025, 5, 15),
};
// A first small run loads and compiles the generator, whose code is not the cars' cost.
generateInventory({ ...options, count: 100 });
gc();
gc();
const before = process.memoryUsage().heapUsed;
const cars = generateInventory({ ...options, count: COUNT });
gc();
gc();
const after = process.memoryUsage().heapUsed;
process.stdout.write(
  JSON.stringify({ cars: cars.length, bytesPerCar: Math.round((after - before) / cars.length) }),
);
