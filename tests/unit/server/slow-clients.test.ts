/**
 * Slow clients (docs/security.md, "Editor and server"): 200 connections that send their
 * headers a line at a time or never read what they asked for, and one address opening more
 * than its share, while a normal client's requests keep answering. The slow ones are closed
 * within the configured timeouts (short ones here), the extra ones at once; behind a trusted
 * proxy the forwarded address is what counts. A server made as server.ts makes it, with a
 * plain handler (one small answer, one of 16 MB).
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  guardConnections,
  TOO_MANY_CONNECTIONS,
  type ConnectionLimits,
} from '../../../engine/server/slow-clients.ts';
import { httpServerOptions, type HttpLimits } from '../../../engine/server/time-budget.ts';
import { rawRequest } from './raw-http.ts';

const HTTP: HttpLimits = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 500,
  checkIntervalMs: 100,
};
const LIMITS: ConnectionLimits = { writeTimeoutMs: 1000, perAddress: 20 };
const BIG = Buffer.alloc(16 * 1024 * 1024, 'x');
/** Closed within the timeout, give or take the checks' interval and a busy machine. */
const SLACK_MS = 2500;

let server: Server | undefined;
const sockets: Socket[] = [];
/** When the server closed each connection, by the client's address and port (a client that never reads never sees it). */
const closedByServer = new Map<string, number>();
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  closedByServer.clear();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

async function serve(trusted: (address: string) => boolean = () => false) {
  server = createServer(httpServerOptions(HTTP));
  server.on('connection', (socket) => {
    const client = `${socket.remoteAddress}:${socket.remotePort}`;
    socket.once('close', () => closedByServer.set(client, Date.now()));
  });
  server.on(
    'request',
    guardConnections(
      server,
      (req, res) => {
        if (req.url === '/big') res.end(BIG);
        else res.end(req.url === '/who' ? String(req.headers['x-forwarded-for']) : 'ok');
      },
      { limits: LIMITS, trusted },
    ),
  );
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** A connection from a loopback address of its own (127.0.0.{n}); resolves when it is open. */
type Client = Socket & { closedAt?: number; name?: string };

function open(port: number, n: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket: Client = connect({
      host: '127.0.0.1',
      port,
      localAddress: `127.0.0.${n}`,
    });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => (socket.closedAt = Date.now()));
    socket.once('connect', () => {
      socket.name = `${socket.localAddress}:${socket.localPort}`;
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const until = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return condition();
};

describe('slow clients', () => {
  it('are closed within their timeouts while a normal client keeps being answered', async () => {
    const port = await serve();
    const start = Date.now();
    // 100 that send headers a line at a time and never finish; 100 that ask for 16 MB and never read.
    const slowloris = await Promise.all(
      Array.from({ length: 100 }, (_, i) => open(port, 10 + (i % 10))),
    );
    for (const s of slowloris) s.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    const slowSent = Date.now();
    const drip = setInterval(() => {
      for (const s of slowloris) if (!s.destroyed) s.write('X-Drip: 1\r\n');
    }, 200);
    const unread = await Promise.all(
      Array.from({ length: 100 }, (_, i) => open(port, 30 + (i % 10))),
    );
    for (const s of unread) {
      s.pause(); // never reads
      s.write('GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n');
    }
    const unreadSent = Date.now();

    // The normal client, all the while (after one request that waits behind the 100 answers of 16 MB going out).
    await rawRequest(port, { path: '/' });
    const answers: number[] = [];
    const times: number[] = [];
    const closedAt = (s: Client) => closedByServer.get(s.name!);
    const everyoneClosed = () => [...slowloris, ...unread].every(closedAt);
    while (!everyoneClosed() && Date.now() - start < HTTP.requestTimeoutMs + SLACK_MS * 2) {
      const t = performance.now();
      answers.push((await rawRequest(port, { path: '/' })).status);
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    clearInterval(drip);

    expect(answers.length).toBeGreaterThan(10);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(Math.max(...times)).toBeLessThan(1000);
    for (const s of slowloris)
      expect(closedAt(s)! - slowSent).toBeLessThan(HTTP.headersTimeoutMs + SLACK_MS);
    for (const s of unread)
      expect(closedAt(s)! - unreadSent).toBeLessThan(LIMITS.writeTimeoutMs + SLACK_MS);
  }, 30_000);

  it('one address holds at most its share of connections; other addresses are served', async () => {
    const port = await serve();
    const mine = await Promise.all(Array.from({ length: 30 }, () => open(port, 50)));
    expect(await until(() => mine.filter((s) => s.closedAt).length === 10, 2000)).toBe(true);
    expect(mine.filter((s) => !s.closedAt)).toHaveLength(LIMITS.perAddress);
    expect((await rawRequest(port, { path: '/' })).status).toBe(200);
    // One goes, another may come.
    mine.find((s) => !s.closedAt)!.destroy();
    await until(() => mine.filter((s) => s.closedAt).length === 11, 2000);
    const next = await open(port, 50);
    next.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answer = await new Promise<string>((r) => next.once('data', (d) => r(String(d))));
    expect(answer).toMatch(/^HTTP\/1.1 200/);
  }, 30_000);

  it('behind a trusted proxy, counts the forwarded address, not the proxy', async () => {
    const port = await serve((address) => address === '127.0.0.1');
    // Many requests through the proxy for many clients: none refused.
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        rawRequest(port, { path: '/who', headers: { 'x-forwarded-for': `203.0.113.${i}` } }),
      ),
    );
    expect(many.every((r) => r.status === 200)).toBe(true);
    // One forwarded client holding more than its share of requests in flight: the rest get 429.
    const held = await Promise.all(Array.from({ length: LIMITS.perAddress }, () => open(port, 1)));
    for (const s of held) {
      s.pause();
      s.write('GET /big HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 198.51.100.7\r\n\r\n');
    }
    await new Promise((r) => setTimeout(r, 200));
    const refused = await rawRequest(port, {
      path: '/who',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(refused.status).toBe(429);
    expect(refused.text).toBe(TOO_MANY_CONNECTIONS);
    const other = await rawRequest(port, {
      path: '/who',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.status).toBe(200);
  }, 30_000);
});
