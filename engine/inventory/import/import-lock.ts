/**
 * One import of a dealership's stock at a time (docs/cars.md, "Stock import"): an import reads
 * the stock file, works for a while (photos) and writes it whole, so two at once would each
 * write a file that never saw the other's cars and ids. The lock is a file next to the stock
 * file holding the importer's process id; a lock left by a process that no longer runs (a
 * killed import) is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stockDir } from '../stock-file.ts';

export class ImportBusy extends Error {}

const lockPath = (dataDir: string, dealershipSlug: string) =>
  join(stockDir(dataDir), `${dealershipSlug}.lock`);

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, it is only not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function take(path: string, dealershipSlug: string) {
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = Number(readFileSync(path, 'utf8'));
  if (Number.isInteger(holder) && holder > 0 && running(holder)) {
    throw new ImportBusy(
      `Another import of ${dealershipSlug} is running (process ${holder}); try again when it has finished`,
    );
  }
  rmSync(path, { force: true });
  writeFileSync(path, String(process.pid), { flag: 'wx' });
}

export async function withImportLock<T>(
  dataDir: string,
  dealershipSlug: string,
  run: () => Promise<T>,
): Promise<T> {
  mkdirSync(stockDir(dataDir), { recursive: true });
  const path = lockPath(dataDir, dealershipSlug);
  take(path, dealershipSlug);
  try {
    return await run();
  } finally {
    rmSync(path, { force: true });
  }
}
