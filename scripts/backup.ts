/**
 * npm run backup -- <file>
 * Copies the local API's database (FORECOURT_DATA_DIR or .data/, forecourt.db) to <file>
 * with SQLite's online backup, safe while the server runs. Copying forecourt.db by hand
 * is not a backup: after a crash or while the server runs, the newest leads are only in
 * forecourt.db-wal. The copy is one self-contained file (its own journal, no WAL), checked
 * page by page; restore it by stopping the server and putting it in place as forecourt.db
 * (docs/security.md, "Stored data"). Never overwrites a file; exits 1 on any problem.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DB_FILE, defaultDataDir } from '../engine/api/db/database.ts';
import { checkFiles } from '../engine/api/db/guard.ts';

const ROOT = join(import.meta.dirname, '..');

async function backup(dest: string): Promise<string> {
  if (process.env.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is set: the store is PostgreSQL, which this command does not copy. Back it up with pg_dump or your provider's backups (docs/deploy.md).",
    );
  }
  const source = join(defaultDataDir(ROOT), DB_FILE);
  if (existsSync(dest)) throw new Error(`${dest} already exists; name a new file.`);
  if (!existsSync(source))
    throw new Error(
      `There is no database at ${source} (set FORECOURT_DATA_DIR to the server's data folder).`,
    );
  checkFiles(source);
  // Read-only: closing it must not checkpoint or delete the WAL a killed server left behind.
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(dest);
  } finally {
    db.close();
  }
  const copy = new Database(dest);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy at ${dest} failed its check (${String(check)}).`);
    const leads = (copy.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
    return `Backed up ${source} (${leads} leads) to ${dest}.`;
  } finally {
    copy.close();
  }
}

const [dest] = process.argv.slice(2);
if (!dest) {
  console.error(
    'Usage: npm run backup -- <file>   (copies forecourt.db, including its write-ahead log, to a new file)',
  );
  process.exit(2);
}
try {
  console.log(await backup(resolve(dest)));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
