/**
 * One import of a dealership's stock at a time (docs/cars.md, "Stock import"): an import reads
 * the stock file, works for a while (photos) and writes it whole, so two at once would each
 * write a file that never saw the other's cars and ids.
 *
 * The lock is a file next to the stock file naming its holder (host name, process id) and
 * when it expires; the holder pushes the expiry on while it runs. The data folder may be
 * shared by several machines, where a process id means nothing, so a lock is taken over
 * only when it has expired, or when it is this host's and its process no longer runs (a
 * killed import). With DATABASE_URL, where machines share no folder, the stock store refuses
 * the write instead when the stock's version moved since the import read it (stock-postgres.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { stockDir } from '../stock-file.ts';

export class ImportBusy extends Error {}

/** How long a lock holds without being refreshed, ms. */
export const LOCK_TTL_MS = 60_000;

export interface LockRecord {
  host: string;
  pid: number;
  /** ms since the epoch. */
  expires: number;
  /** Tells this holding from a later one of the same process. */
  token: string;
}

export interface LockOptions {
  ttlMs?: number;
  /** This machine's name (tests play another machine). */
  host?: string;
}

/** What an import holding the lock can ask of it. */
export interface HeldLock {
  /** Throws when the lock was taken over (this import stalled past its expiry): write nothing. */
  assertHeld(): void;
}

export const lockPath = (dataDir: string, dealershipSlug: string) =>
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

/** The lock as found; one that cannot be read (written half by a killed import) expires a TTL after it was written. */
function readLock(path: string, ttlMs: number): LockRecord | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const r = JSON.parse(text) as LockRecord;
    if (typeof r.host === 'string' && Number.isInteger(r.pid) && typeof r.expires === 'number')
      return r;
  } catch {
    // unreadable: judged by its age below
  }
  let written = 0;
  try {
    written = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  return { host: '', pid: 0, expires: written + ttlMs, token: `unreadable-${written}` };
}

function writeLock(path: string, record: LockRecord, flag: 'wx' | 'replace') {
  const text = JSON.stringify(record);
  if (flag === 'wx') return writeFileSync(path, text, { flag: 'wx' });
  // A refresh replaces the file whole, so a reader never sees half of it.
  const tmp = `${path}.${record.token}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

function created(path: string, record: LockRecord): boolean {
  try {
    writeLock(path, record, 'wx');
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function take(path: string, dealershipSlug: string, mine: LockRecord, ttlMs: number) {
  if (created(path, mine)) return;
  const held = readLock(path, ttlMs);
  if (!held) {
    if (created(path, mine)) return;
  } else {
    const stale =
      held.expires < Date.now() || (held.host === mine.host && held.pid && !running(held.pid));
    if (!stale) {
      const who = held.host
        ? `process ${held.pid} on ${held.host}`
        : 'its lock file cannot be read';
      throw new ImportBusy(
        `Another import of ${dealershipSlug} is running (${who}); try again when it has finished`,
      );
    }
    // Of several imports finding the same stale lock, the one that claims it first replaces it.
    const claim = `${path}.takeover-${held.token.replace(/[^\w-]/g, '')}`;
    if (created(claim, mine)) {
      try {
        if (readLock(path, ttlMs)?.token === held.token) rmSync(path, { force: true });
        if (created(path, mine)) return;
      } finally {
        rmSync(claim, { force: true });
      }
    }
  }
  throw new ImportBusy(
    `Another import of ${dealershipSlug} has just started; try again when it has finished`,
  );
}

export async function withImportLock<T>(
  dataDir: string,
  dealershipSlug: string,
  run: (lock: HeldLock) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const ttlMs = options.ttlMs ?? LOCK_TTL_MS;
  mkdirSync(stockDir(dataDir), { recursive: true });
  const path = lockPath(dataDir, dealershipSlug);
  const mine: LockRecord = {
    host: options.host ?? hostname(),
    pid: process.pid,
    expires: Date.now() + ttlMs,
    token: randomUUID(),
  };
  take(path, dealershipSlug, mine, ttlMs);
  let lost = false;
  const refresh = setInterval(
    () => {
      try {
        if (readLock(path, ttlMs)?.token !== mine.token) {
          lost = true;
          return clearInterval(refresh);
        }
        writeLock(path, { ...mine, expires: Date.now() + ttlMs }, 'replace');
      } catch {
        // A refresh that failed (a full disk) is tried again; assertHeld reads the file itself.
      }
    },
    Math.max(10, ttlMs / 3),
  );
  refresh.unref();
  const lock: HeldLock = {
    assertHeld() {
      if (lost || readLock(path, ttlMs)?.token !== mine.token)
        throw new ImportBusy(
          `The import of ${dealershipSlug} lost its lock (it stalled past ${ttlMs / 1000} s and another import took over); nothing written`,
        );
    },
  };
  try {
    return await run(lock);
  } finally {
    clearInterval(refresh);
    // Only its own lock: one taken over belongs to the import that took it.
    if (readLock(path, ttlMs)?.token === mine.token) rmSync(path, { force: true });
  }
}
