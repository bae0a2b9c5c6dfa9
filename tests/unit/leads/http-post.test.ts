import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESTINATION_MESSAGES } from '../../../engine/api/delivery/destination.ts';
import {
  POST_MESSAGES,
  POST_USER_AGENT,
  classifyStatus,
  idempotencyKey,
  postDelivery,
  retryAfterMs,
  type PostRequest,
} from '../../../engine/api/delivery/http-post.ts';

/** A CRM endpoint on loopback: records each request and answers as the test says. */
interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let answers: ((res: ServerResponse) => void)[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body });
    const answer = answers.shift() ?? ((r: ServerResponse) => r.writeHead(200).end('ok'));
    answer(res);
  });
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

const dev = { allowLocal: true };
const production = { allowLocal: false };
const request = (overrides: Partial<PostRequest> = {}): PostRequest => ({
  url: `${base}/adf`,
  body: '<?xml version="1.0"?><adf>é😀</adf>',
  contentType: 'application/x-adf+xml; charset=utf-8',
  idempotencyKey: idempotencyKey(1042, `${base}/adf`),
  policy: dev,
  ...overrides,
});

describe('postDelivery against a local CRM endpoint', () => {
  it('sends the body, its type, the idempotency key and extra headers; 200 is delivered', async () => {
    const sent = request({ headers: { 'Forecourt-Signature': 't=1,v1=ab' } });
    expect(await postDelivery(sent)).toEqual({ result: 'delivered', status: 200 });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got).toMatchObject({ method: 'POST', url: '/adf', body: sent.body });
    expect(got.headers).toMatchObject({
      'content-type': sent.contentType,
      'content-length': String(Buffer.byteLength(sent.body as string)),
      'idempotency-key': sent.idempotencyKey,
      'user-agent': POST_USER_AGENT,
      'forecourt-signature': 't=1,v1=ab',
    });
  });

  it('retries after a 500 and delivers on the next attempt, with the same key both times', async () => {
    answers = [
      (res) => res.writeHead(500).end('database\n down'),
      (res) => res.writeHead(201).end(),
    ];
    expect(await postDelivery(request())).toEqual({
      result: 'retry',
      status: 500,
      reason: POST_MESSAGES.status(500, 'database down'),
    });
    expect(await postDelivery(request())).toEqual({ result: 'delivered', status: 201 });
    expect(received.map((r) => r.headers['idempotency-key'])).toEqual([
      request().idempotencyKey,
      request().idempotencyKey,
    ]);
  });

  it('honours Retry-After, in seconds or as a date', async () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    answers = [
      (res) => res.writeHead(503, { 'Retry-After': '120' }).end(),
      (res) => res.writeHead(429, { 'Retry-After': 'Sun, 01 Jun 2025 00:00:30 GMT' }).end(),
    ];
    expect(await postDelivery(request())).toMatchObject({ result: 'retry', retryAfterMs: 120_000 });
    expect(await postDelivery(request({ now: () => now }))).toMatchObject({
      result: 'retry',
      status: 429,
      retryAfterMs: 30_000,
    });
  });

  it('retries when the endpoint hangs past the timeout', async () => {
    answers = [() => undefined];
    const started = Date.now();
    expect(await postDelivery(request({ timeoutMs: 300 }))).toEqual({
      result: 'retry',
      reason: POST_MESSAGES.timeout(300),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(received).toHaveLength(1);
  });

  it('refuses a 400 (not retried) with what the CRM said, and a redirect', async () => {
    answers = [
      (res) => res.writeHead(400).end('{"error":"missing vendor"}'),
      (res) => res.writeHead(301, { Location: 'https://crm.example/new' }).end(),
    ];
    expect(await postDelivery(request())).toEqual({
      result: 'refused',
      status: 400,
      reason: POST_MESSAGES.status(400, '{"error":"missing vendor"}'),
    });
    expect(await postDelivery(request())).toEqual({
      result: 'refused',
      status: 301,
      reason: POST_MESSAGES.redirect(301, 'https://crm.example/new'),
    });
  });

  it('retries when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await postDelivery(request({ url: `http://127.0.0.1:${port}/` }))).toEqual({
      result: 'retry',
      reason: POST_MESSAGES.network('ECONNREFUSED'),
    });
  });

  it('sends credentials in the address as Basic authentication', async () => {
    const url = base.replace('http://', 'http://crm%20user:s%3Acret@');
    expect(await postDelivery(request({ url }))).toMatchObject({ result: 'delivered' });
    const auth = received[0].headers.authorization ?? '';
    expect(Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString()).toBe('crm user:s:cret');
  });
});

describe('where a lead may be posted', () => {
  const refused = (reason: string) => ({
    result: 'refused',
    reason: POST_MESSAGES.destination(reason),
  });

  it('in production: HTTPS to public addresses only; this machine is refused before sending', async () => {
    const port = new URL(base).port;
    expect(await postDelivery(request({ policy: production }))).toEqual(
      refused(DESTINATION_MESSAGES.notHttps),
    );
    expect(
      await postDelivery(request({ policy: production, url: `https://127.0.0.1:${port}/` })),
    ).toEqual(refused(DESTINATION_MESSAGES.notPublic('127.0.0.1')));
    expect(
      await postDelivery(request({ policy: production, url: 'https://[::ffff:10.0.0.1]/' })),
    ).toEqual(refused(DESTINATION_MESSAGES.notPublic('::ffff:a00:1')));
    // A name is checked by what it resolves to, when connecting.
    const byName = await postDelivery(
      request({ policy: production, url: `https://localhost:${port}/` }),
    );
    expect(byName.result).toBe('refused');
    expect((byName as { reason: string }).reason).toMatch(/not a public internet address/);
    expect(received).toEqual([]);
  });

  it('in development: plain HTTP to loopback only; nothing that is not a web address', async () => {
    expect(await postDelivery(request({ url: 'http://crm.example/leads' }))).toEqual(
      refused(DESTINATION_MESSAGES.httpNotLoopback),
    );
    expect(await postDelivery(request({ url: 'http://10.0.0.1/leads' }))).toEqual(
      refused(DESTINATION_MESSAGES.httpNotLoopback),
    );
    expect(await postDelivery(request({ url: 'ftp://crm.example/' }))).toEqual(
      refused(DESTINATION_MESSAGES.notUrl),
    );
    expect(await postDelivery(request({ url: 'not a url' }))).toEqual(
      refused(DESTINATION_MESSAGES.notUrl),
    );
    const port = new URL(base).port;
    expect(await postDelivery(request({ url: `http://localhost:${port}/x` }))).toMatchObject({
      result: 'delivered',
    });
  });
});

describe('delivery rules', () => {
  it('classifies answers: 2xx delivered; 408, 425, 429, 5xx retried; other 4xx refused', () => {
    for (const s of [200, 201, 202, 204]) expect(classifyStatus(s)).toBe('delivered');
    for (const s of [408, 425, 429, 500, 502, 503, 504]) expect(classifyStatus(s)).toBe('retry');
    for (const s of [400, 401, 403, 404, 409, 410, 413, 422])
      expect(classifyStatus(s)).toBe('refused');
  });

  it('reads Retry-After as seconds or a date, and ignores nonsense', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Jun 2025 00:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Sat, 31 May 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('keys a delivery by lead and destination, never showing the destination', () => {
    const key = idempotencyKey(7, 'https://crm.example/in?token=secret');
    expect(key).toBe(idempotencyKey(7, 'https://crm.example/in?token=secret'));
    expect(key).not.toBe(idempotencyKey(8, 'https://crm.example/in?token=secret'));
    expect(key).not.toBe(idempotencyKey(7, 'https://other.example/in'));
    expect(key).toMatch(/^lead-7-[0-9a-f]{16}$/);
  });
});
