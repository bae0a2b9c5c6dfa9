/**
 * A slowloris of 1,000 connections leaves a visitor's p99 within 2x (docs/security.md, "Slow
 * clients cannot hold connections"): the whole server (fixtures/name-app.ts) behind the
 * connection guard and HTTP limits server.ts gives it, a visitor's page p99 measured quiet,
 * then while 1,000 connections from 40 loopback addresses trickle their headers and open
 * again as they are closed (scripts/bench/slowloris/attack.ts, the bench's kit), compared as
 * a ratio of the same run. The bench (`npm run bench -- slowloris`) runs it on the built server.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardConnections } from '../../../engine/server/slow-clients.ts';
import { httpServerOptions } from '../../../engine/server/time-budget.ts';
import { ATTACK, AIM_RATIO } from '../../../scripts/bench/slowloris.ts';
import { measureSlowloris } from '../../../scripts/bench/slowloris/attack.ts';
import { startNameApp, type NameApp } from './fixtures/name-app.ts';

/** The p99 below which a difference is the machine's noise, not the attack (two busy cores). */
const NOISE_FLOOR_MS = 100;
let server: NameApp | undefined;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  server = await startNameApp('forecourt-slowloris-', {}, (app) => {
    const http = createServer(httpServerOptions());
    http.on('request', guardConnections(http, app, { trusted: app.get('trust proxy fn') }));
    return http.listen(0, '127.0.0.1');
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  vi.restoreAllMocks();
});

describe('a slowloris of 1,000 connections', { timeout: 180_000 }, () => {
  it('leaves a visitor page p99 within twice that of the quiet server', async () => {
    const r = await measureSlowloris(`${server!.base}/sites/southern-motor-group/`, ATTACK, 300);
    // The attack held its connections all the while (reopening what the server closed).
    expect(r.heldAtEnd).toBeGreaterThan(ATTACK.connections * 0.9);
    expect(r.duringMs, JSON.stringify(r)).toBeLessThanOrEqual(
      AIM_RATIO * Math.max(r.quietMs, NOISE_FLOOR_MS),
    );
  });
});
