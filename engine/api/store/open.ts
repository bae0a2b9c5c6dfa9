/**
 * Opens the API's store (docs/api.md, "Storage"): PostgreSQL when a connection string is
 * given (DATABASE_URL), else the embedded SQLite file in the data folder.
 */
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './types.ts';

export async function openStore(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<Store> {
  if (options.databaseUrl) {
    // Loaded only when asked for: the embedded default needs no PostgreSQL client.
    const { openPostgresStore } = await import('./postgres/store.ts');
    return openPostgresStore(options.databaseUrl);
  }
  return openSqliteStore(options.dataDir);
}
