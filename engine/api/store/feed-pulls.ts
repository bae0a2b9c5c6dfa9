/**
 * The last result of each scheduled stock-feed pull (docs/cars.md, "Scheduled feed pulls"):
 * one row per configured feed (site and dealership) with its interval, the last pull's time
 * and outcome (counts, or the failure in plain words), the failures in a row since the last
 * good pull (the alert counts them) and when the next pull is due. The feed's address and
 * credentials are the platform's configuration and never stored here.
 */
import type { StaffFeedPull } from '../../../schemas/types.gen.ts';
import type { Db } from '../db/database.ts';

/** One feed's row as staff read it (GET /api/staff/feeds). */
export type FeedPullRecord = StaffFeedPull & { site: string };

export type FeedPullResult =
  | {
      outcome: 'imported' | 'unchanged';
      added: number;
      changed: number;
      sold: number;
      warnings: number;
    }
  | { outcome: 'failed'; failure: string };

export interface FeedPullStore {
  /** Registers a configured feed: its interval, and when it is due next (its last result is kept). */
  plan(site: string, dealership: string, everyMinutes: number, nextAt: Date): Promise<void>;
  /** Records a pull that ended at `at`; answers the feed's row after it. */
  record(
    site: string,
    dealership: string,
    result: FeedPullResult,
    at: Date,
    nextAt: Date,
  ): Promise<FeedPullRecord>;
  get(site: string, dealership: string): Promise<FeedPullRecord | undefined>;
  /** A site's feeds, by dealership. */
  list(site: string): Promise<FeedPullRecord[]>;
}

export const FEED_PULL_COLUMNS =
  'site, dealership, every_minutes, last_at, outcome, added, changed, sold, warnings, failure, failures_in_a_row, last_good_at, next_at';

/** The columns a result sets; a failure keeps the last good time and counts one more in a row. */
export function resultColumns(result: FeedPullResult, at: Date) {
  const failed = result.outcome === 'failed';
  return {
    outcome: result.outcome,
    added: failed ? 0 : result.added,
    changed: failed ? 0 : result.changed,
    sold: failed ? 0 : result.sold,
    warnings: failed ? 0 : result.warnings,
    failure: failed ? result.failure : null,
    last_at: at.toISOString(),
  };
}

export class SqliteFeedPulls implements FeedPullStore {
  constructor(private readonly db: Db) {}

  async plan(site: string, dealership: string, everyMinutes: number, nextAt: Date) {
    this.db
      .prepare(
        `INSERT INTO feed_pulls (site, dealership, every_minutes, next_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (site, dealership) DO UPDATE SET every_minutes = excluded.every_minutes, next_at = excluded.next_at`,
      )
      .run(site, dealership, everyMinutes, nextAt.toISOString());
  }

  async record(site: string, dealership: string, result: FeedPullResult, at: Date, nextAt: Date) {
    const c = resultColumns(result, at);
    const failed = result.outcome === 'failed' ? 1 : 0;
    this.db
      .prepare(
        `UPDATE feed_pulls SET outcome = @outcome, added = @added, changed = @changed, sold = @sold,
           warnings = @warnings, failure = @failure, last_at = @last_at, next_at = @next_at,
           failures_in_a_row = CASE WHEN @failed = 1 THEN failures_in_a_row + 1 ELSE 0 END,
           last_good_at = CASE WHEN @failed = 1 THEN last_good_at ELSE @last_at END
         WHERE site = @site AND dealership = @dealership`,
      )
      .run({ ...c, failed, next_at: nextAt.toISOString(), site, dealership });
    return (await this.get(site, dealership))!;
  }

  async get(site: string, dealership: string) {
    return this.db
      .prepare<[string, string], FeedPullRecord>(
        `SELECT ${FEED_PULL_COLUMNS} FROM feed_pulls WHERE site = ? AND dealership = ?`,
      )
      .get(site, dealership);
  }

  async list(site: string) {
    return this.db
      .prepare<[string], FeedPullRecord>(
        `SELECT ${FEED_PULL_COLUMNS} FROM feed_pulls WHERE site = ? ORDER BY dealership`,
      )
      .all(site);
  }
}
