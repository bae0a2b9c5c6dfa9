/**
 * The local API's embedded database: one SQLite file (forecourt.db) in the data
 * folder, in WAL mode so that reads (staff view) never wait for a lead being written,
 * migrated to the newest schema before the first request is served. A damaged or
 * emptied database stops the start (guard.ts) instead of being replaced by a new one.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkContent, checkFiles, damaged, isCorruption, markState } from './guard.ts';
import { migrate } from './migrate.ts';

export type Db = Database.Database;

export const DB_FILE = 'forecourt.db';

/** FORECOURT_DATA_DIR, or .data/ in the project (gitignored). */
export function defaultDataDir(root: string, env: NodeJS.ProcessEnv = process.env) {
  return env.FORECOURT_DATA_DIR || join(root, '.data');
}

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DB_FILE);
  const { heldBefore } = checkFiles(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL is durable in WAL mode except against power loss mid-checkpoint; FULL makes
    // every committed lead survive that too, and lead volume is tiny.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // A second process (a CLI, a backup) holding a lock briefly should not fail a submit.
    db.pragma('busy_timeout = 5000');
    checkContent(db, file, heldBefore);
    migrate(db);
  } catch (err) {
    db.close();
    throw isCorruption(err) ? damaged(file, err) : err;
  }
  markState(file, true);
  // Whoever closes the database (the router, a test, a script) records the clean stop.
  const close = db.close.bind(db);
  db.close = () => {
    close();
    markState(file, false);
    return db;
  };
  return db;
}
