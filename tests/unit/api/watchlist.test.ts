/** Watchlist save/remove/list for the signed-in visitor, and sign-in sessions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStores, schemaProblems, startApi, type TestApi, testClock } from './harness.ts';
import { withCode } from './sign-in-kit.ts';

describeStores('watchlist', () => {
  let t: TestApi;
  const clock = testClock();
  beforeAll(async () => {
    t = await startApi({ now: clock.now });
  });
  afterAll(() => t.close());

  /** Signs in on au-motors; the session cookie is what a browser sends back. */
  async function session(phone: string) {
    const res = await t.post(
      '/sign-in',
      await withCode(t, { site: 'au-motors', phone_number: phone }),
    );
    return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
  }

  describe('watchlist', () => {
    it('saves, lists (newest first), removes, and reads success flags', async () => {
      const me = await session('0412 000 111');
      for (const car_id of [101, 102, 'feed-key-7']) {
        const res = await t.post('/watchlist/save-car', { site: 'au-motors', car_id }, me);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
        clock.advance(1000);
      }
      // Saving again does not duplicate it.
      expect(
        (await t.post('/watchlist/save-car', { site: 'au-motors', car_id: '101' }, me)).body,
      ).toEqual({ success: true });
      const list = await t.get('/watchlist?site=au-motors', me);
      expect(schemaProblems('watchlist', list.body)).toEqual([]);
      expect(list.body).toEqual({ phone_number: '0412000111', car_ids: ['feed-key-7', 102, 101] });

      expect(
        (await t.post('/watchlist/remove-car', { site: 'au-motors', car_id: 102 }, me)).body,
      ).toEqual({ success: true });
      expect(
        (await t.post('/watchlist/remove-car', { site: 'au-motors', car_id: 999 }, me)).body,
      ).toEqual({ success: true });
      expect((await t.get('/watchlist?site=au-motors', me)).body.car_ids).toEqual([
        'feed-key-7',
        101,
      ]);
      expect(list.headers.get('cache-control')).toBe('no-store');
    });

    it('treats the same number typed differently as one watchlist', async () => {
      await t.post(
        '/watchlist/save-car',
        { site: 'au-motors', car_id: 5 },
        await session('+61 412 999 888'),
      );
      const list = await t.get('/watchlist?site=au-motors', await session('0412-999-888'));
      expect(list.body).toEqual({ phone_number: '0412999888', car_ids: [5] });
    });

    it('an empty watchlist is an empty list', async () => {
      expect((await t.get('/watchlist?site=au-motors', await session('0400000000'))).body).toEqual({
        phone_number: '0400000000',
        car_ids: [],
      });
    });
  });

  describe('sign-in', () => {
    it('signs in by phone, answers a stored session token, and /me reads it', async () => {
      const res = await t.post(
        '/sign-in',
        await withCode(t, { site: 'au-motors', phone_number: '+61 412 345 678' }),
      );
      expect(res.status).toBe(201);
      expect(schemaProblems('session', res.body)).toEqual([]);
      expect(res.body).toMatchObject({ phone_number: '0412345678', site: 'au-motors' });
      const auth = { authorization: `Bearer ${res.body.token}` };
      const me = await t.get('/me', auth);
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        phone_number: '0412345678',
        site: 'au-motors',
        expires_at: res.body.expires_at,
      });
      // The token is stored hashed, never as is.
      const rows = await t.rows<{ token_hash: string }>('SELECT token_hash FROM sessions');
      expect(rows.map((r) => r.token_hash)).not.toContain(res.body.token);

      // The watchlist is the session's own: the request cannot name another number.
      expect(
        (await t.post('/watchlist/save-car', { site: 'au-motors', car_id: 1 }, auth)).status,
      ).toBe(200);
      const other = await t.post(
        '/watchlist/save-car',
        { site: 'au-motors', phone_number: '0499 999 999', car_id: 1 },
        auth,
      );
      expect(other.status).toBe(400);
      expect((await t.get('/watchlist?site=au-motors', auth)).body).toEqual({
        phone_number: '0412345678',
        car_ids: [1],
      });

      expect((await t.post('/sign-out', {}, auth)).status).toBe(204);
      expect((await t.get('/me', auth)).status).toBe(401);
    });

    it('refuses /me without a token, with a wrong one, and after the session expires', async () => {
      expect((await t.get('/me')).status).toBe(401);
      expect((await t.get('/me', { authorization: 'Bearer nope' })).status).toBe(401);
      expect(
        (
          await t.post(
            '/watchlist/save-car',
            { site: 'au-motors', car_id: 1 },
            { authorization: 'Bearer nope' },
          )
        ).status,
      ).toBe(401);
      const { token } = (
        await t.post(
          '/sign-in',
          await withCode(t, { site: 'nz-motors', phone_number: '021 123 4567' }),
        )
      ).body;
      clock.advance(31 * 86_400_000);
      expect((await t.get('/me', { authorization: `Bearer ${token}` })).status).toBe(401);
    });

    it("checks the number by the site's region", async () => {
      expect(
        (
          await t.post(
            '/sign-in',
            await withCode(t, { site: 'us-motors', phone_number: '(608) 555-0134' }),
          )
        ).body.phone_number,
      ).toBe('6085550134');
      expect(
        (await t.post('/sign-in/code', { site: 'nz-motors', phone_number: '(608) 555-0134' }))
          .status,
      ).toBe(400);
      expect(
        (await t.post('/sign-in/code', { site: 'nowhere', phone_number: '0412 345 678' })).status,
      ).toBe(404);
    });
  });

  describe('phone reveals', () => {
    it('records a reveal with 204 and counts it per car', async () => {
      const res = await t.post('/phone-reveals', {
        car_id: 1234,
        dealership_id: 52,
        website_id: 501,
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      await t.post('/phone-reveals', { car_id: '1234', website_id: 501 });
      const [row] = await t.rows<{ n: number }>(
        "SELECT CAST(COUNT(*) AS INTEGER) AS n FROM phone_reveals WHERE site = 'au-motors' AND car_id = '1234'",
      );
      expect(row.n).toBe(2);
      expect((await t.post('/phone-reveals', { car_id: 1, website_id: 999 })).status).toBe(404);
    });
  });
});
