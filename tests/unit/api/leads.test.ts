/**
 * Leads against a real express app and a real SQLite file: stored before success,
 * surviving a restart, never doubled, never half-written, rate limited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from '../../../engine/api/db/migrate.ts';
import { readPostgresMigrations } from '../../../engine/api/db/migrate-postgres.ts';
import type { SqliteStore } from '../../../engine/api/store/sqlite.ts';
import { TERMS_MESSAGE } from '../../../engine/api/site-rules.ts';
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_GRACE_MS,
  CAPTCHA_TTL_MS,
  solveCaptchaQuestion,
} from '../../../engine/api/adapters/captcha.ts';
import {
  auLead,
  describeStores,
  emptyPostgresDatabase,
  fixtureSitesDir,
  removeDir,
  schemaProblems,
  startApi,
  tempDataDir,
  type TestApi,
  testClock,
} from './harness.ts';

describeStores('leads', (store) => {
  const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
  let open: TestApi[] = [];
  const start = async (...args: Parameters<typeof startApi>) => {
    const t = await startApi(...args);
    open.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of open) await t.close().catch(() => {});
    open = [];
  });

  async function countRows(t: TestApi, table: string): Promise<number> {
    const [row] = await t.rows<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${table}`,
    );
    return row.n;
  }

  describe('POST /api/leads', () => {
    it('stores the lead, answers its id, and it is still there after the server and database restart', async () => {
      const dataDir = tempDataDir();
      const sitesDir = fixtureSitesDir();
      const first = await start({ dataDir, sitesDir });
      const lead = auLead({ captcha: await first.captcha() });
      const res = await first.post('/leads', lead);
      expect(res.status).toBe(201);
      expect(schemaProblems('lead-response', res.body)).toEqual([]);
      const leadId = res.body.lead_id;
      await first.close();
      open = [];

      const second = await start({ dataDir, sitesDir });
      const list = await second.get('/staff/leads?site=au-motors', STAFF);
      expect(list.status).toBe(200);
      expect(schemaProblems('staff-leads', list.body)).toEqual([]);
      expect(list.body.leads).toHaveLength(1);
      const stored = list.body.leads[0];
      expect(stored).toMatchObject({
        lead_id: leadId,
        site: 'au-motors',
        kind: 'lead',
        submission_id: lead.submission_id,
        status: 'new',
        is_last_step: true,
        name: 'Jane Citizen',
        email: 'jane@example.com',
        phone: '0412 345 678',
        message: 'Is this car still available?',
        car_id: 1234,
        category: 'Used Car Enquiry',
        visited_pages: ['/', '/cars/2021-ford-ranger'],
        linked_query_params: { gclid: 'abc', utm_source: 'google' },
      });
      // Everything sent is kept for staff, except the captcha answer.
      expect(stored.payload).toMatchObject({
        'category select': 'General Enquiry',
        source: 'Website',
        url: lead.url,
        opt_in: true,
      });
      expect(stored.payload).not.toHaveProperty('captcha');
      removeDir(dataDir);
      removeDir(sitesDir);
    });

    it('creates the database with every migration applied (SQLite: in WAL mode)', async () => {
      const t = await start(
        store === 'postgres' ? { databaseUrl: await emptyPostgresDatabase() } : {},
      );
      if (store === 'sqlite') {
        const { db } = t.api.store as SqliteStore;
        expect(db.pragma('user_version', { simple: true })).toBe(readMigrations().length);
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      } else {
        const applied = await t.rows<{ version: number }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        );
        expect(applied.map((m) => m.version)).toEqual(
          readPostgresMigrations().map((m) => m.version),
        );
      }
    });

    it('stores one lead for a submission sent twice, in a row or at the same moment', async () => {
      const t = await start({ sitesDir: undefined });
      const lead = auLead({ captcha: await t.captcha() });
      const a = await t.post('/leads', lead);
      const b = await t.post('/leads', lead);
      expect(a.status).toBe(201);
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);

      const twin = auLead({ captcha: await t.captcha() });
      const [c, d] = await Promise.all([t.post('/leads', twin), t.post('/leads', twin)]);
      expect([c.status, d.status].sort()).toEqual([200, 201]);
      expect(c.body.lead_id).toBe(d.body.lead_id);
      expect(await countRows(t, 'leads')).toBe(2);
    });

    it('rolls back a lead that fails between inserts: an error answer and nothing stored', async () => {
      let fail = true;
      const t = await start({
        hooks: {
          afterLeadRow: () => {
            if (fail) throw new Error('disk full (simulated)');
          },
        },
      });
      const lead = auLead({ captcha: await t.captcha() });
      const res = await t.post('/leads', lead);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Your enquiry could not be saved. Please try again.' });
      expect(res.body).not.toHaveProperty('lead_id');
      for (const table of ['leads', 'lead_visited_pages', 'lead_query_params', 'captcha_used'])
        expect(await countRows(t, table)).toBe(0);
      expect((await t.get('/staff/leads?site=au-motors', STAFF)).body.leads).toEqual([]);

      // The visitor retries: the same submission and the same captcha answer now go through.
      fail = false;
      const retry = await t.post('/leads', lead);
      expect(retry.status).toBe(201);
      expect(await countRows(t, 'leads')).toBe(1);
      expect(await countRows(t, 'lead_visited_pages')).toBe(2);
    });

    it('requires a right captcha on sites with the captcha on, and each captcha works once', async () => {
      const t = await start();
      const missing = await t.post('/leads', auLead());
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([{ path: '/captcha', message: 'is required' }]);

      const c = await t.captcha();
      const wrong = await t.post(
        '/leads',
        auLead({ captcha: { token: c.token, answer: c.answer + 1 } }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields.map((f: { path: string }) => f.path)).toEqual(['/captcha/answer']);

      const forged = await t.post(
        '/leads',
        auLead({ captcha: { token: `${c.token.split('.')[0]}.AAAA`, answer: c.answer } }),
      );
      expect(forged.status).toBe(400);

      expect((await t.post('/leads', auLead({ captcha: c }))).status).toBe(201);
      const replay = await t.post('/leads', auLead({ captcha: c }));
      expect(replay.status).toBe(400);
      expect(replay.body.fields[0].path).toBe('/captcha/token');
      expect(await countRows(t, 'leads')).toBe(1);
    });

    it("refuses an expired captcha, on the server's clock with a grace period", async () => {
      const clock = testClock();
      const t = await start({ now: clock.now });
      const c = await t.captcha();
      const challenge = (await t.get('/captcha')).body;
      expect(challenge.expires_in).toBe(CAPTCHA_TTL_MS / 1000);
      clock.advance(CAPTCHA_TTL_MS + CAPTCHA_GRACE_MS - 1000);
      expect((await t.post('/leads', auLead({ captcha: c }))).status).toBe(201);
      clock.advance(2000);
      const res = await t.post(
        '/leads',
        auLead({
          captcha: { token: challenge.token, answer: solveCaptchaQuestion(challenge.question) },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(CAPTCHA_EXPIRED);
    });

    it('applies the site rules: region phone, dealership and location of the site, terms where required', async () => {
      const t = await start();
      const res = await t.post(
        '/leads',
        auLead({
          phone: '555 1234',
          dealership_slug: 'elsewhere',
          location: 99,
          postcode: '42150',
          captcha: await t.captcha(),
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        {
          path: '/phone',
          message: 'Please enter a valid Australian phone number, e.g. 0412 345 678.',
        },
        { path: '/postcode', message: 'Invalid postcode. Please enter a 4-digit number.' },
        { path: '/dealership_slug', message: 'is not a dealership of this site' },
        { path: '/location', message: 'is not a location of this site' },
      ]);
      expect(
        (
          await t.post(
            '/leads',
            auLead({ location: 'southport', location_id: 5, captcha: await t.captcha() }),
          )
        ).status,
      ).toBe(201);

      const us = {
        ...auLead(),
        site: 'us-motors',
        phone: '(608) 555-0134',
        dealership_slug: undefined,
      };
      const noTerms = await t.post('/leads', us);
      expect(noTerms.body.fields).toEqual([{ path: '/terms_conditions', message: TERMS_MESSAGE }]);
      expect((await t.post('/leads', { ...us, terms_conditions: true })).status).toBe(201);
    });

    it("refuses a location of another dealership than the lead's, naming the field", async () => {
      const t = await start();
      const wrong = await t.post(
        '/leads',
        auLead({ location: 'nerang', location_id: 6, captcha: await t.captcha() }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual([
        { path: '/location', message: 'is a location of AU Motors North, not of AU Motors' },
        { path: '/location_id', message: 'is a location of AU Motors North, not of AU Motors' },
      ]);
      // Without a dealership named, the car's dealership (car_dealership_id) is the lead's.
      const byCar = await t.post(
        '/leads',
        auLead({ dealership_slug: undefined, car_dealership_id: 52, location: 'southport' }),
      );
      expect(byCar.body.fields).toEqual([
        { path: '/location', message: 'is a location of AU Motors, not of AU Motors North' },
      ]);
      const right = auLead({
        dealership_slug: 'au-motors-north',
        location: 'nerang',
        captcha: await t.captcha(),
      });
      expect((await t.post('/leads', right)).status).toBe(201);
      expect(await countRows(t, 'leads')).toBe(1);
    });

    it('answers 404 for an unknown site', async () => {
      const t = await start();
      const res = await t.post('/leads', auLead({ site: 'nowhere' }));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Unknown site' });
    });

    it('marks every answer no-store and nosniff', async () => {
      const t = await start();
      const res = await t.post('/leads', auLead({ captcha: await t.captcha() }));
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('POST /api/forms/{formId}', () => {
    it('stores a general form with the same guarantees', async () => {
      const t = await start();
      const body = {
        site: 'nz-motors',
        submission_id: crypto.randomUUID(),
        fields: {
          name: 'Aroha',
          email: 'aroha@example.co.nz',
          phone: '021 123 4567',
          message: 'Service booking please',
          preferred_day: 'Tuesday',
        },
      };
      const a = await t.post('/forms/service-request', body);
      const b = await t.post('/forms/service-request', body);
      expect(a.status).toBe(201);
      expect(b.body).toEqual(a.body);
      const [lead] = (await t.get('/staff/leads?site=nz-motors', STAFF)).body.leads;
      expect(lead).toMatchObject({
        kind: 'form',
        form_id: 'service-request',
        name: 'Aroha',
        phone: '021 123 4567',
        message: 'Service booking please',
      });
      expect(lead.payload.fields.preferred_day).toBe('Tuesday');
    });

    it("checks phone and postcode inside fields by the site's region", async () => {
      const t = await start();
      const res = await t.post('/forms/contact', {
        site: 'nz-motors',
        submission_id: crypto.randomUUID(),
        fields: { name: 'A', phone: '0412 345 678 9', postcode: '61' },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual([
        '/fields/phone',
        '/fields/postcode',
      ]);
    });
  });

  describe('rate limit on lead endpoints', () => {
    it('answers 429 with Retry-After after 20 requests a minute from one client for one site', async () => {
      const clock = testClock();
      const t = await start({ now: clock.now });
      const bad = { site: 'nz-motors' }; // invalid on purpose: refused requests count too
      for (let i = 0; i < 20; i++) expect((await t.post('/leads', bad)).status).toBe(400);
      const limited = await t.post('/leads', bad);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(limited.body.error).toMatch(/Too many requests/);
      // Another site, and another endpoint, have their own allowance.
      expect((await t.post('/leads', { site: 'au-motors' })).status).toBe(400);
      expect((await t.post('/forms/contact', bad)).status).toBe(400);
      clock.advance(30_000);
      expect((await t.post('/leads', bad)).headers.get('retry-after')).toBe('30');
      clock.advance(30_000);
      expect((await t.post('/leads', bad)).status).toBe(400);
    });

    it('takes its limit from the options', async () => {
      const t = await start({ rateLimit: { limit: 2, windowMs: 1000 } });
      const body = { site: 'nz-motors' };
      await t.post('/leads', body);
      await t.post('/leads', body);
      expect((await t.post('/leads', body)).status).toBe(429);
    });
  });
});
