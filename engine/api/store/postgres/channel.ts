/**
 * The channel servers on one PostgreSQL database tell each other of changes on (docs/deploy.md,
 * "Caching"): a publish, or a dealership's stock replaced. Announced with pg_notify, which
 * inside a transaction is delivered only when it commits (and never when it rolls back); read
 * by engine/server/site-signals.ts.
 */
import type { Sql, TransactionSql } from 'postgres';

/** The channel of site changes. */
export const SITES_CHANNEL = 'forecourt_sites';

/** What one announcement says: who sent it, what changed, for which sites (stock: dealerships). */
export interface SiteSignal {
  /** A server's id, or a writer that is no server (a stock import): every server acts on it. */
  from: string;
  kind: 'published' | 'stock';
  slugs: string[];
}

/** Who announces a committed stock import: not a server, so the importing server reloads too. */
export const STOCK_STORE_SENDER = 'stock-store';

export const announce = (sql: Sql | TransactionSql, signal: SiteSignal) =>
  sql`SELECT pg_notify(${SITES_CHANNEL}, ${JSON.stringify(signal)})`;
