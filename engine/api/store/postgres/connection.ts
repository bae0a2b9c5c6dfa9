/**
 * How a PostgreSQL pool is named and reconnects (store.ts, stock-postgres.ts), apart from the
 * client itself: a server without DATABASE_URL never loads postgres.js.
 */

/** The database's host and name, never its password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * Seconds a pool waits to connect again after a failed connection. postgres.js grows this to
 * 20 s over the pool's failures, so while the database was down a request queued behind a
 * failed connection waited up to that long only to fail, and the first after it came back
 * seconds more. Capped at half a second and jittered, so requests fail fast and recover at
 * once (docs/deploy.md, "Three servers under load").
 */
export const reconnectBackoff = (failures: number): number =>
  (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failures, 0.5);
