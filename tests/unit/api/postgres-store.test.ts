/**
 * What servers sharing one PostgreSQL store rely on (docs/api.md, "Storage"), store against
 * store on a real server: migrations run once however many start together, a database newer
 * than the code is refused, and settings, rate limits, captcha tokens and car holds are one
 * for all of them.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migratePostgres,
  readPostgresMigrations,
} from '../../../engine/api/db/migrate-postgres.ts';
import { openPostgresStore, type PostgresStore } from '../../../engine/api/store/postgres/store.ts';
import { CaptchaUsedError, CarHeldError, type NewLead } from '../../../engine/api/store/types.ts';
import { POSTGRES_MISSING } from '../../setup/postgres.ts';
import { emptyPostgresDatabase, postgresAvailable } from './harness.ts';

const newLead = (submissionId: string): NewLead => ({
  site: 'au-motors',
  submissionId,
  kind: 'lead',
  isLastStep: true,
  category: 'Reservation',
  payload: { b: 1, a: 2 },
  visitedPages: [],
  queryParams: {},
});

describe.skipIf(!postgresAvailable)(
  `the PostgreSQL store${postgresAvailable ? '' : ` (skipped: ${POSTGRES_MISSING})`}`,
  () => {
    let url: string;
    let one: PostgresStore;
    let two: PostgresStore;

    beforeAll(async () => {
      url = await emptyPostgresDatabase();
      [one, two] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    }, 120_000);
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    it('migrates once when several servers start together, and refuses a database newer than the code', async () => {
      const fresh = await emptyPostgresDatabase();
      const pools = Array.from({ length: 4 }, () =>
        postgres(fresh, { max: 1, onnotice: () => {} }),
      );
      try {
        const results = await Promise.all(pools.map((sql) => migratePostgres(sql)));
        const latest = readPostgresMigrations().length;
        // One of them applied everything; the others waited on the lock and found it done.
        expect(results.map((r) => r.from).sort()).toEqual([0, latest, latest, latest]);
        const rows = await pools[0]<
          { version: number }[]
        >`SELECT version FROM schema_migrations ORDER BY version`;
        expect(rows.map((r) => r.version)).toEqual(readPostgresMigrations().map((m) => m.version));

        await pools[0]`INSERT INTO schema_migrations (version, name) VALUES (${latest + 1}, 'from-the-future.sql')`;
        await expect(migratePostgres(pools[1])).rejects.toThrow(/newer than this code knows/);
      } finally {
        await Promise.all(pools.map((sql) => sql.end()));
      }
    });

    it('gives every server the same generated setting', async () => {
      const [a, b] = await Promise.all([
        one.setting('shared_secret_test'),
        two.setting('shared_secret_test'),
      ]);
      expect(a).toBe(b);
      expect(await one.setting('shared_secret_test', () => 'another')).toBe(a);
    });

    it('counts requests of one client together across servers, in windows', async () => {
      let now = 1_000_000;
      const options = { limit: 5, windowMs: 60_000 };
      const counters = [
        one.rateCounter('test', options, () => now),
        two.rateCounter('test', options, () => now),
      ];
      const decisions = [];
      for (let i = 0; i < 8; i++) decisions.push(await counters[i % 2].hit('client-1'));
      expect(decisions.map((d) => d.allowed)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
      expect(decisions[7]).toEqual({ allowed: false, retryAfterSeconds: 60 });
      expect(await counters[0].blockedFor('client-1')).toBe(60);
      expect(await counters[1].blockedFor('client-2')).toBeUndefined();
      // Another scope (another limit) counts apart.
      expect((await one.rateCounter('other', options, () => now).hit('client-1')).allowed).toBe(
        true,
      );
      now += 60_000;
      expect(await counters[1].blockedFor('client-1')).toBeUndefined();
      expect(await counters[1].hit('client-1')).toEqual({ allowed: true, remaining: 4 });
    });

    it('lets a captcha token be used once, and a car be held once, whichever servers race for it', async () => {
      const captcha = {
        nonce: crypto.randomUUID(),
        expiresAtMs: Date.now() + 60_000,
        nowMs: Date.now(),
      };
      const withCaptcha = await Promise.allSettled([
        one.leads.create(newLead(crypto.randomUUID()), {
          createdAt: new Date().toISOString(),
          captcha,
        }),
        two.leads.create(newLead(crypto.randomUUID()), {
          createdAt: new Date().toISOString(),
          captcha,
        }),
      ]);
      expect(withCaptcha.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(withCaptcha.find((r) => r.status === 'rejected')).toMatchObject({
        reason: expect.any(CaptchaUsedError),
      });

      const hold = {
        site: 'au-motors',
        carId: 777,
        stockNumber: null,
        amount: 200,
        currency: 'AUD' as const,
        provider: 'pay-at-dealership',
        createdAt: '2025-06-02T01:00:00.000Z',
        heldUntil: '2025-06-04T01:00:00.000Z',
      };
      const reserved = await Promise.allSettled(
        [one, two, one, two].map((store) =>
          store.leads.create(newLead(crypto.randomUUID()), { createdAt: hold.createdAt, hold }),
        ),
      );
      expect(reserved.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of reserved.filter((x) => x.status === 'rejected'))
        expect(r).toMatchObject({ reason: expect.any(CarHeldError) });
      expect(await two.reservations.held()).toEqual([{ car_id: 777, held_until: hold.heldUntil }]);
    });

    it("keeps a lead's payload as sent, key order included", async () => {
      const { leadId } = await one.leads.create(newLead(crypto.randomUUID()), {
        createdAt: new Date().toISOString(),
      });
      expect(JSON.stringify((await two.leads.get(leadId))!.payload)).toBe('{"b":1,"a":2}');
    });
  },
);
