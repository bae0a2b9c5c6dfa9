/**
 * Wrong search admin keys are rate limited per client address (docs/security.md, "Search"),
 * like the staff and editor tokens: the 21st wrong guess in a window answers 429 with
 * Retry-After, the right key from the guessing address too, while the right key from another
 * address still writes.
 */
import express from 'express';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import {
  ADMIN_KEY_FAILURE_LIMIT,
  TOO_MANY_WRONG_KEYS,
} from '../../../engine/search/write-router.ts';

const ADMIN_KEY = 'right-admin-key-0123456789';
let server: Server;
let port: number;

beforeAll(async () => {
  server = express()
    .use(createSearchRouter(new SearchEngine(), { adminKey: ADMIN_KEY }))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A batch write with `key`, sent from the loopback address `from` (127.0.0.x). */
function write(key: string, from: string) {
  const body = JSON.stringify({
    requests: [{ action: 'addObject', body: { objectID: '1', name: 'x' } }],
  });
  return new Promise<{ status: number; retryAfter?: string; body: { message: string } }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          localAddress: from,
          method: 'POST',
          path: '/1/indexes/cars/batch',
          headers: {
            'x-algolia-api-key': key,
            'x-algolia-application-id': 'forecourt',
            'content-type': 'text/plain',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              retryAfter: res.headers['retry-after'],
              body: JSON.parse(text) as { message: string },
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('search admin key guesses', () => {
  it('answers 429 to the 21st wrong guess in a window, and lets another address in', async () => {
    const guesser = '127.0.0.2';
    for (let i = 1; i <= ADMIN_KEY_FAILURE_LIMIT.limit; i++)
      expect((await write(`guess-${i}`, guesser)).status).toBe(403);
    const refused = await write('guess-21', guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_WRONG_KEYS);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(ADMIN_KEY_FAILURE_LIMIT.windowMs / 1000);
    // The guessing address waits even with the right key; another address writes.
    expect((await write(ADMIN_KEY, guesser)).status).toBe(429);
    expect((await write(ADMIN_KEY, '127.0.0.3')).status).toBe(200);
  });
});
