/**
 * Fixed-window request counters per key (a client address, with a site and route or a scope):
 * at most `limit` requests per `windowMs` for each key. RateLimiter counts in memory, so it
 * resets on restart and is per process: the SQLite default's single server. Servers sharing a
 * PostgreSQL store count in the database instead (api/store/postgres/rate-counter.ts), so a
 * client spreading requests over several servers meets the same limit (docs/api.md,
 * "Storage"). Here, at the bottom of the engine's layers, so that the search service counts
 * wrong admin keys the way the API counts wrong staff tokens.
 */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 60_000 };

export type RateDecision =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** A counter the API awaits: in memory, or shared in the store. */
export interface RateCounter {
  /** Counts a request for the key, and answers whether it is allowed. */
  hit(key: string): Promise<RateDecision>;
  /** Seconds to wait when a hit would be refused now, undefined when it would be allowed; counts nothing. */
  blockedFor(key: string): Promise<number | undefined>;
}

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number,
  ) {}

  hit(key: string): RateDecision {
    const now = this.clock();
    const { limit, windowMs } = this.options;
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= limit) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)),
      };
    }
    w.count++;
    return { allowed: true, remaining: limit - w.count };
  }

  /** Whether a hit for this key would be allowed now, without counting one (a wrong token is counted after it is known wrong). */
  allows(key: string): boolean {
    const w = this.windows.get(key);
    return !w || this.clock() - w.start >= this.options.windowMs || w.count < this.options.limit;
  }

  /** Seconds until this key's window ends (at least 1). */
  retryAfterSeconds(key: string): number {
    const w = this.windows.get(key);
    return w ? Math.max(1, Math.ceil((w.start + this.options.windowMs - this.clock()) / 1000)) : 1;
  }

  /** Forgets finished windows so that many one-off clients cannot grow the map forever. */
  private prune(now: number) {
    for (const [key, w] of this.windows)
      if (now - w.start >= this.options.windowMs) this.windows.delete(key);
  }
}

/** The in-memory limiter as a RateCounter (the SQLite store's, one process). */
export function memoryRateCounter(options: RateLimitOptions, clock: () => number): RateCounter {
  const limiter = new RateLimiter(options, clock);
  return {
    hit: async (key) => limiter.hit(key),
    blockedFor: async (key) => (limiter.allows(key) ? undefined : limiter.retryAfterSeconds(key)),
  };
}
