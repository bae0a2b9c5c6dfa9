/**
 * Who may act on stored data (docs/security.md, "Stored data"): a lead only with its
 * secret, a watchlist only through the signed-in session of its site, and the session
 * only in an HttpOnly, SameSite cookie named for its site.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../../engine/api/db/migrate.ts';
import {
  type Answer,
  describeStores,
  schemaProblems,
  startApi,
  type TestApi,
  testClock,
} from './harness.ts';
import { withCode } from './sign-in-kit.ts';

describeStores('ownership', () => {
  let t: TestApi;
  const clock = testClock();
  const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
  beforeAll(async () => {
    t = await startApi({ now: clock.now });
  });
  afterAll(() => t.close());

  const tradeInLead = () =>
    t.post('/leads', {
      site: 'nz-motors',
      submission_id: crypto.randomUUID(),
      isLastStep: false,
      name: 'Tane',
      phone: '021 555 0101',
      category: 'Trade-in',
      subcategory: '1. Lead Created',
    });

  const offer = (lead_id: number, extra: Record<string, unknown> = {}) => ({
    site: 'nz-motors',
    lead_id,
    category: 'Trade-in',
    subcategory: '3. Offer Declined',
    form_completed: true,
    offer_accepted: false,
    ...extra,
  });

  async function statusOf(leadId: number): Promise<string> {
    const { leads } = (await t.get('/staff/leads?site=nz-motors', STAFF)).body as {
      leads: { lead_id: number; status: string }[];
    };
    return leads.find((l) => l.lead_id === leadId)!.status;
  }

  describe('a lead is acted on only with its secret', () => {
    it('answers a secret to the submitter, the same on a retry, different per lead', async () => {
      const body = {
        site: 'nz-motors',
        submission_id: crypto.randomUUID(),
        isLastStep: true,
        name: 'A',
        email: 'a@example.com',
      };
      const first = await t.post('/leads', body);
      expect(schemaProblems('lead-response', first.body)).toEqual([]);
      expect(first.body.lead_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect((await t.post('/leads', body)).body).toEqual(first.body);
      expect((await tradeInLead()).body.lead_secret).not.toBe(first.body.lead_secret);
    });

    it('a stranger guessing the sequential lead_id cannot mark the lead declined', async () => {
      const victim = (await tradeInLead()).body;
      const stranger = (await tradeInLead()).body;
      expect(stranger.lead_id).toBe(victim.lead_id + 1);

      const none = await t.post('/offers/accept', offer(victim.lead_id));
      expect(none.status).toBe(400);
      expect(none.body.fields).toContainEqual({ path: '/lead_secret', message: 'is required' });
      const wrong = await t.post(
        '/offers/accept',
        offer(victim.lead_id, { lead_secret: stranger.lead_secret }),
      );
      expect(wrong.status).toBe(404);
      expect(wrong.body).toEqual({ error: 'Unknown lead' });
      expect(await statusOf(victim.lead_id)).toBe('new');

      const own = await t.post(
        '/offers/accept',
        offer(victim.lead_id, {
          lead_secret: victim.lead_secret,
          subcategory: '3. Offer Accepted',
          offer_accepted: true,
        }),
      );
      expect(own.status).toBe(200);
      expect(await statusOf(victim.lead_id)).toBe('offer_accepted');
    });

    it('valuations and saved data name a lead only with its secret', async () => {
      const victim = (await tradeInLead()).body;
      const car = { site: 'nz-motors', make: 'Toyota', model: 'RAV4', year: 2021, kms: 50_000 };
      expect(
        (await t.post('/valuations', { ...car, lead_id: victim.lead_id })).body.fields,
      ).toContainEqual({ path: '/lead_secret', message: 'is required' });
      expect(
        (
          await t.post('/valuations', {
            ...car,
            lead_id: victim.lead_id,
            lead_secret: 'x'.repeat(43),
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.post('/valuations', {
            ...car,
            lead_id: victim.lead_id,
            lead_secret: victim.lead_secret,
          })
        ).status,
      ).toBe(201);

      const misc = {
        site: 'nz-motors',
        lead_id: victim.lead_id,
        column_name: 'valuation',
        value: { offer_price: 1, kms: 1 },
      };
      expect((await t.post('/miscellaneous', misc)).status).toBe(400);
      expect(
        (await t.post('/miscellaneous', { ...misc, lead_secret: 'y'.repeat(43) })).status,
      ).toBe(404);
      expect(
        (await t.post('/miscellaneous', { ...misc, lead_secret: victim.lead_secret })).body,
      ).toEqual({ success: true, lead_id: victim.lead_id });
    });

    it("a secret of one site's lead is no use on another site", async () => {
      const lead = (await tradeInLead()).body;
      const res = await t.post(
        '/offers/accept',
        offer(lead.lead_id, { site: 'us-motors', lead_secret: lead.lead_secret }),
      );
      expect(res.status).toBe(404);
    });
  });

  /** The Set-Cookie header of an answer, split into name=value and attributes. */
  function cookieOf(res: Answer) {
    const raw = res.headers.get('set-cookie') ?? '';
    const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
    return { pair, attrs: attrs.map((a) => a.toLowerCase()), raw };
  }

  async function signIn(site: string, phone: string) {
    const res = await t.post('/sign-in', await withCode(t, { site, phone_number: phone }));
    expect(res.status).toBe(201);
    return { ...res.body, cookie: cookieOf(res).pair } as {
      token: string;
      cookie: string;
      phone_number: string;
    };
  }

  describe('the session cookie', () => {
    it('is HttpOnly, SameSite=Strict, limited to /api and named for its site', async () => {
      const res = await t.post(
        '/sign-in',
        await withCode(t, { site: 'au-motors', phone_number: '0412 345 678' }),
      );
      const { pair, attrs } = cookieOf(res);
      expect(pair).toMatch(/^fc_sid_au_motors=[A-Za-z0-9_-]{43}$/);
      expect(attrs).toEqual(
        expect.arrayContaining([
          'path=/api',
          'httponly',
          'samesite=strict',
          `max-age=${30 * 86_400}`,
        ]),
      );
      expect(attrs).not.toContain('secure');
      expect(pair.split('=')[1]).toBe(res.body.token);
    });

    it('is Secure behind an HTTPS proxy', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      const res = await t.post(
        '/sign-in',
        await withCode(t, { site: 'au-motors', phone_number: '0412 345 678' }, https),
        https,
      );
      expect(cookieOf(res).attrs).toContain('secure');
    });

    it("signs in the cookie's own site only, and sign-out ends it and clears the cookie", async () => {
      const { cookie } = await signIn('au-motors', '0412 345 678');
      const me = await t.get('/me?site=au-motors', { cookie });
      expect(me.body).toMatchObject({ phone_number: '0412345678', site: 'au-motors' });
      expect((await t.get('/me?site=au-west', { cookie })).status).toBe(401);
      // The cookie of another site renamed to this one's is still that site's session.
      expect(
        (
          await t.get('/me?site=au-west', {
            cookie: cookie.replace('fc_sid_au_motors', 'fc_sid_au_west'),
          })
        ).status,
      ).toBe(401);

      const out = await t.post('/sign-out', { site: 'au-motors' }, { cookie });
      expect(out.status).toBe(204);
      expect(cookieOf(out).pair).toBe('fc_sid_au_motors=');
      expect(cookieOf(out).raw.toLowerCase()).toMatch(/expires=thu, 01 jan 1970/);
      expect((await t.get('/me?site=au-motors', { cookie })).status).toBe(401);
    });
  });

  describe('the watchlist belongs to the signed-in visitor of one site', () => {
    it('refuses every watchlist call without a session', async () => {
      expect((await t.get('/watchlist?site=au-motors')).status).toBe(401);
      expect((await t.post('/watchlist/save-car', { site: 'au-motors', car_id: 1 })).status).toBe(
        401,
      );
      expect((await t.post('/watchlist/remove-car', { site: 'au-motors', car_id: 1 })).status).toBe(
        401,
      );
    });

    it('takes the owner from the session, never from the request', async () => {
      const jane = await signIn('au-motors', '0412 111 222');
      const mallory = await signIn('au-motors', '0412 999 000');
      expect(
        (
          await t.post(
            '/watchlist/save-car',
            { site: 'au-motors', car_id: 77 },
            { cookie: jane.cookie },
          )
        ).body,
      ).toEqual({ success: true });
      // Naming Jane's number is not a way in: the request has no place for it.
      const named = await t.get('/watchlist?site=au-motors&phone_number=0412111222', {
        cookie: mallory.cookie,
      });
      expect(named.status).toBe(400);
      const post = await t.post(
        '/watchlist/remove-car',
        { site: 'au-motors', car_id: 77, phone_number: '0412 111 222' },
        { cookie: mallory.cookie },
      );
      expect(post.status).toBe(400);
      expect((await t.get('/watchlist?site=au-motors', { cookie: mallory.cookie })).body).toEqual({
        phone_number: '0412999000',
        car_ids: [],
      });
      expect((await t.get('/watchlist?site=au-motors', { cookie: jane.cookie })).body).toEqual({
        phone_number: '0412111222',
        car_ids: [77],
      });
    });

    it('keeps one watchlist per site for the same number', async () => {
      const here = await signIn('au-motors', '0412 222 333');
      const there = await signIn('au-west', '0412 222 333');
      await t.post(
        '/watchlist/save-car',
        { site: 'au-motors', car_id: 5 },
        { cookie: here.cookie },
      );
      expect(
        (await t.get('/watchlist?site=au-west', { cookie: there.cookie })).body.car_ids,
      ).toEqual([]);
      // A bearer session of one site does not open another site's watchlist.
      const crossed = await t.get('/watchlist?site=au-west', {
        authorization: `Bearer ${here.token}`,
      });
      expect(crossed.status).toBe(401);
    });

    it('rate-limits watchlist reads', async () => {
      clock.advance(120_000);
      const { cookie } = await signIn('au-west', '0412 444 555');
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await t.get('/watchlist?site=au-west', { cookie })).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses).toContain(429);
    });
  });
});

// The SQLite store's migration 002; PostgreSQL started with per-site watchlists.
describe('watchlists saved before they were per site', () => {
  it("are kept for the sites where the number signed in; others' rows are dropped", () => {
    const db = new Database(':memory:');
    const [first, ...rest] = readMigrations();
    migrate(db, [first]);
    db.exec(`INSERT INTO sessions VALUES ('h1', '0412111222', 'au-motors', 'x', 'y'), ('h2', '0412111222', 'au-west', 'x', 'y');
    INSERT INTO watchlist VALUES ('0412111222', 7, '2025-01-01'), ('0499000000', 8, '2025-01-01');`);
    migrate(db, [first, ...rest]);
    expect(db.prepare('SELECT site, phone, car_id FROM watchlist ORDER BY site').all()).toEqual([
      { site: 'au-motors', phone: '0412111222', car_id: 7 },
      { site: 'au-west', phone: '0412111222', car_id: 7 },
    ]);
    db.close();
  });
});
