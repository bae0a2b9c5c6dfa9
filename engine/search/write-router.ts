/**
 * The write endpoints of Algolia's REST API on the embedded engine (docs/search-sync.md),
 * the ones the official client's indexing calls use: batch writes, partial updates, deletes,
 * settings with replicas, browse, and tasks for waitForTask.
 *
 * Every one needs the admin key (FORECOURT_SEARCH_ADMIN_KEY, a server-side secret); without
 * one configured, or with any other key, the answer is Algolia's 403. Reading records through
 * browse needs it too: it returns hidden cars, which public requests never reach
 * (public-access.ts). Searches keep their public rules whatever key they carry.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { SearchError } from './errors.ts';
import type { AlgoliaSettings } from './write-settings.ts';
import type { BatchRequest, WriteStore } from './write-store.ts';

export interface WriteRouterOptions {
  /** The admin key writes need; unset: every write is refused. */
  adminKey?: string;
  /** Largest write body (a batch of a thousand cars is a few MB). */
  bodyLimit?: string;
}

type BodyOf = (req: Request) => Record<string, unknown>;

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isAdminKey(given: string | undefined, adminKey: string | undefined): boolean {
  return Boolean(adminKey && given && timingSafeEqual(digest(given), digest(adminKey)));
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
  admin.use((req, _res, next) => {
    if (!isAdminKey(apiKeyOf(req), options.adminKey))
      return next(new SearchError('Method not allowed with this API key', 403));
    next();
  });
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
