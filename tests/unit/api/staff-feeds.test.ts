/**
 * Staff read the scheduled feed pulls of a site (GET /api/staff/feeds; docs/cars.md,
 * "Scheduled feed pulls"): behind the staff token, per dealership the last pull's time and
 * counts, or its failure, and the next pull; a failure, a plan and a later good pull as the
 * store keeps them in both stores.
 */
import { afterEach, expect, it } from 'vitest';
import { STAFF_TOKEN_REQUIRED } from '../../../engine/api/staff-auth.ts';
import { describeStores, schemaProblems, startApi, type TestApi } from './harness.ts';

const TOKEN = 'staff-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const at = (iso: string) => new Date(iso);

describeStores('staff feed pulls', () => {
  let open: TestApi[] = [];
  afterEach(async () => {
    for (const t of open) await t.close();
    open = [];
  });

  it('answers each feed of the site with its last result and next pull, behind the staff token', async () => {
    const t = await startApi();
    open.push(t);
    const pulls = t.api.store.feedPulls;
    await pulls.plan('au-motors', 'au-motors', 240, at('2026-03-02T09:00:00Z'));
    await pulls.plan('au-motors', '52', 60, at('2026-03-02T09:00:00Z'));
    await pulls.plan('nz-motors', 'nz', 240, at('2026-03-02T09:00:00Z'));
    await pulls.record(
      'au-motors',
      'au-motors',
      { outcome: 'imported', added: 3, changed: 1, sold: 2, warnings: 1 },
      at('2026-03-02T09:01:00Z'),
      at('2026-03-02T13:01:00Z'),
    );
    await pulls.record(
      'au-motors',
      'au-motors',
      { outcome: 'failed', failure: 'The feed https://dms.example/x answered 500.' },
      at('2026-03-02T13:01:00Z'),
      at('2026-03-02T17:01:00Z'),
    );

    expect((await t.get('/staff/feeds?site=au-motors')).status).toBe(401);
    expect((await t.get('/staff/feeds?site=au-motors')).body.error).toBe(STAFF_TOKEN_REQUIRED);
    const res = await t.get('/staff/feeds?site=au-motors', auth);
    expect(res.status).toBe(200);
    expect(schemaProblems('staff-feeds', res.body)).toEqual([]);
    expect(res.body.feeds.map((f: { dealership: string }) => f.dealership)).toEqual([
      '52',
      'au-motors',
    ]);
    expect(res.body.feeds[0]).toMatchObject({ last_at: null, outcome: null, every_minutes: 60 });
    expect(res.body.feeds[1]).toEqual({
      dealership: 'au-motors',
      every_minutes: 240,
      last_at: '2026-03-02T13:01:00.000Z',
      outcome: 'failed',
      added: 0,
      changed: 0,
      sold: 0,
      warnings: 0,
      failure: 'The feed https://dms.example/x answered 500.',
      failures_in_a_row: 1,
      last_good_at: '2026-03-02T09:01:00.000Z',
      next_at: '2026-03-02T17:01:00.000Z',
    });
    expect((await t.get('/staff/feeds?site=no-such-site', auth)).status).toBe(404);
  });
});
