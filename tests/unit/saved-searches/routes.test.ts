/** The saved-search routes on both stores: owned by the session, validated, limited; one-click unsubscribe. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_UNSUBSCRIBE,
  MAX_SAVED_SEARCHES,
  TOO_MANY_SEARCHES,
} from '../../../engine/api/routes/saved-searches.ts';
import {
  describeStores,
  schemaProblems,
  startApi,
  testClock,
  type TestApi,
} from '../api/harness.ts';
import { signedIn } from '../api/sign-in-kit.ts';
import { FORD } from './kit.ts';

describeStores('saved searches', () => {
  let t: TestApi;
  const clock = testClock();
  beforeAll(async () => {
    t = await startApi({ now: clock.now });
  });
  afterAll(() => t.close());

  it('saves, lists newest first, and deletes the signed-in visitor’s own searches only', async () => {
    const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 111' });
    const other = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 222' });
    const first = await t.post('/saved-searches', FORD, me);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    clock.advance(1000);
    const second = await t.post(
      '/saved-searches',
      { ...FORD, frequency: 'daily', url: '/search/suv', label: 'SUV' },
      me,
    );
    expect(schemaProblems('saved-searches', second.body)).toEqual([]);
    const list = second.body.saved_searches;
    expect(list.map((s: { label: string }) => s.label)).toEqual(['SUV', 'Ford']);
    expect(list[1]).toMatchObject({ email: 'buyer@example.com', frequency: 'instant' });
    expect((await t.get('/saved-searches?site=au-motors', other)).body).toEqual({
      saved_searches: [],
    });
    // Another visitor's delete changes nothing; the owner's removes it.
    await t.post('/saved-searches/delete', { site: 'au-motors', id: list[0].id }, other);
    expect((await t.get('/saved-searches?site=au-motors', me)).body.saved_searches).toHaveLength(2);
    const gone = await t.post('/saved-searches/delete', { site: 'au-motors', id: list[0].id }, me);
    expect(gone.body).toEqual({ success: true });
    expect(
      (await t.get('/saved-searches?site=au-motors', me)).body.saved_searches.map(
        (s: { id: number }) => s.id,
      ),
    ).toEqual([list[1].id]);
  });

  it('needs a session, a valid body, and keeps at most the limit', async () => {
    expect((await t.post('/saved-searches', FORD)).status).toBe(401);
    expect((await t.get('/saved-searches?site=au-motors')).status).toBe(401);
    const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 333' });
    const bad = await t.post(
      '/saved-searches',
      { ...FORD, email: 'not an email', frequency: 'weekly' },
      me,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      '/email',
      '/frequency',
    ]);
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      // Past the per-client rate limit's window: this is the count limit's test.
      clock.advance(61_000);
      expect((await t.post('/saved-searches', FORD, me)).status).toBe(201);
    }
    const over = await t.post('/saved-searches', FORD, me);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(TOO_MANY_SEARCHES);
  });

  describe('unsubscribe', () => {
    it('a signed link removes every search sending to that address on that site, without a session', async () => {
      clock.advance(61_000);
      const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 444' });
      await t.post('/saved-searches', { ...FORD, email: 'leave@example.com' }, me);
      await t.post('/saved-searches', { ...FORD, email: 'stay@example.com' }, me);
      const token = t.api.alerts.tokens.make({ site: 'au-motors', email: 'leave@example.com' });
      // RFC 8058: the mail program posts a form body to the List-Unsubscribe address.
      const oneClick = await t.raw(`/saved-searches/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(oneClick.body).toEqual({ success: true });
      const left = (await t.get('/saved-searches?site=au-motors', me)).body.saved_searches;
      expect(left.map((s: { email: string }) => s.email)).toEqual(['stay@example.com']);
      // Opened in a browser, again: still a page saying it is done.
      const page = await t.get(`/saved-searches/unsubscribe?token=${token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    });

    it('refuses a tampered or malformed token', async () => {
      clock.advance(61_000);
      const me = await signedIn(t, { site: 'au-motors', phone_number: '0412 000 555' });
      await t.post('/saved-searches', { ...FORD, email: 'victim@example.com' }, me);
      const token = t.api.alerts.tokens.make({ site: 'au-motors', email: 'someone@example.com' });
      const [, signature] = token.split('.');
      const forged = `${Buffer.from(JSON.stringify(['au-motors', 'victim@example.com'])).toString('base64url')}.${signature}`;
      for (const bad of [forged, `${token}x`, 'no-dot-in-this-token']) {
        const res = await t.post(`/saved-searches/unsubscribe?token=${bad}`, {});
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(BAD_UNSUBSCRIBE);
      }
      expect((await t.get('/saved-searches?site=au-motors', me)).body.saved_searches).toHaveLength(
        1,
      );
    });
  });
});
