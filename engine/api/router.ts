/**
 * The local API, mounted by the server at /api:
 *
 *   const api = await createApiRouter({ sites, dataDir: defaultDataDir(root), databaseUrl: process.env.DATABASE_URL, getCar, … });
 *   app.use('/api', api);          // before the page routes
 *   server.on('close', () => api.close());
 *
 * The store is SQLite in dataDir, or PostgreSQL when databaseUrl is given (docs/api.md, "Storage").
 * Every endpoint is described once in the route table (routes/*.ts); this file turns
 * the table into express routes with the same pipeline for each: rate limit, auth,
 * schema validation, handler, and errors as {error, fields}.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { systemClock, type Clock } from '../clock.ts';
import { localAdapters } from './adapters/index.ts';
import { smsFromEnv } from './adapters/sms.ts';
import type { ApiContext } from './context.ts';
import { apiHeaders, HttpError, jsonBodiesOnly } from './http.ts';
import { LeadSecrets } from './lead-secret.ts';
import { buildOpenApi } from './openapi.ts';
import type { ApiRouterOptions } from './options.ts';
import { DEFAULT_RATE_LIMIT, type RateCounter } from './rate-limit.ts';
import { expressPath, type ApiRoute, type RouteResult } from './route.ts';
import { carRoutes } from './routes/cars.ts';
import { leadRoutes } from './routes/leads.ts';
import { phoneRevealRoutes } from './routes/phone-reveals.ts';
import { reservationRoutes } from './routes/reservations.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { serviceRoutes } from './routes/services.ts';
import { sessionRoutes } from './routes/session.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffDeliveryRoutes } from './routes/staff-deliveries.ts';
import { staffFeedRoutes } from './routes/staff-feeds.ts';
import { tradeInRoutes } from './routes/trade-in.ts';
import { watchlistRoutes } from './routes/watchlist.ts';
import { savedSearchRoutes } from './routes/saved-searches.ts';
import { UnsubscribeTokens } from './alerts/unsubscribe.ts';
import { AlertWorker } from './alerts/worker.ts';
import { signedIn } from './session-cookie.ts';
import { guardStaff, resolveStaffToken, type StaffGuard } from './staff-auth.ts';
import { CarHolds } from './reservations/holds.ts';
import { testClockRouter } from './reservations/test-clock.ts';
import { openStore } from './store/open.ts';
import { storeUnavailable, storeUnavailableError } from './unavailable.ts';
import type { Store } from './store/types.ts';
import { createValidators } from './validation.ts';
import { startDelivery } from './delivery/start.ts';
import type { DeliveryWorker } from './delivery/worker.ts';
import { openJobQueue, type JobQueue } from '../jobs/queue.ts';
import { inProcessReader, type InProcessReader } from './in-process.ts';

export type { ApiRouterOptions } from './options.ts';
export { defaultDataDir } from './db/database.ts';

export interface ApiRouterExtras {
  /** The staff view's token (given, from FORECOURT_STAFF_TOKEN, or generated and kept). */
  staffToken: string;
  /** The OpenAPI document served at /openapi.json. */
  openapi: Record<string, unknown>;
  /** The open store (tests, maintenance scripts). */
  store: Store;
  /** The lead delivery worker (docs/leads.md): nudge it, or wait until it is idle. */
  deliveries: DeliveryWorker;
  /** The saved-search alerts (docs/api.md, "Saved searches and alerts"): tell it which sites' stock changed. */
  alerts: AlertWorker;
  /**
   * The job queue (engine/jobs; docs/deploy.md, "Background jobs"): pg-boss with a database,
   * else in this process. Other parts register their scheduled jobs on it (feed pulls, alerts, sync).
   */
  jobs: JobQueue;
  /** Answers the public reads marked `inProcess` without HTTP: the server's page rendering (in-process.ts). */
  readInProcess: InProcessReader;
  /** Stops the job queue (the jobs running finish first), then closes the store; call it when the HTTP server closes. */
  close(): Promise<void>;
  /** Resolves when the background jobs started so far (the reservation release job, lead deliveries) have finished: tests moving a FakeClock. */
  settled(): Promise<void>;
}

export type ApiRouter = Router & ApiRouterExtras;

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';

export async function createApiRouter(options: ApiRouterOptions): Promise<ApiRouter> {
  const log = options.log ?? console;
  const clock: Clock =
    options.testClock ??
    options.clock ??
    (options.now ? { now: options.now, every: systemClock.every } : systemClock);
  const now = () => clock.now();
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let holds: CarHolds | undefined;
  let jobs: JobQueue | undefined;
  let delivery: ReturnType<typeof startDelivery> | undefined;
  let alerts: AlertWorker | undefined;
  try {
    jobs = await openJobQueue({ clock, databaseUrl: options.databaseUrl, log });
    delivery = startDelivery(options, store, clock, log, jobs);
    const env = options.env ?? process.env;
    alerts = new AlertWorker({
      store,
      sites: options.sites,
      stock: options.alertStock,
      transport: delivery.transport,
      from: env.FORECOURT_MAIL_FROM,
      clock,
      jobs,
      tokens: new UnsubscribeTokens(await store.setting('alert_unsubscribe_key')),
      publicOrigin: env.FORECOURT_PUBLIC_ORIGIN,
      tuning: options.alertTuning,
      log,
    });
    holds = new CarHolds(
      store.reservations,
      clock,
      options.onHeldCarsChanged,
      log,
      store.kind === 'postgres',
    );
    const ctx: ApiContext = {
      store,
      sites: options.sites,
      now,
      leads: store.leads,
      reservations: store.reservations,
      holds,
      leadSecrets: new LeadSecrets(await store.setting('lead_secret_key')),
      watchlist: store.watchlist,
      sessions: store.sessions,
      reviews: store.reviews,
      records: store.records,
      valuations: store.valuations,
      adapters: {
        ...localAdapters({
          catalogue: options.sites.catalogue,
          captchaSecret: await store.setting('captcha_secret'),
          sms: smsFromEnv(options.env ?? process.env, options.dataDir, log),
        }),
        ...(typeof options.adapters === 'function'
          ? options.adapters({ catalogue: options.sites.catalogue })
          : options.adapters),
      },
      validators: createValidators(),
      hooks: options.hooks ?? {},
      seedReviews: options.seedReviews,
      getCar: options.getCar,
      getCarBySlug: options.getCarBySlug,
      log,
      delivery: delivery.worker,
      alerts,
    };
    const staffToken = await resolveStaffToken(options, store, log);
    let openapi: Record<string, unknown> = {};
    const routes: ApiRoute[] = [
      ...leadRoutes(ctx),
      ...reservationRoutes(ctx),
      ...watchlistRoutes(ctx),
      ...savedSearchRoutes(ctx),
      ...phoneRevealRoutes(ctx),
      ...tradeInRoutes(ctx),
      ...reviewRoutes(ctx),
      ...carRoutes(ctx),
      ...sessionRoutes(ctx),
      ...serviceRoutes(ctx),
      ...staffRoutes(ctx),
      ...staffDeliveryRoutes(ctx),
      ...staffFeedRoutes(ctx),
      {
        method: 'get',
        path: '/openapi.json',
        operationId: 'openapi',
        tag: 'Meta',
        summary: 'This document',
        responses: {
          200: { description: 'The OpenAPI 3.1 document.', contentType: 'application/json' },
        },
        cache: 'public, max-age=300',
        handle: () => ({ json: openapi }),
      },
    ];
    openapi = buildOpenApi(routes);
    const readInProcess = inProcessReader(routes, ctx);

    // In the store, so that servers sharing one count together (docs/api.md, "Storage").
    const counter = (scope: string) =>
      options.rateLimit === false
        ? undefined
        : store.rateCounter(scope, options.rateLimit ?? DEFAULT_RATE_LIMIT, () => now().getTime());
    const limiter = counter('requests');
    // Wrong staff tokens count per client address alone: varying ?site= buys no more guesses.
    const tokenFailures = counter('staff-token');
    const router = express.Router();
    router.use(apiHeaders());
    router.use(jsonBodiesOnly(['/saved-searches/unsubscribe']));
    router.use(express.json({ limit: options.jsonLimit ?? '64kb' }));
    const staff: StaffGuard = { operatorToken: staffToken, store, now, failures: tokenFailures };
    for (const route of routes) {
      router[route.method](expressPath(route.path), pipeline(route, ctx, { limiter, staff }));
    }
    const running = holds;
    const queue = jobs;
    const deliveries = delivery;
    const alerting = alerts;
    const settled = async () => {
      await queue.settled();
      await running.settled();
    };
    if (options.testClock)
      router.use('/test/clock', testClockRouter(options.testClock, log, settled));
    router.use((_req: Request, res: Response) => {
      res.status(404).json({ error: 'No such API endpoint. See /api/openapi.json.' });
    });
    router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
      sendError(res, bodyError(err) ?? unexpected(err, log, 'request'));
    });
    await holds.start(jobs);
    await delivery.start();
    if (options.delivery?.enabled !== false) await alerts.start();
    return Object.assign(router, {
      staffToken,
      openapi,
      store,
      deliveries: delivery.worker,
      alerts,
      jobs,
      settled,
      readInProcess,
      close: async () => {
        running.stop();
        deliveries.worker.stop();
        alerting.stop();
        // Graceful: a delivery or release running here finishes before the store closes.
        await queue.stop();
        deliveries.close();
        await running.settled();
        await store.close();
      },
    });
  } catch (err) {
    holds?.stop();
    alerts?.stop();
    await jobs?.stop();
    delivery?.close();
    await store.close();
    throw err;
  }
}

function pipeline(
  route: ApiRoute,
  ctx: ApiContext,
  deps: { limiter?: RateCounter; staff: StaffGuard },
): RequestHandler {
  return async (req, res) => {
    try {
      if (route.cache) res.setHeader('Cache-Control', route.cache);
      if (route.auth === 'staff' || route.auth === 'staff-query')
        await guardStaff(route, req, deps.staff);
      if (route.rateLimited && deps.limiter) {
        const decision = await deps.limiter.hit(
          `${req.ip ?? ''}|${siteKey(req.body, req.query)}|${route.operationId}`,
        );
        if (!decision.allowed) {
          throw new HttpError(
            429,
            'Too many requests. Please wait a moment and try again.',
            undefined,
            {
              'Retry-After': String(decision.retryAfterSeconds),
            },
          );
        }
      }
      const session = await authenticate(route, req, ctx);
      const params = { ...req.params };
      const query = { ...(req.query as object) };
      const body: unknown = req.body;
      ctx.validators.assertAll([
        [route.params, params],
        [route.query, query],
        [route.body, body],
      ]);
      send(res, await route.handle({ req, res, body, query, params, session }));
    } catch (err) {
      sendError(
        res,
        err instanceof HttpError ? err : unexpected(err, ctx.log, route.operationId, route.failure),
      );
    }
  };
}

/** The site a rate-limited request is for (site slug, website_id for phone reveals, ?site= for the staff view). */
function siteKey(body: unknown, query: unknown): string {
  const b = (body ?? {}) as { site?: unknown; website_id?: unknown };
  const q = (query ?? {}) as { site?: unknown };
  const key =
    typeof b.site === 'string'
      ? b.site
      : typeof b.website_id === 'number'
        ? String(b.website_id)
        : typeof q.site === 'string'
          ? q.site
          : '';
  return key.slice(0, 80);
}

/** The session of a route that needs one (staff routes passed guardStaff already). */
async function authenticate(route: ApiRoute, req: Request, ctx: ApiContext) {
  switch (route.auth) {
    case 'session':
    case 'session-optional':
      return signedIn(req, ctx, route.auth === 'session-optional');
    default:
      return undefined;
  }
}

function send(res: Response, result: RouteResult) {
  if (result.headers) res.set(result.headers);
  if ('json' in result) res.status(result.status ?? 200).json(result.json);
  else if ('body' in result)
    res
      .status(result.status ?? 200)
      .type(result.contentType)
      .send(result.body);
  else res.status(204).end();
}

function sendError(res: Response, err: HttpError) {
  if (res.headersSent) return;
  res.set(err.headers);
  // A route's public cache setting must not keep an error around.
  res.setHeader('Cache-Control', 'no-store');
  res.status(err.status).json(err.body);
}

/** body-parser's errors: too large (413), not JSON (400), unreadable (its 4xx). */
function bodyError(err: unknown): HttpError | undefined {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.too.large') return new HttpError(413, 'The request is too large.');
  if (e?.type === 'entity.parse.failed')
    return new HttpError(400, 'The request body is not valid JSON.');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new HttpError(e.status, 'The request body could not be read.');
  return undefined;
}

function unexpected(
  err: unknown,
  log: Pick<Console, 'error'>,
  where: string,
  message = GENERIC_FAILURE,
) {
  log.error(`[forecourt] api ${where} failed`, err);
  // The database away is a wait, not a fault: 503 with Retry-After (unavailable.ts).
  return storeUnavailable(err) ? storeUnavailableError() : new HttpError(500, message);
}
