/**
 * The composition root: the platform (engine/) wired with the demo's stock, photos, reviews,
 * postcodes, rego registry and history reports (demo/defaults.ts), listening on PORT.
 * `npm start` and `npm run serve` run it compiled ahead (dist/node/server.js, scripts/build-server.ts)
 * with the production build, `npm run dev` as TypeScript under tsx (Vite, hot reload).
 * PORT overrides 4173 (0 picks a free port), HOST overrides 127.0.0.1; FORECOURT_* (README).
 */
import process from 'node:process';
import once from 'lodash-es/once.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOrExplain } from './engine/server/listen.ts';
import { httpServerOptions } from './engine/server/time-budget.ts';
import { guardConnections } from './engine/server/slow-clients.ts';
import { PROJECT_ROOT } from './engine/project-root.ts';
import { limitHeapGrowth } from './engine/server/heap-growth.ts';
import { Drain, drainDeadlineMs, platformDrainSteps } from './engine/server/drain.ts';

// First, while nothing else runs (engine/server/heap-growth.ts).
limitHeapGrowth();
const mode = process.argv.includes('--dev') ? 'development' : 'production';
// React picks its build when first imported, so settle NODE_ENV before loading the app.
process.env.NODE_ENV = mode;
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

// The port is taken first: a port in use is a clear error and exit 1, before the slow start-up.
// Until the app is ready, requests are told to come back (a health check sees 503, not a hang).
const starting = (_req: IncomingMessage, res: ServerResponse) => {
  res
    .writeHead(503, { 'Retry-After': '5', 'Content-Type': 'text/plain; charset=utf-8' })
    .end('Forecourt is starting. Please try again shortly.');
};
// Slow clients are cut off (engine/server/time-budget.ts).
const server = createServer(httpServerOptions(), starting);
try {
  await listenOrExplain(server, port, host);
} catch (err) {
  console.error(`[forecourt] ${(err as Error).message}`);
  process.exit(1);
}

// SIGTERM and SIGINT drain the server before it exits (engine/server/drain.ts; docs/deploy.md, "Stopping a server"),
// from here on: a signal during start-up lets the app finish starting (no migration or store cut
// half-way), then closes it like any drain, and the process exits 0.
const drain = new Drain(server, { deadlineMs: drainDeadlineMs(process.env) });
let appMade: (app: { close(): Promise<void> }) => void = () => {};
const made = new Promise<{ close(): Promise<void> }>((resolve) => (appMade = resolve));
drain.onSignals(platformDrainSteps(async () => (await made).close()));
// Without the build's sanitised answers, the sanitiser worker loads jsdom on another core while
// the app's modules load (docs/deploy.md, "Memory and start-up").
(await import('./engine/sanitize/html.server.ts')).startHtmlSanitizer();
const { createApp } = await import('./engine/server/app.ts');
const { demoProviders } = await import('./demo/defaults.ts');
const { DamagedDatabaseError } = await import('./engine/api/db/guard.ts');
const started = await createApp({
  mode,
  root: PROJECT_ROOT,
  sitesDir: process.env.FORECOURT_SITES_DIR,
  // The demo's camera photos are made in the background as their cars are; FORECOURT_DEMO_PHOTOS=drawn:
  // none, every demo car drawn (the pagespeed bench's peer server; docs/cars.md, "Demo photos").
  providers: demoProviders({
    cameraPhotos: process.env.FORECOURT_DEMO_PHOTOS === 'drawn' ? false : 'ahead',
  }),
  draining: () => drain.draining,
}).catch((err: unknown) => {
  // A damaged database is the operator's to repair (docs/api.md, "Storage"): say what and where, no stack.
  if (!(err instanceof DamagedDatabaseError)) throw err;
  console.error(err.message);
  process.exit(1);
});
appMade(started);
// Stopped while starting: the drain closes the app; nothing more is started or announced.
if (!drain.draining) serve();

function serve() {
  const { app, sites } = started;
  server.off('request', starting);
  // Responses nobody reads and more connections from one address than its share are cut off
  // (engine/server/slow-clients.ts); behind a proxy, the address express trusts counts.
  server.on(
    'request',
    drain.track(guardConnections(server, app, { trusted: app.get('trust proxy fn') })),
  );
  // What the first pages do not need (the other sites' cars and engines, the text indexes) is
  // made once the first answer is sent, or after 2 s if none is asked for, so it never holds up
  // the first visitor; each step waits for the requests in flight (at most half a second), so
  // it holds up no later one either.
  const warmUp = once(() =>
    started
      .warmUp(() => drain.whenIdle(500))
      .catch((err: unknown) => console.error('[stock] warming up failed', err)),
  );
  setTimeout(warmUp, 2000).unref();
  server.once('request', (_req: IncomingMessage, res: ServerResponse) =>
    res.once('close', () => setImmediate(warmUp)),
  );
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}`;
  console.log(`Forecourt (${mode}) listening on ${base}/`);
  for (const e of sites.all()) console.log(`  ${e.ok ? '✓' : '✗'} ${base}/sites/${e.slug}/`);
  console.log(`  editor: ${base}/editor/`);
}
