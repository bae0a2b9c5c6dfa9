/**
 * The server's wiring of reservations (engine/server/services.ts, docs/api.md
 * "Reservations"): with FORECOURT_TEST_CLOCK=1 the API runs on a fake clock that
 * POST /api/test/clock moves; a reserved car is served as reserved by the search engine, also
 * after the stock is reloaded, and is released when the clock passes 48 hours. Without the
 * variable there is no test clock route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { solveCaptchaQuestion } from '../../../engine/api/adapters/captcha.ts';
import {
  HOLD_CHECK_INTERVAL_MS,
  RESERVATION_HOLD_MS,
} from '../../../engine/api/reservations/terms.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';
import { listenLocally, type Listening } from '../listen.ts';

const SITE = 'gold-coast-ford';
let dir: string;
let server: Listening | undefined;
let base: string;
let services: Awaited<ReturnType<typeof createServices>>;
let sites: SiteStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-reservation-stock-'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  sites = new SiteStore(SITES_DIR);
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir: join(dir, 'data'),
    env: { FORECOURT_TEST_CLOCK: '1' },
  });
  const app = express();
  app.use('/api', services.api);
  server = await listenLocally(app);
  base = `${server.base}/api`;
}, 60_000);

afterAll(async () => {
  services?.stock.close();
  await server?.close();
  await services?.api.close();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as any };
};
const served = (car: Car) => services.search.getObject(CAR_INDEX, String(car.id));

describe('reservations on the server', () => {
  it('holds the car in what search serves, through a stock reload, until the test clock passes 48 hours', async () => {
    const entry = sites.get(SITE);
    const dealers = new Set(entry?.ok ? entry.site.dealerships.map((d) => d.slug) : []);
    const car = services.cars.find(
      (c) =>
        dealers.has(c.dealership_slug) &&
        c.status === 'in_stock' &&
        !c.reserved &&
        c.price > 1000 &&
        (c.payment_processors?.length ?? 0) > 0,
    )!;
    expect(car).toBeTruthy();
    expect(served(car)).toMatchObject({ reserved: false });

    const challenge = await (await fetch(`${base}/captcha`)).json();
    const res = await post('/reservations', {
      site: SITE,
      submission_id: crypto.randomUUID(),
      car_id: car.id,
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0412 345 678',
      captcha: { token: challenge.token, answer: solveCaptchaQuestion(challenge.question) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(served(car)).toMatchObject({
      reserved: true,
      reserved_until: res.body.reservation.held_until,
    });

    services.stock.reload();
    expect(served(car)).toMatchObject({
      reserved: true,
      reserved_until: res.body.reservation.held_until,
    });

    const moved = await post('/test/clock', {
      advance_ms: RESERVATION_HOLD_MS + HOLD_CHECK_INTERVAL_MS,
    });
    expect(moved.status).toBe(200);
    expect(served(car)).toMatchObject({ reserved: false });
    expect(served(car)).not.toHaveProperty('reserved_until');
  });
});
