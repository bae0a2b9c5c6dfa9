/**
 * One server process of the leads bench (docs/leads.md, "Proof"): the local API as the
 * platform's server wires it (engine/server/services.ts: createApiRouter with the demo's
 * adapters and stock, the store in FORECOURT_DATA_DIR or DATABASE_URL, the delivery worker
 * sending over FORECOURT_SMTP_URL), mounted at /api on PORT. The page routes are left out:
 * they need a production build and take no part in a lead's path. Prints "listening on {url}"
 * once it serves. Like a server behind a proxy on this machine, it believes X-Forwarded-For
 * from loopback (the bench's leads come from many visitors).
 *
 * LEADS_BENCH_CARS is a JSON file of the cars (the bench makes the demo stock once, not each
 * process at each restart). LEADS_BENCH_TUNING (JSON) shortens the worker's timings for the
 * quick run only; the full run keeps the defaults the platform runs with
 * (delivery/worker.ts, DELIVERY_DEFAULTS).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Car } from '../../../schemas/types.gen.ts';
import type { DeliveryTuning } from '../../../engine/api/delivery/worker.ts';
import { startHtmlSanitizer } from '../../../engine/sanitize/html.server.ts';

const env = process.env;
const sitesDir = env.FORECOURT_SITES_DIR!;
// First, as server.ts does: without the build's sanitised answers the worker loads while the rest of the API does.
startHtmlSanitizer();
const { default: express } = await import('express');
const { demoApi } = await import('../../../demo/defaults.ts');
const { createApiRouter } = await import('../../../engine/api/router.ts');
const { SiteStore } = await import('../../../engine/server/sites.ts');
const cars = new Map(
  (JSON.parse(readFileSync(env.LEADS_BENCH_CARS!, 'utf8')) as Car[]).map((c) => [c.id, c]),
);
const tuning = env.LEADS_BENCH_TUNING
  ? (JSON.parse(env.LEADS_BENCH_TUNING) as DeliveryTuning)
  : undefined;
const api = await createApiRouter({
  ...demoApi,
  sites: new SiteStore(sitesDir),
  dataDir: env.FORECOURT_DATA_DIR!,
  databaseUrl: env.DATABASE_URL || undefined,
  staffToken: env.FORECOURT_STAFF_TOKEN,
  getCar: (id) => cars.get(Number(id)),
  delivery: { tuning },
  log: { log: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) },
});
const app = express();
app.set('trust proxy', 'loopback');
app.use('/api', api);
const server = app.listen(Number(env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
