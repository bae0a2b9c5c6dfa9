/** The staff read view: token required, leads newest first, paged; the HTML page escapes what visitors typed. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeStores,
  fixtureSitesDir,
  startApi,
  tempDataDir,
  type TestApi,
  testClock,
} from './harness.ts';

describeStores('staff view', () => {
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

  const lead = (name: string) => ({
    site: 'nz-motors',
    submission_id: crypto.randomUUID(),
    isLastStep: true,
    name,
    email: 'x@example.com',
  });

  describe('staff lead view', () => {
    it('requires the staff token', async () => {
      const t = await start();
      for (const headers of [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: TOKEN },
      ] as Record<string, string>[]) {
        const res = await t.get('/staff/leads?site=nz-motors', headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Staff token required.' });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
      expect((await t.get('/staff/leads.html?site=nz-motors')).status).toBe(401);
      expect((await t.get('/staff/leads.html?site=nz-motors&token=wrong')).status).toBe(401);
    });

    it("lists a site's leads newest first, in pages", async () => {
      const clock = testClock();
      const t = await start({ now: clock.now });
      for (const name of ['First', 'Second', 'Third']) {
        await t.post('/leads', lead(name));
        clock.advance(60_000);
      }
      await t.post('/leads', {
        ...lead('Elsewhere'),
        site: 'us-motors',
        phone: '(608) 555-0134',
        terms_conditions: true,
      });
      const auth = { authorization: `Bearer ${TOKEN}` };
      const page1 = await t.get('/staff/leads?site=nz-motors&limit=2', auth);
      expect(page1.body.leads.map((l: { name: string }) => l.name)).toEqual(['Third', 'Second']);
      const page2 = await t.get(
        `/staff/leads?site=nz-motors&limit=2&before=${page1.body.next_before}`,
        auth,
      );
      expect(page2.body.leads.map((l: { name: string }) => l.name)).toEqual(['First']);
      expect(page2.body.next_before).toBeNull();
      expect((await t.get('/staff/leads?site=nowhere', auth)).status).toBe(404);
    });

    it("serves an HTML page that escapes visitors' text", async () => {
      const t = await start();
      await t.post('/leads', {
        ...lead('<script>alert(1)</script>'),
        site: 'us-motors',
        phone: '(608) 555-0134',
        terms_conditions: true,
      });
      const res = await t.get(`/staff/leads.html?site=us-motors&token=${TOKEN}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('Leads · US Motors &lt;Lakeside&gt;');
      expect(res.text).toContain('1 stored, newest first.');
    });

    it('takes the token from FORECOURT_STAFF_TOKEN, else generates one, keeps it and prints it', async () => {
      const fromEnv = await start({
        staffToken: undefined,
        env: { FORECOURT_STAFF_TOKEN: 'from-the-environment-123456' },
      });
      expect(fromEnv.api.staffToken).toBe('from-the-environment-123456');

      const dataDir = tempDataDir();
      const sitesDir = fixtureSitesDir();
      const printed: string[] = [];
      const log = { log: (m: string) => printed.push(m), warn: () => {}, error: () => {} };
      const first = await start({ staffToken: undefined, env: {}, dataDir, sitesDir, log });
      const token = first.api.staffToken;
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(printed.join('\n')).toContain(token);
      expect(
        (await first.get('/staff/leads?site=nz-motors', { authorization: `Bearer ${token}` }))
          .status,
      ).toBe(200);
      await first.close();
      open = open.filter((o) => o !== first);
      const again = await start({ staffToken: undefined, env: {}, dataDir, sitesDir, log });
      expect(again.api.staffToken).toBe(token);
    });
  });

  describe('staff view rate limit', () => {
    it('limits guessing the token', async () => {
      const t = await start({ rateLimit: { limit: 3, windowMs: 60_000 } });
      for (let i = 0; i < 3; i++)
        expect(
          (await t.get('/staff/leads?site=nz-motors', { authorization: `Bearer guess-${i}` }))
            .status,
        ).toBe(401);
      expect(
        (await t.get('/staff/leads?site=nz-motors', { authorization: `Bearer ${TOKEN}` })).status,
      ).toBe(429);
    });
  });
});
