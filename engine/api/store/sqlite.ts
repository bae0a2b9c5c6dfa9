/**
 * The embedded store: one SQLite file in the data folder (db/database.ts opens it, checks it
 * is not damaged and migrates it). One process owns it, so its rate limits count in memory.
 */
import { join } from 'node:path';
import { DB_FILE, openDatabase, type Db } from '../db/database.ts';
import { memoryRateCounter } from '../rate-limit.ts';
import { SqliteDeliveries } from './deliveries.ts';
import { SqliteFeedPulls } from './feed-pulls.ts';
import { SqliteLeads } from './leads.ts';
import { SqliteRecords } from './records.ts';
import { SqliteReservations } from './reservations.ts';
import { SqliteReviews } from './reviews.ts';
import { SqliteSavedSearches } from './saved-searches.ts';
import { SqliteSessions } from './sessions.ts';
import { randomSecret, settingOrCreate } from './settings.ts';
import { SqliteSignInCodes } from './sign-in-codes.ts';
import { SqliteStaffTokens } from './staff-tokens.ts';
import type { Store } from './types.ts';
import { SqliteValuations } from './valuations.ts';
import { SqliteWatchlist } from './watchlist.ts';

export interface SqliteStore extends Store {
  kind: 'sqlite';
  /** The open database (tests, maintenance scripts). */
  db: Db;
}

export function openSqliteStore(dataDir: string): SqliteStore {
  const db = openDatabase(dataDir);
  try {
    const reservations = new SqliteReservations(db);
    const records = new SqliteRecords(db);
    const deliveries = new SqliteDeliveries(db);
    return {
      kind: 'sqlite',
      where: join(dataDir, DB_FILE),
      db,
      leads: new SqliteLeads(db, reservations, records, deliveries),
      deliveries,
      reservations,
      records,
      reviews: new SqliteReviews(db),
      sessions: new SqliteSessions(db),
      valuations: new SqliteValuations(db),
      watchlist: new SqliteWatchlist(db),
      savedSearches: new SqliteSavedSearches(db),
      staffTokens: new SqliteStaffTokens(db),
      signInCodes: new SqliteSignInCodes(db),
      feedPulls: new SqliteFeedPulls(db),
      setting: async (key, make = randomSecret) => settingOrCreate(db, key, make),
      rateCounter: (_scope, options, clock) => memoryRateCounter(options, clock),
      close: async () => {
        if (db.open) db.close();
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
