/**
 * Start-up checks that keep a damaged database from being silently replaced by an empty
 * one (docs/security.md, "Stored data"). SQLite happily opens a 0-byte file, a missing
 * file or a database whose write-ahead log was deleted as a new, empty database; the
 * server would then answer healthy and take new leads while the old ones are gone.
 *
 * What the checks rely on besides the database itself: a small state file next to it
 * (forecourt.db.state.json), written once the database is open and again when it is
 * closed cleanly. It says that this folder held a database, and whether the last server
 * stopped without closing it — in which case the newest writes are only in forecourt.db-wal.
 */
import type Database from 'better-sqlite3';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

export class DamagedDatabaseError extends Error {
  override name = 'DamagedDatabaseError';
}

interface DatabaseState {
  /** True from start-up until the database is closed cleanly. */
  open: boolean;
  pid: number;
  at: string;
}

export const stateFile = (file: string) => `${file}.state.json`;
export const walFile = (file: string) => `${file}-wal`;

const BACKUP_HINT = 'npm run backup -- <file> makes a backup that includes the write-ahead log';

function readState(file: string): DatabaseState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(file), 'utf8')) as DatabaseState;
  } catch {
    return undefined;
  }
}

function refuse(file: string, problem: string, todo: string): never {
  throw new DamagedDatabaseError(
    `[forecourt] The database ${file} ${problem}. The server will not start on it, so that nothing is written over what is left.\n  ${todo}`,
  );
}

/**
 * Checks the files before SQLite touches them; answers whether this folder held a
 * database before (then an empty one is damage, not a first start).
 */
export function checkFiles(file: string): { heldBefore: boolean } {
  const state = readState(file);
  const name = basename(file);
  if (existsSync(file) && statSync(file).size === 0) {
    refuse(
      file,
      'is empty (0 bytes)',
      `Restore ${name} from a backup (${BACKUP_HINT}), or move it away to start with an empty database.`,
    );
  }
  if (state && !existsSync(file)) {
    refuse(
      file,
      'is missing, but this data folder held one',
      `Restore ${name} from a backup (${BACKUP_HINT}), or delete ${basename(stateFile(file))} to start with an empty database.`,
    );
  }
  if (state?.open && !existsSync(walFile(file))) {
    refuse(
      file,
      `was not closed cleanly (process ${state.pid}, started ${state.at}) and its write-ahead log ${basename(walFile(file))} is missing; the newest leads were in it`,
      `Put ${basename(walFile(file))} back next to ${name}. Or restore ${name} from a backup (${BACKUP_HINT}) and delete ${basename(stateFile(file))}; deleting ${basename(stateFile(file))} alone starts from what ${name} holds and accepts the loss.`,
    );
  }
  return { heldBefore: Boolean(state) };
}

const CORRUPT = /^SQLITE_(CORRUPT|NOTADB)/;

/** A SQLite error that means the file is not (or no longer) a readable database. */
export function isCorruption(err: unknown): boolean {
  return CORRUPT.test(String((err as { code?: unknown })?.code ?? ''));
}

export function damaged(file: string, err: unknown): DamagedDatabaseError {
  return refuse(
    file,
    `is damaged (${(err as Error)?.message ?? String(err)})`,
    `Restore ${basename(file)} from a backup (${BACKUP_HINT}).`,
  );
}

/** Checks the open database's pages, and that a database this folder held is not now empty. */
export function checkContent(db: Database.Database, file: string, heldBefore: boolean) {
  const problems = (db.pragma('quick_check', { simple: false }) as { quick_check: string }[]).map(
    (r) => r.quick_check,
  );
  if (problems.join() !== 'ok') damaged(file, new Error(problems.slice(0, 3).join('; ')));
  if (heldBefore && db.pragma('user_version', { simple: true }) === 0) {
    refuse(
      file,
      'holds no tables, but this data folder held a database',
      `Restore ${basename(file)} from a backup (${BACKUP_HINT}), or delete ${basename(stateFile(file))} to start with an empty database.`,
    );
  }
}

/** Records whether the database is open (see the file comment); written atomically. */
export function markState(file: string, open: boolean) {
  const state: DatabaseState = { open, pid: process.pid, at: new Date().toISOString() };
  const tmp = `${stateFile(file)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`);
  renameSync(tmp, stateFile(file));
}
