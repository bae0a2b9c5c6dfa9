/**
 * Following a data folder's stock files while the server runs: a file written is read once
 * its writes settle, and an hourly check (of the clock) drops sold cars past their window.
 */
import { existsSync, mkdirSync, watch } from 'node:fs';
import type { Clock } from '../clock.ts';
import { stockDir } from './stock-file.ts';

export const HOUR = 3_600_000;
/** Writes that come together (a file and its photos) are read once. */
const SETTLE_MS = 150;

/** Calls `reload` when a stock file changes, and `hourly` on the hour; returns the function that stops it. */
export function watchStockFolder(
  dataDir: string,
  clock: Clock,
  { reload, hourly }: { reload: () => void; hourly: () => void },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const dir = stockDir(dataDir);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const watcher = watch(dir, (_event, name) => {
    if (!name || !String(name).endsWith('.json')) return;
    clearTimeout(timer);
    timer = setTimeout(reload, SETTLE_MS);
    timer.unref?.();
  });
  watcher.unref?.();
  const stopHourly = clock.every(HOUR, hourly);
  return () => {
    clearTimeout(timer);
    watcher.close();
    stopHourly();
  };
}
