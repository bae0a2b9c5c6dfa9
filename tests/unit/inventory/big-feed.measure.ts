/**
 * Run by feed-stream.test.ts in a node of its own (`node --import tsx`): imports a small
 * feed (which also compiles the car schema, a one-off at start whatever the feed), then
 * the large feed named on the command line while sampling the process's resident memory
 * and the event loop's delay; prints what it saw as JSON.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { stockFilePath } from '../../../engine/inventory/stock-file.ts';
import { SITES_DIR } from '../helpers.ts';

const [small, large, dataDir] = process.argv.slice(2);
/** The stock file's digest, read as a stream (reading it whole would be in the peak measured). */
async function digest() {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(stockFilePath(dataDir, 'nerang-ford')))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}
const loaded = loadSites(SITES_DIR);
const run = (file: string) =>
  importStock({
    sitesDir: SITES_DIR,
    dataDir,
    site: 'gold-coast-ford',
    dealership: '12',
    file,
    loaded,
  });

async function main() {
  await run(small);
  const before = await digest();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let peak = process.memoryUsage().rss;
  // A gap between two ticks counts as a stall of this process only as far as it used the
  // CPU meanwhile: on a loaded machine a process waiting for a core shows gaps it did not
  // cause (the histogram's max includes those).
  let last = { at: performance.now(), cpu: process.cpuUsage() };
  let maxBusyGapMs = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const now = { at: performance.now(), cpu: process.cpuUsage() };
    const cpuMs = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
    maxBusyGapMs = Math.max(maxBusyGapMs, Math.min(now.at - last.at, cpuMs));
    last = now;
  }, 5);
  delay.enable();
  let outcome: string;
  try {
    const r = await run(large);
    outcome = `imported: ${r.added.length} added, ${r.sold.length} sold`;
  } catch (err) {
    outcome = (err as Error).message;
  }
  delay.disable();
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const after = await digest();
  process.stdout.write(
    JSON.stringify({
      outcome,
      peakMb: peak / 1024 / 1024,
      maxDelayMs: delay.max / 1e6,
      maxBusyGapMs,
      stockUnchanged: before === after,
    }),
  );
}

void main();
