/**
 * The write endpoints of Algolia's REST API on the embedded engine (docs/search-sync.md),
 * the ones the official client's indexing calls use: batch writes, partial updates, deletes,
 * settings with replicas, browse, and tasks for waitForTask.
 *
 * Every one needs the admin key (FORECOURT_SEARCH_ADMIN_KEY, a server-side secret); without
 * one configured, or with any other key, the answer is Algolia's 403. Reading records through
 * browse needs it too: it returns hidden cars, which public requests never reach
 * (public-access.ts). Searches keep their public rules whatever key they carry. Refused keys
 * count per client address, as wrong staff and editor tokens do (docs/security.md): past
 * ADMIN_KEY_FAILURE_LIMIT that address gets 429 on every write, the right key included.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { memoryRateCounter, type RateCounter, type RateLimitOptions } from '../net/rate-limit.ts';
import { SearchError } from './errors.ts';
import type { AlgoliaSettings } from './write-settings.ts';
import type { BatchRequest, WriteStore } from './write-store.ts';

export interface WriteRouterOptions {
  /** The admin key writes need; unset: every write is refused. */
  adminKey?: string;
  /** Largest write body (a batch of a thousand cars is a few MB). */
  bodyLimit?: string;
  /**
   * Where refused admin keys are counted per client address; default in this process. The
   * server counts in the API's store, so servers sharing PostgreSQL count together.
   */
  adminKeyFailures?: RateCounter;
}

/** Refused admin keys allowed per client address and minute (the staff token's allowance). */
export const ADMIN_KEY_FAILURE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 60_000 };

export const TOO_MANY_WRONG_KEYS =
  'Too many wrong API keys from this address. Please wait a moment and try again.';

type BodyOf = (req: Request) => Record<string, unknown>;

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isAdminKey(given: string | undefined, adminKey: string | undefined): boolean {
  return Boolean(adminKey && given && timingSafeEqual(digest(given), digest(adminKey)));
}

/**
 * Passes a request whose key `accepts`; otherwise 403 and the client address's failure
 * counted. An address past its allowance gets 429 with Retry-After before its key is looked at.
 */
export function keyGuard(
  accepts: (req: Request) => boolean,
  refusal: string,
  failures: RateCounter = memoryRateCounter(ADMIN_KEY_FAILURE_LIMIT, Date.now),
): RequestHandler {
  return (req, res, next) => {
    const client = req.ip ?? '';
    void (async () => {
      const waitSeconds = await failures.blockedFor(client);
      if (waitSeconds !== undefined) {
        res.setHeader('Retry-After', String(waitSeconds));
        return next(new SearchError(TOO_MANY_WRONG_KEYS, 429));
      }
      if (accepts(req)) return next();
      await failures.hit(client);
      next(new SearchError(refusal, 403));
    })().catch(next);
  };
}

export function createWriteRouter(
  store: WriteStore,
  apiKeyOf: (req: Request) => string | undefined,
  bodyOf: BodyOf,
  options: WriteRouterOptions = {},
): Router {
  const router = Router();
  const admin = Router();
  const send = (res: Response, body: unknown) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
  const now = () => new Date().toISOString();

  // Checked before the body is read: a request without the key does not get to send megabytes.
  admin.use(
    keyGuard(
      (req) => isAdminKey(apiKeyOf(req), options.adminKey),
      'Method not allowed with this API key',
      options.adminKeyFailures,
    ),
  );
  admin.use(express.text({ type: () => true, limit: options.bodyLimit ?? '50mb' }));

  admin.post('/1/indexes/:index/batch', (req, res) => {
    const body = bodyOf(req);
    const index = req.params.index === '*' ? undefined : req.params.index;
    send(res, store.batch(index, body.requests as BatchRequest[]));
  });
  admin.put('/1/indexes/:index/settings', (req, res) => {
    const forward = req.query.forwardToReplicas === 'true';
    send(res, {
      ...store.setSettings(req.params.index, bodyOf(req) as AlgoliaSettings, forward),
      updatedAt: now(),
    });
  });
  admin.get('/1/indexes/:index/settings', (req, res) =>
    send(res, store.getSettings(req.params.index)),
  );
  admin.post('/1/indexes/:index/browse', (req, res) => {
    const body = bodyOf(req);
    const list = (v: unknown) =>
      Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : undefined;
    send(
      res,
      store.browse(req.params.index, {
        cursor: typeof body.cursor === 'string' ? body.cursor : undefined,
        hitsPerPage: typeof body.hitsPerPage === 'number' ? body.hitsPerPage : undefined,
        filters: typeof body.filters === 'string' && body.filters ? body.filters : undefined,
        attributesToRetrieve: list(body.attributesToRetrieve),
      }),
    );
  });
  admin.get('/1/indexes/:index/task/:taskID', (_req, res) => send(res, store.taskStatus()));
  admin.get('/1/task/:taskID', (_req, res) => send(res, store.taskStatus()));
  admin.post('/1/indexes/:index/:objectID/partial', (req, res) => {
    const create = req.query.createIfNotExists !== 'false';
    send(res, {
      ...store.partialUpdate(req.params.index, req.params.objectID, bodyOf(req), create),
      updatedAt: now(),
    });
  });
  admin.put('/1/indexes/:index/:objectID', (req, res) =>
    send(res, {
      ...store.saveObject(req.params.index, bodyOf(req), req.params.objectID),
      updatedAt: now(),
    }),
  );
  admin.delete('/1/indexes/:index/:objectID', (req, res) =>
    send(res, { ...store.deleteObject(req.params.index, req.params.objectID), deletedAt: now() }),
  );
  admin.post('/1/indexes/:index', (req, res) =>
    send(res, { ...store.saveObject(req.params.index, bodyOf(req)), createdAt: now() }),
  );
  admin.delete('/1/indexes/:index', (req, res) =>
    send(res, { ...store.deleteIndex(req.params.index), deletedAt: now() }),
  );

  const WRITE_PATHS = [
    { method: 'POST', path: /^\/1\/indexes\/[^/]+\/(?:batch|browse)$/ },
    { method: 'PUT', path: /^\/1\/indexes\/[^/]+\/[^/]+$/ },
    { method: 'GET', path: /^\/1\/indexes\/[^/]+\/(?:settings|task\/[^/]+)$/ },
    { method: 'GET', path: /^\/1\/task\/[^/]+$/ },
    { method: 'POST', path: /^\/1\/indexes\/[^/]+\/[^/]+\/partial$/ },
    { method: 'DELETE', path: /^\/1\/indexes\/[^/]+(?:\/[^/]+)?$/ },
    { method: 'POST', path: /^\/1\/indexes\/[^/*]+$/ },
  ];
  router.use((req, res, next) => {
    if (WRITE_PATHS.some((w) => w.method === req.method && w.path.test(req.path)))
      return admin(req, res, next);
    next();
  });
  return router;
}
