/**
 * Numbered SQL migrations (migrations/NNN_name.sql), applied in order at start-up.
 * PRAGMA user_version records the last one applied; each migration and its version
 * bump commit together, so a crash mid-migration leaves the previous version intact.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './database.ts';
import { PROJECT_ROOT } from '../../project-root.ts';

const MIGRATIONS_DIR = join(PROJECT_ROOT, 'engine/api/db/migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const list = readdirSync(dir)
    .filter((f) => /^\d+_[a-z0-9_-]+\.sql$/.test(f))
    .map((f) => ({
      version: Number(f.slice(0, f.indexOf('_'))),
      name: f,
      sql: readFileSync(join(dir, f), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  list.forEach((m, i) => {
    // A gap or a duplicate number is a mistake that would skip or reorder a migration.
    if (m.version !== i + 1)
      throw new Error(`migration ${m.name} should be numbered ${String(i + 1).padStart(3, '0')}`);
  });
  return list;
}

/** Brings the database to the newest version; answers the version it is at. */
export function migrate(db: Db, migrations = readMigrations()): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this code knows (${latest}). Run a newer Forecourt or use another data folder.`,
    );
  }
  for (const m of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return latest;
}
