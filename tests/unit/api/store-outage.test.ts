/**
 * A lead sent while PostgreSQL is away (docs/api.md, "Storage"): the API answers 503 with
 * Retry-After and a sentence saying nothing is lost, never a bare 500, and stores nothing;
 * the same submission sent again once the database is back (what the forms do, with its
 * submission_id) is stored once. The API reaches its database through a TCP relay that the
 * outage closes: its connections are cut and new ones refused, as when the server is down.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { STORE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE } from '../../../engine/api/unavailable.ts';
import {
  auLead,
  describeStores,
  postgresDatabaseFor,
  startApi,
  tempDataDir,
  type TestApi,
} from './harness.ts';

const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
/** A refusal while the database is away comes in this time, not after postgres.js's back-off (up to 20 s). */
const FAIL_FAST_MS = 2_000;
let t: TestApi | undefined;
let relay: Server | undefined;
const piped = new Set<Socket>();
afterAll(async () => {
  await t?.close().catch(() => {});
  relay?.close();
});

/** A relay on a port of its own to the database's server; answers its address. */
async function startRelay(target: URL, port = 0): Promise<number> {
  relay = createServer((client) => {
    const server = connect(Number(target.port), target.hostname);
    for (const s of [client, server]) {
      piped.add(s);
      s.on('error', () => undefined);
      s.once('close', () => piped.delete(s));
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((r) => relay!.listen(port, '127.0.0.1', r));
  return (relay.address() as { port: number }).port;
}

async function databaseAway() {
  const closed = new Promise((r) => relay!.close(r)); // once its connections are gone too
  for (const s of piped) s.destroy();
  await closed;
}

describeStores('a lead while the database is away', (store) => {
  const postgresOnly = store === 'postgres' ? it : it.skip;

  postgresOnly(
    'answers 503 with Retry-After, then the same submission is stored once',
    async () => {
      const dataDir = tempDataDir();
      const real = new URL(await postgresDatabaseFor(dataDir));
      const port = await startRelay(real);
      const viaRelay = new URL(real);
      viaRelay.port = String(port);
      t = await startApi({ dataDir, databaseUrl: viaRelay.toString() });
      const lead = auLead({ captcha: await t.captcha() });

      await databaseAway();
      const refused = await t.post('/leads', lead);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
      expect(refused.body).toEqual({ error: STORE_UNAVAILABLE });

      await startRelay(real, port);
      const stored = await t.post('/leads', lead);
      expect(stored.status).toBe(201);
      expect((await t.post('/leads', lead)).body.lead_id).toBe(stored.body.lead_id);
      const leads = (await t.get('/staff/leads?site=au-motors', STAFF)).body.leads;
      expect(leads.map((l: { lead_id: number }) => l.lead_id)).toEqual([stored.body.lead_id]);
    },
    60_000,
  );

  postgresOnly(
    'refuses many leads at once within a second or two, and stores the next at once when it is back',
    async () => {
      await t?.close();
      const dataDir = tempDataDir();
      const real = new URL(await postgresDatabaseFor(dataDir));
      const port = await startRelay(real);
      const viaRelay = new URL(real);
      viaRelay.port = String(port);
      t = await startApi({ dataDir, databaseUrl: viaRelay.toString() });
      const api = t;
      const leads = await Promise.all(
        Array.from({ length: 21 }, async () => auLead({ captcha: await api.captcha() })),
      );

      await databaseAway();
      // More requests than the pool has connections: each waits only for a refused connect.
      const started = performance.now();
      const refused = await Promise.all(leads.slice(0, 20).map((lead) => api.post('/leads', lead)));
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 503));
      expect(performance.now() - started).toBeLessThan(FAIL_FAST_MS);

      await startRelay(real, port);
      const back = performance.now();
      expect((await api.post('/leads', leads[20])).status).toBe(201);
      expect(performance.now() - back).toBeLessThan(FAIL_FAST_MS);
    },
    60_000,
  );
});
