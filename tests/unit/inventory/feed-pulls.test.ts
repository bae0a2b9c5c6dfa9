/**
 * Scheduled feed pulls (docs/cars.md, "Scheduled feed pulls"): a local HTTP server the test
 * starts stands in for a dealer's DMS and serves a CSV feed; the pulls run on the job queue
 * (in this process on a FakeClock; pg-boss on PostgreSQL with two servers), import it as
 * `npm run import:inventory` does, keep the stock of the last good pull when the feed fails,
 * record each result, alert once after ALERT_AFTER failures in a row, and never show the
 * feed's credentials.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { InProcessQueue } from '../../../engine/jobs/in-process.ts';
import { openJobQueue, type JobQueue } from '../../../engine/jobs/queue.ts';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import { openPostgresStore } from '../../../engine/api/store/postgres/store.ts';
import type { Store } from '../../../engine/api/store/types.ts';
import { readStockFile } from '../../../engine/inventory/stock-file.ts';
import { checkFeeds, type Feed } from '../../../engine/inventory/feed-pulls/config.ts';
import { feedAlerts, OPS_EMAIL_VAR } from '../../../engine/inventory/feed-pulls/alert.ts';
import { ALERT_AFTER, type FeedPullDeps } from '../../../engine/inventory/feed-pulls/pull.ts';
import { startFeedPulls } from '../../../engine/inventory/feed-pulls/start.ts';
import { openSafely } from '../../../engine/inventory/import/safe-fetch.ts';
import { AddressPolicy } from '../../../engine/net/address-policy.ts';
import { MASK } from '../../../engine/inventory/feed-pulls/mask.ts';
import { fixtureSitesDir, postgresAvailable, postgresDatabaseFor } from '../api/harness.ts';

const HEADER = 'Stock No,VIN,Rego,Condition,Year,Make,Model,Badge,Body,Colour,Odometer,Price';
const ROWS = [
  'A100,MPB1234567ABC0001,ABC123,Used,2021,Ford,Ranger,XLT,Ute,White,45120,47990',
  'A101,MPB1234567ABC0002,,New,2025,Ford,Everest,Trend,SUV,Blue,12,69990',
  'A102,MR0ABCDEFGH000003,XYZ789,Used,2019,Toyota,HiLux,SR5,Ute,Grey,98000,42990',
];
const csv = (rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const TOKEN = 'feed-token-Zq9-never-shown';
const EVERY_MS = 240 * 60_000;

/** What the stand-in DMS answers at /feed.csv, and what it saw. */
let answer: 'good' | 'error' | 'hang' | 'bad-row' | 'leaky-redirect' = 'good';
let feedText = csv(ROWS);
let requests: { path: string; authorization?: string }[] = [];
let server: Server;
let base: string;
/** Another origin (another port) a feed may redirect to, and the Authorization headers it saw. */
let other: Server;
let elsewhere: string;
const seenElsewhere: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    if (answer === 'hang') return; // never answers: the pull's time limit ends it
    if (answer === 'error') return res.writeHead(500).end('DMS down');
    if (req.url === '/moved')
      return res.writeHead(302, { location: `${elsewhere}/feed.csv` }).end();
    if (answer === 'leaky-redirect')
      return res.writeHead(302, { location: `http://10.0.0.1/export?token=${TOKEN}` }).end();
    const text = answer === 'bad-row' ? csv([...ROWS, 'A103,,,Used,1890,Ford']) : feedText;
    res.writeHead(200, { 'content-type': 'text/csv' }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  other = createServer((req, res) => {
    seenElsewhere.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'text/csv' }).end(csv(ROWS));
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => {
  rmSync(sitesDir, { recursive: true, force: true });
  server.closeAllConnections();
  other.close();
  return new Promise<void>((r) => server.close(() => r()));
});

/** Small fixture sites (the real ones take seconds to read at every pull). */
const sitesDir = fixtureSitesDir();
const cleanup: (() => Promise<void> | void)[] = [];
let logLines: string[] = [];
beforeEach(() => {
  answer = 'good';
  feedText = csv(ROWS);
  requests = [];
  logLines = [];
});
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const log = {
  log: (...a: unknown[]) => void logLines.push(a.join(' ')),
  error: (...a: unknown[]) => void logLines.push(a.join(' ')),
};
const feed = (): Feed =>
  checkFeeds({
    feeds: [
      {
        site: 'au-motors',
        dealership: '51',
        url: `${base}/feed.csv`,
        auth: { tokenSecret: 'NERANG_FEED_TOKEN' },
      },
    ],
  })[0];

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One server's pulls: its queue, store and data folder. */
async function server1(clock: FakeClock, o: { queue?: JobQueue; store?: Store } = {}) {
  const dataDir = tempDir('fc-feed-pulls-');
  const store = o.store ?? openSqliteStore(dataDir);
  const queue = o.queue ?? new InProcessQueue({ clock, log });
  cleanup.push(() => store.close());
  cleanup.push(() => queue.stop());
  const env = { NERANG_FEED_TOKEN: TOKEN, [OPS_EMAIL_VAR]: 'ops@platform.example' };
  const deps: FeedPullDeps = {
    store: store.feedPulls,
    clock,
    sitesDir,
    dataDir,
    env,
    log,
    alert: feedAlerts(env, dataDir, log).send,
    allowAddresses: ['127.0.0.1'],
    timeoutMs: 500,
  };
  return { dataDir, store, queue, deps };
}

const stock = (dataDir: string) =>
  (readStockFile(dataDir, 'au-motors')?.cars ?? []).map((c) => `${c.stocknum} ${c.price}`);

describe('in this process', { timeout: 90_000 }, () => {
  it('pulls at start and then on schedule, imports the feed and records each result', async () => {
    const clock = new FakeClock('2026-03-02T09:00:00Z');
    const s = await server1(clock);
    await startFeedPulls([feed()], s.queue, s.deps);
    await s.queue.settled();
    expect(requests).toEqual([{ path: '/feed.csv', authorization: `Bearer ${TOKEN}` }]);
    expect(stock(s.dataDir)).toEqual(['A100 47990', 'A101 69990', 'A102 42990']);
    expect(await s.store.feedPulls.get('au-motors', '51')).toMatchObject({
      outcome: 'imported',
      added: 3,
      failure: null,
      last_at: '2026-03-02T09:00:00.000Z',
      next_at: '2026-03-02T13:00:00.000Z',
    });

    // Half an interval on, nothing is due; a full one on, the changed feed is pulled.
    feedText = csv([ROWS[0].replace('47990', '45990'), ROWS[1]]);
    clock.advance(EVERY_MS / 4);
    await s.queue.settled();
    expect(requests).toHaveLength(1);
    clock.advance((EVERY_MS * 3) / 4);
    await s.queue.settled();
    expect(requests).toHaveLength(2);
    expect(stock(s.dataDir)).toEqual(expect.arrayContaining(['A100 45990', 'A101 69990']));
    expect(await s.store.feedPulls.get('au-motors', '51')).toMatchObject({
      outcome: 'imported',
      added: 0,
      changed: 1,
      sold: 1,
      failures_in_a_row: 0,
    });
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });

  it('a failing feed keeps the last good stock, records why, and alerts once', async () => {
    const clock = new FakeClock('2026-03-02T09:00:00Z');
    const s = await server1(clock);
    await startFeedPulls([feed()], s.queue, s.deps);
    await s.queue.settled();
    const good = stock(s.dataDir);
    expect(good).toHaveLength(3);

    const failures: [typeof answer, RegExp][] = [
      ['error', /answered 500/],
      ['hang', /did not answer within 1 seconds/],
      ['bad-row', /^Nothing imported: \d+ problems? in the feed, the first row 5/],
      ['leaky-redirect', /redirected to http:\/\/10\.0\.0\.1\/export\?token=\*\*\*, refused/],
    ];
    for (const [i, [kind, why]] of failures.entries()) {
      answer = kind;
      clock.advance(EVERY_MS);
      await s.queue.settled();
      expect(stock(s.dataDir)).toEqual(good);
      const r = await s.store.feedPulls.get('au-motors', '51');
      expect(r).toMatchObject({ outcome: 'failed', failures_in_a_row: i + 1, added: 0 });
      expect(r!.failure).toMatch(why);
      expect(r!.last_good_at).toBe('2026-03-02T09:00:00.000Z');
    }
    expect(requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // The alert: one message when the ALERT_AFTER-th pull failed, none after it.
    const outbox = join(s.dataDir, 'outbox');
    const mails = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(ALERT_AFTER).toBeLessThan(failures.length);
    expect(mails).toHaveLength(1);
    const mail = readFileSync(join(outbox, mails[0]), 'utf8');
    expect(mail).toContain('To: ops@platform.example');
    expect(mail).toContain(`${ALERT_AFTER} pulls in a row`);
    // Credentials appear in no log line, record or mail.
    for (const text of [logLines.join('\n'), mail])
      expect(text.includes(TOKEN) || text.includes(encodeURIComponent(TOKEN))).toBe(false);
    expect(logLines.join('\n')).toContain(MASK);

    // A good pull again: the stock follows it and the count of failures starts over.
    answer = 'good';
    clock.advance(EVERY_MS);
    await s.queue.settled();
    expect(await s.store.feedPulls.get('au-motors', '51')).toMatchObject({
      outcome: 'unchanged',
      failures_in_a_row: 0,
      failure: null,
    });
  });

  it('a credential that is not set fails the pull and says which', async () => {
    const clock = new FakeClock('2026-03-02T09:00:00Z');
    const s = await server1(clock);
    await startFeedPulls([feed()], s.queue, { ...s.deps, env: {} });
    await s.queue.settled();
    expect(requests).toEqual([]);
    expect((await s.store.feedPulls.get('au-motors', '51'))!.failure).toMatch(
      /the credential NERANG_FEED_TOKEN is not set/,
    );
  });
});

it("credentials go to the feed's own origin only, never to a redirect elsewhere", async () => {
  const opened = await openSafely(`${base}/moved`, {
    maxBytes: 1_000_000,
    headers: { Authorization: `Bearer ${TOKEN}` },
    policy: new AddressPolicy(['127.0.0.1']),
  });
  opened.body.resume();
  expect(opened.url).toBe(`${elsewhere}/feed.csv`);
  expect(requests).toEqual([{ path: '/moved', authorization: `Bearer ${TOKEN}` }]);
  expect(seenElsewhere).toEqual([undefined]);
});

describe.runIf(postgresAvailable)('two servers on PostgreSQL', { timeout: 90_000 }, () => {
  it('each pull runs once across them (requests counted at the feed)', async () => {
    const clock = new FakeClock('2026-03-02T09:00:00Z');
    const databaseUrl = await postgresDatabaseFor(tempDir('fc-feed-pulls-pg-'));
    const servers = await Promise.all(
      [0, 1].map(async () =>
        server1(clock, {
          store: await openPostgresStore(databaseUrl),
          queue: await openJobQueue({ clock, databaseUrl, log }),
        }),
      ),
    );
    // Started together: both ask for the start-up pull.
    await Promise.all(servers.map((s) => startFeedPulls([feed()], s.queue, s.deps)));
    await Promise.all(servers.map((s) => s.queue.settled()));
    expect(requests).toHaveLength(1);
    for (let period = 1; period <= 2; period++) {
      clock.advance(EVERY_MS);
      await Promise.all(servers.map((s) => s.queue.settled()));
      expect(requests).toHaveLength(1 + period);
    }
    const r = await servers[1].store.feedPulls.get('au-motors', '51');
    expect(r).toMatchObject({ failure: null, failures_in_a_row: 0 });
  });
});
