/**
 * Background work waits for visitors (engine/server/drain.ts, `whenIdle`; the stock's warm-up
 * after start-up, docs/deploy.md "Memory and start-up"): over a real HTTP server, a wait begun
 * while a request is in flight ends when it has been answered, not before; with none in
 * flight it ends at once; a request that never ends holds it only for its bound.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drain } from '../../../engine/server/drain.ts';

let server: Server;
let drain: Drain;
let base: string;
/** Requests held open until the test answers them. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer();
  drain = new Drain(server, { deadlineMs: 1000, log: { log() {}, error() {} } });
  server.on(
    'request',
    drain.track((_req, res) => held.push(res)),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.end();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const heldRequest = async () => {
  const before = held.length;
  const answer = fetch(base).then((r) => r.text());
  while (held.length === before) await new Promise((r) => setTimeout(r, 5));
  return { res: held[held.length - 1], answer };
};

describe('waiting for the requests in flight', () => {
  it('ends at once when none is in flight', async () => {
    const started = performance.now();
    await drain.whenIdle(5_000);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('ends when the request in flight has been answered, not before', async () => {
    const { res, answer } = await heldRequest();
    let ended = false;
    const waiting = drain.whenIdle(10_000).then(() => (ended = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toBe(false);
    res.end('done');
    expect(await answer).toBe('done');
    await waiting;
    expect(ended).toBe(true);
  });

  it('ends after its bound when a request never ends', async () => {
    const { res } = await heldRequest();
    const started = performance.now();
    await drain.whenIdle(150);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);
    res.end();
  });
});
