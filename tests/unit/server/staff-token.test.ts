/**
 * Guessing the staff token (docs/security.md, "Editor and server"): wrong tokens are counted
 * per client address whatever the site asked for, and a wrong token gets the same answer for
 * every site; JSON endpoints answer 415 to a body that is not JSON.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../api/harness.ts';

const TOKEN = 'staff-token-for-tests-0123456789';
let open: TestApi[] = [];
const start = async (...args: Parameters<typeof startApi>) => {
  const t = await startApi(...args);
  open.push(t);
  return t;
};
afterEach(async () => {
  for (const t of open) await t.close();
  open = [];
});

describe('staff token guessing', () => {
  it('counts wrong tokens per client address, not per ?site=', async () => {
    const t = await start({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const sites = ['nz-motors', 'au-motors', 'us-motors', 'nowhere', 'x1'];
    for (let i = 0; i < 3; i++)
      expect(
        (await t.get(`/staff/leads?site=${sites[i]}`, { authorization: `Bearer guess-${i}` }))
          .status,
      ).toBe(401);
    // A fourth site buys no fourth guess, and the right token waits too.
    expect(
      (await t.get(`/staff/leads?site=${sites[3]}`, { authorization: 'Bearer guess-3' })).status,
    ).toBe(429);
    const right = await t.get(`/staff/leads.html?site=${sites[4]}&token=${TOKEN}`);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client address is not held back by this one's guesses.
    expect(
      (
        await t.get('/staff/leads?site=nz-motors', {
          authorization: `Bearer ${TOKEN}`,
          'x-forwarded-for': '203.0.113.7',
        })
      ).status,
    ).toBe(200);
  });

  it('answers a wrong token the same whatever the site (known, unknown, malformed)', async () => {
    const t = await start();
    const answers = await Promise.all(
      ['nz-motors', 'nowhere', '../x', ''].map((site) =>
        t.get(`/staff/leads?site=${encodeURIComponent(site)}`, { authorization: 'Bearer wrong' }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.text).toBe(answers[0].text);
    }
  });
});

describe('JSON endpoints', () => {
  it('answer 415 to a body that is not JSON, naming what to send', async () => {
    const t = await start();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.raw('/leads', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'site=nz-motors&name=x',
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toMatch(/must be JSON/);
    }
    // JSON with a charset, or a +json type, is read as before (and then validated).
    const json = await t.raw('/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });
});
