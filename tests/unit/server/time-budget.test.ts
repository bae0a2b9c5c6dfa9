/**
 * Every request has a time budget (docs/security.md, "Editor and server"): a client that
 * trickles its headers or body is cut off, and a handler that does not answer in time gets
 * a 503 while the server keeps serving others.
 */
import { afterEach, describe, expect, it } from 'vitest';
import express from 'express';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { listenOrExplain } from '../../../engine/server/listen.ts';
import {
  DEADLINE_MESSAGE,
  HTTP_LIMITS,
  httpServerOptions,
  responseDeadline,
  RESPONSE_DEADLINES,
} from '../../../engine/server/time-budget.ts';
import { rawRequest } from './raw-http.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

async function start(app: express.Express, limits = HTTP_LIMITS) {
  server = createServer(httpServerOptions(limits), app);
  await listenOrExplain(server, 0, '127.0.0.1');
  return (server.address() as AddressInfo).port;
}

/** Opens a socket, sends `first`, then one byte every `everyMs`; resolves with what came back and when the server closed it. */
function trickle(port: number, first: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number | undefined; answer: string }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (answer += c));
    socket.on('error', () => undefined);
    socket.write(first);
    const drip = setInterval(() => socket.writable && socket.write('x'), everyMs);
    const done = (closedAfterMs: number | undefined) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    socket.on('close', () => done(Date.now() - started));
    const giveUp = setTimeout(() => done(undefined), giveUpMs);
  });
}

const quick = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 200,
  checkIntervalMs: 100,
};

describe('slow clients', () => {
  it('a client that trickles its headers is answered 408 and cut off', async () => {
    const app = express();
    app.get('/', (_req, res) => res.send('ok'));
    const port = await start(app, quick);
    const { closedAfterMs, answer } = await trickle(
      port,
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      50,
      5_000,
    );
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that trickles its body is cut off at the request budget', async () => {
    const app = express();
    app.post('/', express.text({ type: () => true }), (_req, res) => res.send('ok'));
    const port = await start(app, quick);
    const head =
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n';
    const { closedAfterMs, answer } = await trickle(port, head, 50, 5_000);
    expect(closedAfterMs).toBeDefined();
    expect(closedAfterMs!).toBeLessThan(2_500);
    expect(answer).not.toContain('ok');
  });

  it('the platform limits are the documented ones', () => {
    expect(httpServerOptions()).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
  });
});

describe('slow handlers', () => {
  function appWith(deadlineMs: number) {
    const app = express();
    app.use(
      responseDeadline({ ms: deadlineMs, longer: [{ path: /^\/upload$/, ms: deadlineMs * 10 }] }),
    );
    let late = 0;
    // Answers after the budget, from a timer: a throw here would be uncaught and stop the process.
    app.get('/stalled', (_req, res) => {
      setTimeout(() => {
        late++;
        res.status(200).json({ late: true });
      }, deadlineMs * 3);
    });
    app.get('/api/stalled', () => undefined);
    app.get('/upload', (_req, res) => setTimeout(() => res.send('stored'), deadlineMs * 3));
    app.get('/fast', (_req, res) => res.send('fast'));
    return { app, late: () => late };
  }

  it('a page that does not answer in time gets a 503 to retry, and its late answer is dropped', async () => {
    const { app, late } = appWith(150);
    const port = await start(app);
    const started = Date.now();
    const answer = await rawRequest(port, { path: '/stalled', headers: { Accept: 'text/html' } });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.text).toBe(DEADLINE_MESSAGE);
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(late()).toBe(1);
    // The server is still serving.
    expect((await rawRequest(port, { path: '/fast' })).text).toBe('fast');
  });

  it('an API that does not answer in time gets a JSON 503', async () => {
    const { app } = appWith(150);
    const port = await start(app);
    const answer = await rawRequest(port, { path: '/api/stalled' });
    expect(answer.status).toBe(503);
    expect(answer.json()).toEqual({ message: DEADLINE_MESSAGE, status: 503 });
  });

  it('a path with a longer budget keeps it', async () => {
    const { app } = appWith(150);
    const port = await start(app);
    const answer = await rawRequest(port, { path: '/upload' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('stored');
  });

  it('image uploads to the asset library get a longer budget than pages', () => {
    const upload = RESPONSE_DEADLINES.longer!.find((l) =>
      l.path.test('/api/editor/sites/gold-coast-ford/assets'),
    );
    expect(upload!.ms).toBeGreaterThan(RESPONSE_DEADLINES.ms);
    expect(RESPONSE_DEADLINES.longer!.some((l) => l.path.test('/sites/gold-coast-ford/'))).toBe(
      false,
    );
  });

  it("the editor's site answers, which wait for the git remote, get a longer budget; other API answers do not", () => {
    const budget = (path: string) =>
      RESPONSE_DEADLINES.longer!.find((l) => l.path.test(path))?.ms ?? RESPONSE_DEADLINES.ms;
    expect(budget('/api/editor/sites/gold-coast-ford')).toBeGreaterThan(RESPONSE_DEADLINES.ms);
    expect(budget('/api/editor/sites/gold-coast-ford/publish')).toBeGreaterThan(
      RESPONSE_DEADLINES.ms,
    );
    expect(budget('/api/editor/sites/gold-coast-ford/assets')).toBe(60_000);
    expect(budget('/api/editor/check')).toBe(RESPONSE_DEADLINES.ms);
    expect(budget('/api/leads')).toBe(RESPONSE_DEADLINES.ms);
  });
});
