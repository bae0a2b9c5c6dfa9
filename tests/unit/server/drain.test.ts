/**
 * A server stopped by SIGTERM drains (docs/deploy.md, "Stopping a server"): real server
 * processes (fixtures/drain-server.ts: server.ts's HTTP limits, connection guard, drain and
 * health routes around the local API) over real HTTP. A request in flight is answered, a
 * readiness check arriving during the drain is 503, new connections are refused, the process
 * exits 0; a request hung past the deadline makes it exit 1 naming it; a second signal ends it
 * at once; a lead whose delivery is mid-send when the signal comes is delivered before the exit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import { DEFAULT_DRAIN_SECONDS, DRAIN_LOG } from '../../../engine/server/drain.ts';
import { HEALTH_PATHS } from '../../../engine/server/health.ts';
import { FIXTURE_SITES, fixtureSitesDir, removeDir, tempDataDir } from '../api/harness.ts';
import { bundledScript, type BundledScript } from '../bundled-script.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { startSmtp, type TestSmtp } from '../leads/smtp-kit.ts';
import { newConnection, rawConnection } from './socket-http.ts';

const DEALER = 'sales@nz-motors.example';
const START_TIMEOUT_MS = 60_000;

let sitesDir: string;
let smtp: TestSmtp;
const dataDirs: string[] = [];
const running: ChildServer[] = [];
/** The drain server, compiled once for the file's four starts (tests/unit/child-server.ts). */
let drainServer: BundledScript;

beforeAll(async () => {
  sitesDir = fixtureSitesDir();
  // The NZ fixture site (no captcha) with its leads routed to one address.
  const kinds = ['enquiry', 'test-drive', 'finance', 'trade-in', 'reservation', 'service', 'parts'];
  writeFileSync(
    join(sitesDir, 'nz-motors.json'),
    JSON.stringify({
      ...FIXTURE_SITES['nz-motors'],
      leadRouting: { routes: [{ kinds, emails: [DEALER] }] },
    }),
  );
  smtp = await startSmtp();
  drainServer = await bundledScript(join(import.meta.dirname, 'fixtures/drain-server.ts'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.kill()));
});
afterAll(async () => {
  await smtp?.stop();
  removeDir(sitesDir);
  drainServer?.remove();
  for (const dir of dataDirs) removeDir(dir);
});

async function start(env: Record<string, string> = {}): Promise<ChildServer> {
  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  const server = await startChildServer(drainServer.file, [sitesDir], {
    env: {
      NODE_ENV: 'production',
      FORECOURT_DATA_DIR: dataDir,
      FORECOURT_SMTP_URL: smtp.url,
      ...env,
    },
  });
  running.push(server);
  return server;
}

describe('SIGTERM', () => {
  it(
    'lets the request in flight finish with 200, answers readiness 503, refuses new connections and exits 0',
    async () => {
      const server = await start();
      const ready = await fetch(`${server.base}${HEALTH_PATHS.ready}`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({
        ready: true,
        draining: false,
        sites: { served: Object.keys(FIXTURE_SITES).length, unavailable: 0 },
        store: 'reachable',
      });

      // A keep-alive connection that has had its answer and sits idle.
      const idle = await rawConnection(server.port);
      idle.send(`GET ${HEALTH_PATHS.live} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await idle.answered();
      let slowDone = false;
      const slow = fetch(`${server.base}/slow?ms=1500`).then(async (res) => {
        const answer = {
          status: res.status,
          connection: res.headers.get('connection'),
          text: await res.text(),
        };
        slowDone = true;
        return answer;
      });
      await server.printed('slow request started');
      // A readiness check whose request line is sent now, and the end of its headers after the signal.
      const check = await rawConnection(server.port);
      check.send(`GET ${HEALTH_PATHS.ready} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      server.proc.kill('SIGTERM');
      await server.printed(DRAIN_LOG.started('SIGTERM', DEFAULT_DRAIN_SECONDS));

      expect(await newConnection(server.port)).toBe('ECONNREFUSED');
      // The idle connection is closed at once, not after the slow request or its keep-alive timeout.
      await idle.closed;
      expect(slowDone).toBe(false);
      check.send('\r\n');
      await check.closed;
      const during = check.parsed();
      expect(during.head).toMatch(/^HTTP\/1\.1 503 /);
      expect(during.head).toMatch(/^Connection: close$/im);
      expect(during.body).toMatchObject({ ready: false, draining: true });
      expect(server.proc.exitCode).toBeNull();

      // The request in flight is answered, and its connection ends with it.
      expect(await slow).toEqual({ status: 200, connection: 'close', text: 'finished' });
      expect(await server.exited).toBe(0);
      expect(server.out()).toContain(DRAIN_LOG.done);
    },
    START_TIMEOUT_MS,
  );

  it(
    'exits 1 when a request is still running at the deadline, naming it',
    async () => {
      const server = await start({ FORECOURT_DRAIN_SECONDS: '1' });
      const hung = fetch(`${server.base}/slow?ms=60000`).catch(() => 'cut off');
      await server.printed('slow request started');
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.err()).toContain(DRAIN_LOG.deadline(1, '1 request in flight (GET /slow)'));
      expect(await hung).toBe('cut off');
    },
    START_TIMEOUT_MS,
  );

  it(
    'a second signal ends the drain at once',
    async () => {
      const server = await start();
      void fetch(`${server.base}/slow?ms=60000`).catch(() => undefined);
      await server.printed('slow request started');
      server.proc.kill('SIGTERM');
      await server.printed(DRAIN_LOG.started('SIGTERM', DEFAULT_DRAIN_SECONDS));
      server.proc.kill('SIGINT');
      expect(await server.exited).toBe(1);
      expect(server.err()).toContain(DRAIN_LOG.again('SIGINT', '1 request in flight (GET /slow)'));
    },
    START_TIMEOUT_MS,
  );
});

describe('a lead submitted just before SIGTERM', () => {
  it(
    'is delivered before the process exits, not cut mid-send',
    async () => {
      // The mail server keeps the dealer's message unanswered until the signal has been given.
      let release!: () => void;
      let arrived!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const sending = new Promise<void>((resolve) => (arrived = resolve));
      Object.defineProperty(smtp, 'holdUntil', {
        configurable: true,
        get: () => (arrived(), held),
      });
      try {
        const server = await start();
        const res = await fetch(`${server.base}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            site: 'nz-motors',
            submission_id: crypto.randomUUID(),
            isLastStep: true,
            name: 'Sam Buyer',
            email: 'sam@example.com',
            message: 'Is it still there?',
          }),
        });
        expect(res.status).toBe(201);
        await sending;
        server.proc.kill('SIGTERM');
        await server.printed(DRAIN_LOG.started('SIGTERM', DEFAULT_DRAIN_SECONDS));
        expect(server.proc.exitCode).toBeNull();
        release();
        expect(await server.exited).toBe(0);
        expect(smtp.mail.map((m) => m.to)).toEqual(
          expect.arrayContaining([[DEALER], ['sam@example.com']]),
        );
        const store = openSqliteStore(dataDirs.at(-1)!);
        try {
          expect(await store.deliveries.counts()).toMatchObject({ delivered: 2 });
        } finally {
          await store.close();
        }
      } finally {
        Object.defineProperty(smtp, 'holdUntil', { configurable: true, value: undefined });
      }
    },
    START_TIMEOUT_MS,
  );
});
