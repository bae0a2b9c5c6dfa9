/**
 * The PostgreSQL store (DATABASE_URL; docs/api.md, "Storage"): what several stateless servers
 * share — leads, reservations and their holds, watchlists, sessions, rate limits, settings.
 * The schema is migrated at start-up (db/migrate-postgres.ts) before any request is served.
 */
import postgres, { type Sql } from 'postgres';
import { migratePostgres } from '../../db/migrate-postgres.ts';
import { describeDatabase, reconnectBackoff } from './connection.ts';
import { randomSecret } from '../settings.ts';
import type { Store } from '../types.ts';
import { PostgresDeliveries } from './deliveries.ts';
import { PostgresFeedPulls } from './feed-pulls.ts';
import { PostgresLeads } from './leads.ts';
import { postgresRateCounter } from './rate-counter.ts';
import { PostgresReservations } from './reservations.ts';
import { PostgresSavedSearches } from './saved-searches.ts';
import { PostgresSignInCodes } from './sign-in-codes.ts';
import { PostgresStaffTokens } from './staff-tokens.ts';
import {
  PostgresRecords,
  PostgresReviews,
  PostgresSessions,
  PostgresValuations,
  PostgresWatchlist,
} from './visitors.ts';

export interface PostgresStore extends Store {
  kind: 'postgres';
  /** The connection pool (tests, maintenance scripts). */
  sql: Sql;
}

export async function openPostgresStore(url: string): Promise<PostgresStore> {
  const sql = postgres(url, {
    // Per server: requests wait for a free connection rather than open hundreds.
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    backoff: reconnectBackoff,
    onnotice: () => {},
    connection: { application_name: 'forecourt' },
  });
  try {
    await migratePostgres(sql);
  } catch (err) {
    await sql.end({ timeout: 1 });
    throw err;
  }
  return {
    kind: 'postgres',
    where: describeDatabase(url),
    sql,
    leads: new PostgresLeads(sql),
    reservations: new PostgresReservations(sql),
    records: new PostgresRecords(sql),
    reviews: new PostgresReviews(sql),
    sessions: new PostgresSessions(sql),
    valuations: new PostgresValuations(sql),
    watchlist: new PostgresWatchlist(sql),
    savedSearches: new PostgresSavedSearches(sql),
    deliveries: new PostgresDeliveries(sql),
    staffTokens: new PostgresStaffTokens(sql),
    signInCodes: new PostgresSignInCodes(sql),
    feedPulls: new PostgresFeedPulls(sql),
    async setting(key, make = randomSecret) {
      // Two servers starting together may both make one: the first insert wins and both read it.
      await sql`INSERT INTO settings (key, value) VALUES (${key}, ${make()}) ON CONFLICT (key) DO NOTHING`;
      const [row] = await sql<{ value: string }[]>`SELECT value FROM settings WHERE key = ${key}`;
      return row.value;
    },
    rateCounter: (scope, options, clock) => postgresRateCounter(sql, scope, options, clock),
    close: () => sql.end({ timeout: 5 }),
  };
}
