/**
 * The PostgreSQL store's numbered migrations (migrations-postgres/NNN_name.sql, numbered
 * without gaps like the SQLite set beside them), applied at start-up in one transaction
 * under an advisory lock: servers starting together on one database wait for each other,
 * so the first migrates and the others find it done. schema_migrations records what ran.
 */
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { readMigrations, type Migration } from './migrate.ts';
import { PROJECT_ROOT } from '../../project-root.ts';

const MIGRATIONS_DIR = join(PROJECT_ROOT, 'engine/api/db/migrations-postgres');

/** The advisory lock every Forecourt server takes to migrate (any fixed number; "FCMIGRATE"). */
export const MIGRATION_LOCK = 4_643_774_621_830_261;

export const readPostgresMigrations = () => readMigrations(MIGRATIONS_DIR);

/** Brings the database to the newest version; answers the versions before and after. */
export async function migratePostgres(
  sql: Sql,
  migrations: Migration[] = readPostgresMigrations(),
): Promise<{ from: number; to: number }> {
  const latest = migrations.length;
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const [{ version }] = await tx<
      { version: number }[]
    >`SELECT COALESCE(MAX(version), 0)::int AS version FROM schema_migrations`;
    if (version > latest) {
      throw new Error(
        `The database is at schema version ${version}, newer than this code knows (${latest}). Run a newer Forecourt or use another database.`,
      );
    }
    for (const m of migrations.slice(version)) {
      await tx.unsafe(m.sql);
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
    }
    return { from: version, to: latest };
  });
}
