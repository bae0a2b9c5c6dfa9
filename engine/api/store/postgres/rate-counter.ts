/**
 * Request counts in PostgreSQL (rate-limit.ts): every server sharing the database counts in
 * one row per client key and window, updated atomically, so N requests spread over several
 * servers meet the limit at the same total as on one. Finished windows are deleted now and
 * then by whichever server counts.
 */
import type { Sql } from 'postgres';
import type { RateCounter, RateDecision, RateLimitOptions } from '../../rate-limit.ts';

export function postgresRateCounter(
  sql: Sql,
  scope: string,
  options: RateLimitOptions,
  clock: () => number,
): RateCounter {
  const { limit, windowMs } = options;
  const wait = (start: number, now: number) =>
    Math.max(1, Math.ceil((start + windowMs - now) / 1000));
  let prunedAt = 0;
  const prune = (now: number) => {
    if (now - prunedAt < windowMs) return;
    prunedAt = now;
    sql`DELETE FROM rate_limits WHERE scope = ${scope} AND window_start <= ${now - windowMs}`.catch(
      () => {
        // Left for the next one; the counts are right either way.
      },
    );
  };
  return {
    async hit(key): Promise<RateDecision> {
      const now = clock();
      prune(now);
      const [row] = await sql<{ window_start: string; count: number }[]>`
        INSERT INTO rate_limits AS r (scope, key, window_start, count) VALUES (${scope}, ${key}, ${now}, 1)
        ON CONFLICT (scope, key) DO UPDATE SET
          window_start = CASE WHEN r.window_start <= ${now - windowMs} THEN excluded.window_start ELSE r.window_start END,
          count = CASE WHEN r.window_start <= ${now - windowMs} THEN 1 ELSE r.count + 1 END
        RETURNING window_start, count`;
      // Refused requests count too (the in-memory limiter stops at the limit): either way a request is allowed while the count is within it.
      return row.count <= limit
        ? { allowed: true, remaining: limit - row.count }
        : { allowed: false, retryAfterSeconds: wait(Number(row.window_start), now) };
    },
    async blockedFor(key) {
      const now = clock();
      const [row] = await sql<
        { window_start: string; count: number }[]
      >`SELECT window_start, count FROM rate_limits WHERE scope = ${scope} AND key = ${key}`;
      if (!row || Number(row.window_start) <= now - windowMs || row.count < limit) return undefined;
      return wait(Number(row.window_start), now);
    },
  };
}
