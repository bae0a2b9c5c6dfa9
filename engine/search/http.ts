/**
 * The Algolia search REST contract over HTTP, for the real algoliasearch client pointed at
 * this host (hosts: [{ url: 'host:port', protocol: 'http' }]). Mounted at the server root so
 * paths are exactly Algolia's:
 *
 *   POST /1/indexes/*\/queries                  multi-query (hits and facet value searches)
 *   POST /1/indexes/{index}/query               one search (params string or fields)
 *   GET  /1/indexes/{index}?query=…             one search from the query string
 *   POST /1/indexes/{index}/facets/{facet}/query  facet value search
 *   GET  /1/indexes/{index}/{objectID}          one record
 *   POST /1/indexes/*\/objects                  several records
 *
 * and, with the admin key, the write endpoints of the official client's indexing calls
 * (batch, settings and replicas, partial updates, deletes, browse, tasks: write-router.ts).
 *
 * Clients send JSON as text/plain (no CORS preflight) and may gzip it; both are read. The
 * x-algolia-application-id and x-algolia-api-key headers (or query parameters) are accepted;
 * with `apiKeys` set, other keys get 403. With `baseFilter` set, every search, facet search
 * and record lookup is held to the filter it gives for the request's key (public-access.ts).
 * Errors are Algolia's { message, status }.
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { SearchEngine } from './engine.ts';
import type { MultiQueryRequest, RequestScope } from './engine-types.ts';
import { multipleQueriesOn } from './multi-query.ts';
import { SearchError } from './errors.ts';
import { checkJsonDepth, MAX_OBJECTS_PER_REQUEST } from './limits.ts';
import { decodeParamString, list } from './params.ts';
import {
  ADMIN_KEY_FAILURE_LIMIT,
  createWriteRouter,
  isAdminKey,
  keyGuard,
  type WriteRouterOptions,
} from './write-router.ts';
import { memoryRateCounter } from '../net/rate-limit.ts';
import { WriteStore } from './write-store.ts';
import { SearchPool, searchWorkerCount } from './worker-pool.ts';

export interface SearchRouterOptions {
  /** Accepted search keys; when empty or absent any key (or none) is accepted. */
  apiKeys?: string[];
  /** Largest request body accepted. */
  bodyLimit?: string;
  /**
   * The filter a request with this search key is held to on this index (undefined: none),
   * ANDed with whatever it asks, the way Algolia's secured API keys embed filters.
   */
  baseFilter?: (apiKey: string | undefined, indexName: string) => string | undefined;
  /** The admin key the write endpoints need (FORECOURT_SEARCH_ADMIN_KEY); unset: writes are refused with 403. */
  adminKey?: WriteRouterOptions['adminKey'];
  /** Where refused keys are counted per client address (write-router.ts); default in this process. */
  adminKeyFailures?: WriteRouterOptions['adminKeyFailures'];
  /**
   * The engine a read with this search key runs on (undefined: the router's own engine): a
   * site's key may search an engine holding only that site's cars (engine/inventory/live-stock.ts).
   */
  engineFor?: (apiKey: string | undefined, indexName: string) => SearchEngine | undefined;
  /** Told before a request with the admin key is handled (it may write to the router's own engine). */
  onAdminRequest?: () => void;
  /**
   * Searches, multi-queries and facet searches run in these worker threads (worker-pool.ts);
   * absent: as many as FORECOURT_SEARCH_WORKERS says (unset or 0: on this thread). Idle
   * workers do not keep the process alive.
   */
  pool?: SearchPool;
}

const ALLOWED_HEADERS =
  'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent, x-algolia-usertoken, x-algolia-user-id, x-forwarded-for';

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'object' && !Buffer.isBuffer(body)) return body as Record<string, unknown>;
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new SearchError(`Invalid JSON body: ${(err as Error).message}`, 400);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new SearchError('The body must be a JSON object', 400);
  checkJsonDepth(parsed, 'The body');
  return parsed as Record<string, unknown>;
}

/**
 * A GET search's parameters, read from the query string the way Algolia reads a `params`
 * string: facetFilters, numericFilters, tagFilters and the list parameters may be JSON arrays.
 */
function queryParams(req: Request): Record<string, unknown> {
  const search = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  for (const key of [...search.keys()]) if (key.startsWith('x-algolia-')) search.delete(key);
  return decodeParamString(search.toString());
}

function apiKeyOf(req: Request): string | undefined {
  return (
    req.get('x-algolia-api-key') ??
    (typeof req.query['x-algolia-api-key'] === 'string'
      ? req.query['x-algolia-api-key']
      : undefined)
  );
}

/** `engine` may be given as a function, called when a request first needs it (a server builds its whole-stock engine only then). */
export function createSearchRouter(
  engine: SearchEngine | (() => SearchEngine),
  options: SearchRouterOptions = {},
) {
  const router = Router();
  const keys = new Set(options.apiKeys ?? []);
  const scopeOf = (req: Request, indexName: string): RequestScope => ({
    baseFilter: options.baseFilter?.(apiKeyOf(req), indexName),
  });
  const own = typeof engine === 'function' ? engine : () => engine;
  const engineOf = (req: Request, indexName: string) =>
    options.engineFor?.(apiKeyOf(req), indexName) ?? own();
  // One count per client address for every refused key, whether written or searched with.
  const failures = options.adminKeyFailures ?? memoryRateCounter(ADMIN_KEY_FAILURE_LIMIT, Date.now);
  const searchKeyGuard = keyGuard(
    (req) => {
      const key = apiKeyOf(req);
      return Boolean(key && (keys.has(key) || isAdminKey(key, options.adminKey)));
    },
    'Invalid Application-ID or API key',
    failures,
  );

  router.use('/1', (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', req.get('origin') ?? '*');
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.get('access-control-request-headers') ?? ALLOWED_HEADERS,
    );
    res.setHeader('Access-Control-Max-Age', '86400');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    const pass = (err?: unknown) => {
      if (err) return next(err);
      if (options.onAdminRequest && isAdminKey(apiKeyOf(req), options.adminKey))
        options.onAdminRequest();
      next();
    };
    if (keys.size) return searchKeyGuard(req, res, pass);
    pass();
  });
  router.use(
    createWriteRouter(new WriteStore(own), apiKeyOf, bodyOf, {
      adminKey: options.adminKey,
      adminKeyFailures: failures,
    }),
  );
  router.use('/1', express.text({ type: () => true, limit: options.bodyLimit ?? '1mb' }));

  const workers = options.pool ? 0 : searchWorkerCount();
  const pool = options.pool ?? (workers ? new SearchPool(workers) : undefined);
  /** One search, in a worker when there is a pool. */
  const searchOn = async (req: Request, indexName: string, params: Record<string, unknown>) => {
    const engine = engineOf(req, indexName);
    const scope = scopeOf(req, indexName);
    return pool
      ? pool.search(engine, { indexName, params, baseFilters: { [indexName]: scope.baseFilter } })
      : engine.search(indexName, params, scope);
  };
  /** The engine every query of a multi-query runs on, when it is one (else they run here, each on its own). */
  const oneEngine = (req: Request, requests: MultiQueryRequest[]) => {
    let engine: SearchEngine | undefined;
    for (const r of requests) {
      if (!r || typeof r !== 'object' || typeof r.indexName !== 'string') return undefined;
      const own = engineOf(req, r.indexName);
      if (engine && own !== engine) return undefined;
      engine = own;
    }
    return engine;
  };

  const send = (res: Response, body: unknown) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };

  router.post('/1/indexes/:index/queries', async (req, res) => {
    if (req.params.index !== '*')
      throw new SearchError('Multi-queries go to /1/indexes/*/queries', 404);
    const body = bodyOf(req);
    if (!Array.isArray(body.requests)) throw new SearchError('requests must be an array', 400);
    const requests = body.requests as MultiQueryRequest[];
    const pooled = pool && oneEngine(req, requests);
    send(
      res,
      pooled
        ? await pool.multipleQueries(pooled, {
            requests,
            baseFilters: Object.fromEntries(
              requests.map((r) => [r.indexName, scopeOf(req, r.indexName).baseFilter]),
            ),
          })
        : multipleQueriesOn(
            (indexName) => engineOf(req, indexName),
            requests,
            (indexName) => scopeOf(req, indexName),
          ),
    );
  });

  router.post('/1/indexes/:index/objects', (req, res) => {
    if (req.params.index !== '*')
      throw new SearchError('Object batches go to /1/indexes/*/objects', 404);
    const body = bodyOf(req);
    if (!Array.isArray(body.requests)) throw new SearchError('requests must be an array', 400);
    if (body.requests.length > MAX_OBJECTS_PER_REQUEST)
      throw new SearchError(
        `At most ${MAX_OBJECTS_PER_REQUEST} objects may be retrieved in one request`,
        400,
      );
    const results = (body.requests as unknown[]).map((r) => {
      if (!r || typeof r !== 'object' || Array.isArray(r))
        throw new SearchError('each request needs an indexName and an objectID', 400);
      const { indexName, objectID } = r as Record<string, unknown>;
      if (
        typeof indexName !== 'string' ||
        (typeof objectID !== 'string' && typeof objectID !== 'number')
      )
        throw new SearchError('each request needs an indexName and an objectID', 400);
      try {
        return engineOf(req, indexName).getObject(
          indexName,
          String(objectID),
          list(r as Record<string, unknown>, 'attributesToRetrieve'),
          scopeOf(req, indexName),
        );
      } catch (err) {
        if (err instanceof SearchError && err.message.startsWith('ObjectID')) return null;
        throw err;
      }
    });
    send(res, { results });
  });

  router.post('/1/indexes/:index/query', async (req, res) => {
    send(res, await searchOn(req, req.params.index, bodyOf(req)));
  });

  router.post('/1/indexes/:index/facets/:facet/query', async (req, res) => {
    const { index: indexName, facet } = req.params;
    const engine = engineOf(req, indexName);
    const scope = scopeOf(req, indexName);
    const params = bodyOf(req);
    send(
      res,
      pool
        ? await pool.searchForFacetValues(engine, {
            indexName,
            facet,
            params,
            baseFilters: { [indexName]: scope.baseFilter },
          })
        : engine.searchForFacetValues(indexName, facet, params, scope),
    );
  });

  router.get('/1/indexes/:index', async (req, res) => {
    send(res, await searchOn(req, req.params.index, queryParams(req)));
  });

  router.get('/1/indexes/:index/:objectID', (req, res) => {
    send(
      res,
      engineOf(req, req.params.index).getObject(
        req.params.index,
        req.params.objectID,
        list(queryParams(req), 'attributesToRetrieve'),
        scopeOf(req, req.params.index),
      ),
    );
  });

  router.use('/1', (_req, _res, next) =>
    next(new SearchError('No such endpoint in this search service', 404)),
  );

  router.use('/1', (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (err instanceof SearchError) {
      res.status(err.status).json(err.toJSON());
      return;
    }
    // body-parser errors carry a status (413 too large, 400 bad encoding, 415 unknown encoding).
    const status =
      (err as { status?: number; statusCode?: number }).status ??
      (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: (err as Error).message, status });
      return;
    }
    console.error('[search] request failed', err);
    res.status(500).json({ message: 'The search service failed on this request', status: 500 });
  });

  return router;
}
