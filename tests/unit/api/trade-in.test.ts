/** The trade-in flow: lead → valuation (the 7-year / 100,000 km rule) → adjustments → rego → offer → saved valuation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStores, schemaProblems, startApi, type TestApi, testClock } from './harness.ts';

describeStores('trade-in', () => {
  let t: TestApi;
  const clock = testClock('2025-06-02T01:00:00.000Z');
  const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
  beforeAll(async () => {
    t = await startApi({ now: clock.now });
  });
  afterAll(() => t.close());

  const value = (year: number, kms: number, extra = {}) =>
    t.post('/valuations', {
      site: 'nz-motors',
      make: 'Toyota',
      model: 'RAV4',
      year,
      kms,
      ...extra,
    });

  describe('valuation', () => {
    it('estimates a car up to 7 years old and 100,000 km', async () => {
      const res = await value(2018, 100_000);
      expect(res.status).toBe(201);
      expect(schemaProblems('valuation', res.body)).toEqual([]);
      expect(res.body.eligible).toBe(true);
      expect(res.body.offer_price).toBeGreaterThan(0);
      expect(res.body.estimate.low).toBeLessThanOrEqual(res.body.offer_price);
      expect(res.body.estimate.high).toBeGreaterThanOrEqual(res.body.offer_price);
    });

    it('gives no online estimate to a car older than 7 years', async () => {
      const res = await value(2017, 20_000);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ eligible: false, estimate: null, offer_price: null });
      expect(res.body.reason).toMatch(/older than 7 years/);
    });

    it('gives no online estimate to a car over 100,000 km', async () => {
      const res = await value(2024, 100_001);
      expect(res.body).toMatchObject({ eligible: false, estimate: null, offer_price: null });
      expect(res.body.reason).toMatch(/100,000 km/);
    });

    it('lowers the offer for worse answers and keeps the answers', async () => {
      const v = (await value(2022, 40_000)).body;
      const good = await t.post('/valuations/adjustments', {
        id: v.id,
        adjustmentAnswers: { condition: 'excellent', service_history: 'full', keys: 2 },
      });
      const poor = await t.post('/valuations/adjustments', {
        id: v.id,
        adjustmentAnswers: { condition: 'poor', accident_history: true, service_history: 'none' },
      });
      expect(good.status).toBe(200);
      expect(good.body.offer_price).toBeGreaterThan(v.offer_price);
      expect(poor.body.offer_price).toBeLessThan(v.offer_price);
      expect(poor.body.adjustmentAnswers).toEqual({
        condition: 'poor',
        accident_history: true,
        service_history: 'none',
      });
      expect(poor.body.created_at).toBe(v.created_at);
    });

    it('keeps an ineligible car without an estimate whatever the answers', async () => {
      const v = (await value(2010, 40_000)).body;
      const res = await t.post('/valuations/adjustments', {
        id: v.id,
        adjustmentAnswers: { condition: 'excellent' },
      });
      expect(res.body).toMatchObject({ eligible: false, estimate: null, offer_price: null });
    });

    it('answers 404 for an unknown valuation and an unknown lead', async () => {
      expect(
        (
          await t.post('/valuations/adjustments', {
            id: '00000000-0000-4000-8000-000000000000',
            adjustmentAnswers: {},
          })
        ).status,
      ).toBe(404);
      expect((await value(2022, 1, { lead_id: 999, lead_secret: 'a'.repeat(43) })).status).toBe(
        404,
      );
    });
  });

  describe('rego lookup', () => {
    it('answers the same vehicle for the same plate, however it is typed', async () => {
      const a = await t.post('/rego-lookup', {
        site: 'au-motors',
        rego: 'abc 123',
        regoState: 'QLD',
      });
      const b = await t.post('/rego-lookup', {
        site: 'au-motors',
        rego: 'ABC-123',
        regoState: 'QLD',
      });
      expect(a.status).toBe(200);
      expect(schemaProblems('rego-lookup-response', a.body)).toEqual([]);
      expect(a.body.rego).toBe('ABC123');
      expect(b.body).toEqual(a.body);
      expect(a.body.vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      const other = await t.post('/rego-lookup', {
        site: 'au-motors',
        rego: 'ABC123',
        regoState: 'NSW',
      });
      expect(other.body.vehicle).not.toEqual(a.body.vehicle);
    });

    it('answers 404 for an unregistered plate', async () => {
      const res = await t.post('/rego-lookup', {
        site: 'au-motors',
        rego: 'NOTREG1',
        regoState: 'VIC',
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/couldn't find a vehicle/);
    });
  });

  describe('offer acceptance and the saved valuation', () => {
    it('records them on the lead, which staff see', async () => {
      const lead = await t.post('/leads', {
        site: 'nz-motors',
        submission_id: crypto.randomUUID(),
        isLastStep: false,
        name: 'Tane',
        phone: '021 555 0101',
        email: 'tane@example.co.nz',
        postcode: '1061',
        category: 'Trade-in',
        subcategory: '1. Lead Created',
        PreferredContactMethod: 'SMS',
        finance: 'No',
      });
      expect(lead.status).toBe(201);
      const leadId = lead.body.lead_id;
      const secret = lead.body.lead_secret;
      const v = (
        await value(2021, 50_000, {
          lead_id: leadId,
          lead_secret: secret,
          rego: 'kiwi1',
          regoState: 'NZ',
        })
      ).body;
      expect(v.lead_id).toBe(leadId);

      const accept = await t.post('/offers/accept', {
        site: 'nz-motors',
        lead_id: leadId,
        lead_secret: secret,
        category: 'Trade-in',
        subcategory: '3. Offer Accepted',
        form_completed: true,
        offer_accepted: true,
      });
      expect(accept.status).toBe(200);
      expect(accept.body).toEqual({ success: true, lead_id: leadId });

      const saved = await t.post('/miscellaneous', {
        site: 'nz-motors',
        lead_id: leadId,
        lead_secret: secret,
        column_name: 'valuation',
        value: {
          id: v.id,
          offer_price: v.offer_price,
          rego: 'KIWI1',
          regoState: 'NZ',
          kms: 50_000,
          name: 'Tane',
          phone: '021 555 0101',
          PreferredContactMethod: 'SMS',
          finance: 'No',
        },
      });
      expect(saved.body).toEqual({ success: true, lead_id: leadId });

      const [stored] = (await t.get('/staff/leads?site=nz-motors', STAFF)).body.leads;
      expect(stored.status).toBe('offer_accepted');
      expect(stored.subcategory).toBe('3. Offer Accepted');
      expect(stored.is_last_step).toBe(false);
      expect(stored.events.map((e: { type: string }) => e.type)).toEqual([
        'offer_accepted',
        'valuation',
      ]);
      expect(stored.events[1].data.offer_price).toBe(v.offer_price);
    });

    it('keeps leads of one site out of reach of another', async () => {
      const lead = await t.post('/leads', {
        site: 'nz-motors',
        submission_id: crypto.randomUUID(),
        isLastStep: true,
        name: 'A',
        email: 'a@example.com',
      });
      const res = await t.post('/offers/accept', {
        site: 'us-motors',
        lead_id: lead.body.lead_id,
        lead_secret: lead.body.lead_secret,
        category: 'Trade-in',
        subcategory: '3. Offer Accepted',
        form_completed: true,
        offer_accepted: true,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Unknown lead' });
    });

    it('saves a valuation without a lead against the site', async () => {
      const res = await t.post('/miscellaneous', {
        site: 'au-motors',
        column_name: 'valuation',
        value: { offer_price: 12000, kms: 10 },
      });
      expect(res.body).toEqual({ success: true });
      const [row] = await t.rows<{ value: unknown }>(
        "SELECT value FROM site_records WHERE site = 'au-motors'",
      );
      // SQLite keeps JSON as text; PostgreSQL's json column is read back parsed.
      expect(typeof row.value === 'string' ? JSON.parse(row.value) : row.value).toEqual({
        offer_price: 12000,
        kms: 10,
      });
    });
  });
});
