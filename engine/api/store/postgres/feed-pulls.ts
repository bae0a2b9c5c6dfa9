/** The scheduled feed pulls' last results in PostgreSQL, as store/feed-pulls.ts keeps them in SQLite. */
import type { Sql } from 'postgres';
import {
  FEED_PULL_COLUMNS,
  resultColumns,
  type FeedPullRecord,
  type FeedPullResult,
  type FeedPullStore,
} from '../feed-pulls.ts';

export class PostgresFeedPulls implements FeedPullStore {
  constructor(private readonly sql: Sql) {}

  async plan(site: string, dealership: string, everyMinutes: number, nextAt: Date) {
    // Servers starting together each plan it: the same values, whoever writes last.
    await this.sql`
      INSERT INTO feed_pulls (site, dealership, every_minutes, next_at)
      VALUES (${site}, ${dealership}, ${everyMinutes}, ${nextAt.toISOString()})
      ON CONFLICT (site, dealership) DO UPDATE SET every_minutes = excluded.every_minutes, next_at = excluded.next_at`;
  }

  async record(site: string, dealership: string, result: FeedPullResult, at: Date, nextAt: Date) {
    const c = resultColumns(result, at);
    const failed = result.outcome === 'failed';
    const [row] = await this.sql<FeedPullRecord[]>`
      UPDATE feed_pulls SET outcome = ${c.outcome}, added = ${c.added}, changed = ${c.changed},
        sold = ${c.sold}, warnings = ${c.warnings}, failure = ${c.failure}, last_at = ${c.last_at},
        next_at = ${nextAt.toISOString()},
        failures_in_a_row = CASE WHEN ${failed} THEN failures_in_a_row + 1 ELSE 0 END,
        last_good_at = CASE WHEN ${failed} THEN last_good_at ELSE ${c.last_at} END
      WHERE site = ${site} AND dealership = ${dealership}
      RETURNING ${this.sql.unsafe(FEED_PULL_COLUMNS)}`;
    return row;
  }

  async get(site: string, dealership: string) {
    const [row] = await this.sql<FeedPullRecord[]>`
      SELECT ${this.sql.unsafe(FEED_PULL_COLUMNS)} FROM feed_pulls
      WHERE site = ${site} AND dealership = ${dealership}`;
    return row;
  }

  async list(site: string) {
    return [
      ...(await this.sql<FeedPullRecord[]>`
      SELECT ${this.sql.unsafe(FEED_PULL_COLUMNS)} FROM feed_pulls WHERE site = ${site} ORDER BY dealership`),
    ];
  }
}
