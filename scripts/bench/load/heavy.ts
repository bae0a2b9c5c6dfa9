/**
 * The load bench's `--heavy` mode (engine/search/README.md, "Search in worker threads"): pages,
 * leads and stock searches for a run, then the same beside a stream of the heaviest searches the
 * server accepts (four connections of 50-query requests, each stopped at the 300 ms budget),
 * on a server searching on its own thread (FORECOURT_SEARCH_WORKERS=0) and on one with search
 * workers, each after a run that warms it; the aim is page and lead p99 under the stream within 2× of the clean run's. Memory
 * per worker: the resident memory the workers' server holds beyond the other's, per worker.
 */
import { readFileSync, rmSync } from 'node:fs';
import { searchWorkerCount } from '../../../engine/search/worker-pool.ts';
import { startBenchServer } from '../serve.ts';
import { heaviestSearch, mixedRun } from './long-queries.ts';
import { startLeadServer } from './leads.ts';
import { DURATION } from './runs.ts';

/** Page and lead p99 under the stream at most this many times the clean run's. */
export const HEAVY_AIM = 2;

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function runHeavy(): Promise<string> {
  // Workers for the second server: FORECOURT_SEARCH_WORKERS when set, else "auto".
  const workers = searchWorkerCount(process.env.FORECOURT_SEARCH_WORKERS || 'auto') || 1;
  const { sitesDir, server: inProcess } = await startLeadServer({ FORECOURT_SEARCH_WORKERS: '0' });
  let ip = 0;
  const nextIp = () => ++ip;
  const lines = [
    `autocannon, ${DURATION} s per run, loopback: pages (4 connections), leads (4), stock searches (2); then the same beside the heaviest accepted searches (4)`,
  ];
  const measureOn = async (url: string, label: string) => {
    // A first run, not counted, warms each server alike: its page cache, and on the second the
    // workers' copies of the stock (until a worker holds one, its searches run on the server thread).
    await mixedRun(url, nextIp, false);
    const clean = await mixedRun(url, nextIp, false);
    const heavy = await mixedRun(url, nextIp, true, [heaviestSearch]);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : Infinity);
    const pages = ratio(heavy.pages.p99, clean.pages.p99);
    const leads = ratio(heavy.leads.p99, clean.leads.p99);
    const held = pages <= HEAVY_AIM && leads <= HEAVY_AIM;
    lines.push(
      `${label}:`,
      `  pages p99 ${clean.pages.p99} ms clean, ${heavy.pages.p99} ms beside the stream: ${pages.toFixed(2)}×`,
      `  leads p99 ${clean.leads.p99} ms clean, ${heavy.leads.p99} ms beside the stream: ${leads.toFixed(2)}×`,
      `  heaviest searches answered: ${heavy.long!.total}; errors on pages/leads/searches ${clean.pages.errors + clean.leads.errors + clean.search.errors} clean, ${heavy.pages.errors + heavy.leads.errors + heavy.search.errors} beside`,
      `  aim ≤ ${HEAVY_AIM}× for both → ${held ? 'meets' : 'MISSES'}`,
    );
  };
  try {
    await measureOn(inProcess.url, 'searches on the server thread (FORECOURT_SEARCH_WORKERS=0)');
    const alone = rssMb(inProcess.pid);
    const pooled = await startBenchServer(
      {
        FORECOURT_SITES_DIR: sitesDir,
        FORECOURT_TRUST_PROXY: 'loopback',
        FORECOURT_SEARCH_WORKERS: String(workers),
      },
      inProcess.dist,
    );
    try {
      await measureOn(
        pooled.url,
        `searches in ${workers} worker threads (FORECOURT_SEARCH_WORKERS=${workers})`,
      );
      const withWorkers = rssMb(pooled.pid);
      lines.push(
        `memory after the runs: ${alone.toFixed(0)} MB without workers, ${withWorkers.toFixed(0)} MB with ${workers}: ${((withWorkers - alone) / workers).toFixed(0)} MB per worker`,
      );
    } finally {
      await pooled.stop();
    }
  } finally {
    await inProcess.stop();
    rmSync(sitesDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}
