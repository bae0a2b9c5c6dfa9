/**
 * Two servers, one store (docs/deploy.md): two real server processes on one PostgreSQL
 * database, as behind a load balancer. Leads go to both in turn and one is SIGKILLed
 * mid-run; every acknowledged lead is stored exactly once and both staff views list them
 * all; a session and its watchlist made on one server work on the other; a captcha issued
 * by one is answered on the other, once; a car reserved on one cannot be reserved on the
 * other; rate limits and wrong staff tokens count across both.
 */
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptchaQuestion } from '../../../engine/api/adapters/captcha.ts';
import { DEFAULT_RATE_LIMIT } from '../../../engine/api/rate-limit.ts';
import { readPostgresMigrations } from '../../../engine/api/db/migrate-postgres.ts';
import { POSTGRES_MISSING } from '../../setup/postgres.ts';
import {
  auLead,
  fixtureSitesDir,
  postgresAvailable,
  postgresDatabaseFor,
  removeDir,
  tempDataDir,
} from './harness.ts';
import { bundledScript, type BundledScript } from '../bundled-script.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { codeFromOutbox } from './sign-in-kit.ts';

const TOKEN = 'staff-token-for-two-servers-0123';
const LEADS = 200;

interface Server extends ChildServer {
  url: string;
}

/** The API server, compiled once for the file's three starts (tests/unit/child-server.ts). */
let apiServer: BundledScript;

async function startServer(
  databaseUrl: string,
  sitesDir: string,
  dataDir: string,
): Promise<Server> {
  const server = await startChildServer(apiServer.file, [sitesDir], {
    env: { DATABASE_URL: databaseUrl, FORECOURT_STAFF_TOKEN: TOKEN, FORECOURT_DATA_DIR: dataDir },
  });
  return { ...server, url: `${server.base}/api` };
}

async function call(
  server: Server,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(server.url + path, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as any,
    headers: res.headers,
  };
}

/** One submission id per lead, as each visitor's browser makes it (a retry repeats it). */
const submissionIds = Array.from({ length: LEADS }, () => crypto.randomUUID());

const lead = (i: number) => ({
  site: 'nz-motors',
  submission_id: submissionIds[i] ?? crypto.randomUUID(),
  isLastStep: true,
  name: `Buyer ${i}`,
  email: `buyer${i}@example.com`,
  message: `Lead ${i}`,
});

/** Each lead from its own address, as many visitors are: the per-client limit is not what this part tests. */
const visitor = (i: number) => ({
  'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
});

describe.skipIf(!postgresAvailable)(
  `two servers, one PostgreSQL store${postgresAvailable ? '' : ` (skipped: ${POSTGRES_MISSING})`}`,
  () => {
    const running: Server[] = [];
    let a: Server;
    let b: Server;
    let databaseUrl: string;
    let sitesDir: string;
    const dataDir = tempDataDir();

    beforeAll(async () => {
      databaseUrl = await postgresDatabaseFor(dataDir);
      sitesDir = fixtureSitesDir();
      apiServer = await bundledScript(join(import.meta.dirname, 'fixtures/api-server.ts'));
      // Started together on an empty database: both migrate it, under the advisory lock, once.
      [a, b] = await Promise.all([
        startServer(databaseUrl, sitesDir, dataDir),
        startServer(databaseUrl, sitesDir, dataDir),
      ]);
      running.push(a, b);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(running.map((s) => s.kill()));
      apiServer?.remove();
      removeDir(sitesDir);
      removeDir(dataDir);
    });

    it('both started on one database and migrated it once', async () => {
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const rows = await sql<
          { version: number }[]
        >`SELECT version FROM schema_migrations ORDER BY version`;
        expect(rows.map((r) => r.version)).toEqual(readPostgresMigrations().map((m) => m.version));
      } finally {
        await sql.end();
      }
    });

    it(`stores every acknowledged lead of ${LEADS} sent to both in turn exactly once, one server SIGKILLed mid-run`, async () => {
      const acknowledged = new Map<string, number>();
      const unanswered: number[] = [];
      const send = async (server: Server, i: number) => {
        try {
          const res = await call(server, '/leads', { body: lead(i), headers: visitor(i) });
          if (res.status === 200 || res.status === 201)
            acknowledged.set(lead(i).submission_id, res.body.lead_id);
          else unanswered.push(i);
        } catch {
          unanswered.push(i); // the connection died with the server: not acknowledged
        }
      };
      // Four at a time, alternating servers; at the half-way mark A is SIGKILLed with requests in flight.
      for (let i = 0; i < LEADS; i += 4) {
        const batch = [i, i + 1, i + 2, i + 3].map((n) =>
          send(n % 2 === 0 && !a.proc.killed ? a : b, n),
        );
        if (i === LEADS / 2) a.proc.kill('SIGKILL');
        await Promise.all(batch);
      }
      await a.exited;
      expect(acknowledged.size).toBeGreaterThan(LEADS / 2);
      // Requests were in flight to A when it died: their senders never heard back.
      expect(unanswered.length).toBeGreaterThan(0);
      // The visitors whose answer never came retry on the server still up: what A had committed answers 200, the rest are stored now.
      for (const i of unanswered) await send(b, i);
      expect(acknowledged.size).toBe(LEADS);

      // A comes back as a new process: both staff views list every lead, each once, with the id its sender was told.
      a = await startServer(databaseUrl, sitesDir, dataDir);
      running.push(a);
      for (const server of [a, b]) {
        const view = await call(server, `/staff/leads?site=nz-motors&limit=500`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(view.status).toBe(200);
        const ids = view.body.leads.map((l: { submission_id: string }) => l.submission_id);
        expect(ids).toHaveLength(LEADS);
        expect(new Set(ids).size).toBe(LEADS);
        for (const l of view.body.leads as { submission_id: string; lead_id: number }[])
          expect(acknowledged.get(l.submission_id)).toBe(l.lead_id);
      }
    }, 180_000);

    it('a code sent through one server signs in through the other, and its session and watchlist are read through both', async () => {
      const number = { site: 'au-west', phone_number: '0412 777 888' };
      const { code } = await codeFromOutbox(dataDir, async () => {
        const sent = await call(b, '/sign-in/code', { body: number, headers: visitor(900) });
        expect(sent.status).toBe(202);
      });
      const signIn = await call(a, '/sign-in', {
        body: { ...number, code },
        headers: visitor(900),
      });
      expect(signIn.status).toBe(201);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
      expect(cookie).toMatch(/^fc_sid_au_west=/);
      const saved = await call(a, '/watchlist/save-car', {
        body: { site: 'au-west', car_id: 4321 },
        headers: { cookie, ...visitor(900) },
      });
      expect(saved.status).toBe(200);
      const read = await call(b, '/watchlist?site=au-west', {
        headers: { cookie, ...visitor(900) },
      });
      expect(read.status).toBe(200);
      expect(read.body.car_ids).toEqual([4321]);
      // Signed out on B, the cookie opens nothing on A.
      await call(b, '/sign-out', {
        body: { site: 'au-west' },
        headers: { cookie, ...visitor(900) },
      });
      expect(
        (await call(a, '/watchlist?site=au-west', { headers: { cookie, ...visitor(900) } })).status,
      ).toBe(401);
    });

    it('a captcha issued by one server is answered on the other, and only once on either', async () => {
      const challenge = (await call(a, '/captcha')).body;
      const captcha = { token: challenge.token, answer: solveCaptchaQuestion(challenge.question) };
      const body = (id: string) => ({
        ...lead(0),
        site: 'au-motors',
        submission_id: id,
        phone: '0412 345 678',
        dealership_slug: 'au-motors',
        captcha,
      });
      expect(
        (await call(b, '/leads', { body: body(crypto.randomUUID()), headers: visitor(901) }))
          .status,
      ).toBe(201);
      const replay = await call(a, '/leads', {
        body: body(crypto.randomUUID()),
        headers: visitor(901),
      });
      expect(replay.status).toBe(400);
      expect(replay.body.fields).toEqual([
        { path: '/captcha/token', message: expect.stringMatching(/already been used/) },
      ]);
    });

    it('a car held by a reservation on one server is refused on the other, and both staff views show the reservation', async () => {
      const reserve = async (server: Server, i: number) => {
        const challenge = (await call(server, '/captcha')).body;
        const captcha = {
          token: challenge.token,
          answer: solveCaptchaQuestion(challenge.question),
        };
        const {
          site,
          submission_id,
          url,
          user_agent,
          name,
          last_name,
          email,
          phone,
          opt_in,
          lead_attributes,
        } = auLead({ name: `Buyer ${i}` });
        const body = {
          site,
          submission_id,
          url,
          user_agent,
          name,
          last_name,
          email,
          phone,
          opt_in,
          lead_attributes,
          terms_conditions: true,
          car_id: 1234,
          captcha,
        };
        return call(server, '/reservations', { body, headers: visitor(i) });
      };
      const held = await reserve(b, 904);
      expect([held.status, held.body.error]).toEqual([201, undefined]);
      const refused = await reserve(a, 905);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/already reserved/);
      for (const server of [a, b]) {
        const view = await call(server, '/staff/leads?site=au-motors', {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const reservations = view.body.leads.filter((l: { reservation: unknown }) => l.reservation);
        expect(reservations).toEqual([
          expect.objectContaining({
            lead_id: held.body.lead_id,
            reservation: expect.objectContaining({ car_id: 1234, released_at: null }),
          }),
        ]);
      }
    });

    it('rate limits count across both servers: requests split between them meet the limit at the same total', async () => {
      const { limit } = DEFAULT_RATE_LIMIT;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 6; i++) {
        statuses.push(
          // A code never sent: each answers 400 until the limit, counted on either server.
          (
            await call(i % 2 ? a : b, '/sign-in', {
              body: { site: 'nz-motors', phone_number: `021 123 4${100 + i}`, code: '123456' },
              headers: visitor(902),
            })
          ).status,
        );
      }
      expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(limit)).toEqual(Array(6).fill(429));
    });

    it('wrong staff tokens count across both servers', async () => {
      const { limit } = DEFAULT_RATE_LIMIT;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) {
        statuses.push(
          (
            await call(i % 2 ? a : b, '/staff/leads?site=nz-motors', {
              headers: { authorization: 'Bearer wrong', ...visitor(903) },
            })
          ).status,
        );
      }
      expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(limit)).toEqual([429, 429]);
      // The right token from that address waits too, on either server.
      expect(
        (
          await call(a, '/staff/leads?site=nz-motors', {
            headers: { authorization: `Bearer ${TOKEN}`, ...visitor(903) },
          })
        ).status,
      ).toBe(429);
    });
  },
);
