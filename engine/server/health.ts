/**
 * Health answers for the proxy in front and for a supervisor (docs/deploy.md, "Health
 * checks"). Liveness (`/healthz`, `/healthz/live`): the process answers, nothing else is
 * asked, so a database outage never gets servers restarted. Readiness (`/healthz/ready`): 200
 * only when this server can serve its sites (at least one valid site loaded, the API's store
 * answering within READY_STORE_TIMEOUT_MS) and is not draining (drain.ts); else 503, so the
 * proxy sends its visitors elsewhere. Plain JSON without addresses or secrets, never cached.
 */
import { Router, type Response } from 'express';
import type { Store } from '../api/store/types.ts';
import type { PostgresStore } from '../api/store/postgres/store.ts';
import type { SqliteStore } from '../api/store/sqlite.ts';
import type { SiteStore } from './sites.ts';

/** Longest readiness waits for the store: a proxy's check (a few seconds) gets its answer well within its own timeout. */
export const READY_STORE_TIMEOUT_MS = 1000;

/** Time limits after which a ping still outstanding is given up for a fresh one. */
export const STALE_PINGS = 5;

export const HEALTH_PATHS = { live: '/healthz/live', ready: '/healthz/ready' } as const;

export type StoreState = 'reachable' | 'unreachable' | 'no answer';

/** The cheapest question the store answers only when it is there. */
export function storePing(store: Store): () => Promise<unknown> {
  if (store.kind === 'postgres') {
    const { sql } = store as PostgresStore;
    return () => sql`SELECT 1`;
  }
  const { db } = store as SqliteStore;
  return async () => db.prepare('SELECT 1').get();
}

/**
 * `ping` bounded by `timeoutMs`, and one ping outstanding at a time: while one hangs (a
 * database that takes connections and never answers), later checks wait on it rather than
 * pile up connections, each still answered within the time limit; a ping outstanding for
 * `STALE_PINGS` time limits is given up, so a database back after a hang is seen within that.
 */
export function boundedProbe(
  ping: () => Promise<unknown>,
  timeoutMs = READY_STORE_TIMEOUT_MS,
): () => Promise<StoreState> {
  let pending: { answer: Promise<StoreState>; since: number } | undefined;
  return async () => {
    if (!pending || Date.now() - pending.since > STALE_PINGS * timeoutMs) {
      const answer = ping().then(
        () => 'reachable' as const,
        () => 'unreachable' as const,
      );
      const mine = { answer, since: Date.now() };
      pending = mine;
      void answer.then(() => {
        if (pending === mine) pending = undefined;
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<StoreState>((resolve) => {
      timer = setTimeout(() => resolve('no answer'), timeoutMs);
    });
    try {
      return await Promise.race([pending.answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

export interface HealthOptions {
  sites: Pick<SiteStore, 'all'>;
  /** The store's answer within its time limit (boundedProbe). */
  store: () => Promise<StoreState>;
  /** True once the server has begun to stop (drain.ts). */
  draining: () => boolean;
  /** What else liveness reports (the stock's warm-up, the git sync, stale sites). */
  details?: () => object;
}

const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

export function healthRouter({ sites, store, draining, details }: HealthOptions): Router {
  const router = Router();
  for (const path of ['/healthz', HEALTH_PATHS.live])
    router.get(path, (_req, res) => {
      noStore(res);
      res.json({ ok: true, ...details?.() });
    });
  router.get(HEALTH_PATHS.ready, async (_req, res, next) => {
    try {
      noStore(res);
      const all = sites.all();
      const served = all.filter((e) => e.ok).length;
      // A server already stopping is out whatever its store says: no need to ask it (and a
      // drain that began while the store was asked still turns the answer to 503).
      const state = draining() ? undefined : await store();
      const stopping = draining();
      const ready = !stopping && served > 0 && state === 'reachable';
      res.status(ready ? 200 : 503).json({
        ready,
        draining: stopping,
        sites: { served, unavailable: all.length - served },
        ...(state ? { store: state } : {}),
      });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
