// @vitest-environment node
/**
 * Reservations against a real express app and a real SQLite file (docs/api.md,
 * "Reservations"): a Reservation lead with its deposit and 48-hour hold, a second
 * reservation of the held car refused with 409, the release job on a fake clock, the
 * payment provider behind its interface, and the analytics event id kept on every lead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/types.gen.ts';
import { FakeClock } from '../../../engine/clock.ts';
import {
  payAtDealership,
  payAtDealershipInstructions,
  type PaymentProvider,
} from '../../../engine/api/adapters/payments.ts';
import type { HeldCarsListener } from '../../../engine/api/reservations/holds.ts';
import {
  ALREADY_RESERVED,
  DEPOSIT_FAILED,
  HOLD_CHECK_INTERVAL_MS,
  NOT_RESERVABLE,
  RESERVATION_CATEGORY,
  RESERVATION_HOLD_MS,
} from '../../../engine/api/reservations/terms.ts';
import { EVENT_IDS } from '../../../blocks/_shared/analytics.ts';
import commonSchema from '../../../schemas/api/common.schema.json' with { type: 'json' };
import { CAR_NOT_FOUND } from '../../../engine/api/routes/cars.ts';
import {
  auLead,
  describeStores,
  fixtureCar,
  schemaProblems,
  startApi,
  type TestApi,
} from './harness.ts';

describeStores('reservations', () => {
  const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
  const START = '2025-06-02T01:00:00.000Z';
  const HOUR = 3_600_000;

  let open: TestApi[] = [];
  afterEach(async () => {
    for (const t of open) await t.close().catch(() => {});
    open = [];
  });

  const cars = new Map<number, Car>([
    [1234, fixtureCar({ payment_processors: ['stripe'] })],
    [
      1235,
      fixtureCar({ id: 1235, objectID: '1235', stocknum: 'U1235', payment_processors: ['stripe'] }),
    ],
    [
      1236,
      fixtureCar({
        id: 1236,
        objectID: '1236',
        status: 'sold',
        sold: true,
        payment_processors: ['stripe'],
      }),
    ],
    [
      1237,
      fixtureCar({ id: 1237, objectID: '1237', reserved: true, payment_processors: ['stripe'] }),
    ],
    // In stock and priced, but no site shows it (docs/security.md, "Search": hidden cars stay hidden).
    [
      1238,
      fixtureCar({
        id: 1238,
        objectID: '1238',
        show_on_dealer_website: false,
        payment_processors: ['stripe'],
      }),
    ],
  ]);

  async function start(
    options: { clock?: FakeClock; payments?: PaymentProvider; held?: HeldCarsListener } = {},
  ) {
    const clock = options.clock ?? new FakeClock(START);
    const t = await startApi({
      clock,
      getCar: (id) => cars.get(id),
      onHeldCarsChanged: options.held,
      ...(options.payments ? { adapters: { payments: options.payments } } : {}),
    });
    open.push(t);
    return { t, clock };
  }

  /** A reservation request for au-motors (add the captcha). */
  function reservation(overrides: Record<string, unknown> = {}) {
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
    } = auLead();
    return {
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
      car_id: 1234,
      ...overrides,
    };
  }

  async function reserve(t: TestApi, overrides: Record<string, unknown> = {}) {
    return t.post('/reservations', reservation({ captcha: await t.captcha(), ...overrides }));
  }

  async function staffLead(t: TestApi, leadId: number) {
    const list = await t.get('/staff/leads?site=au-motors', STAFF);
    expect(schemaProblems('staff-leads', list.body)).toEqual([]);
    return list.body.leads.find((l: { lead_id: number }) => l.lead_id === leadId);
  }

  describe('POST /api/reservations', () => {
    it("stores a Reservation lead with the site's deposit, the car's stock number and a 48-hour hold", async () => {
      const { t } = await start();
      const res = await reserve(t, { message: undefined, event_id: EVENT_IDS.usedEnquiry });
      expect(res.status).toBe(201);
      expect(schemaProblems('reservation-response', res.body)).toEqual([]);
      const heldUntil = new Date(Date.parse(START) + RESERVATION_HOLD_MS).toISOString();
      expect(res.body.reservation).toEqual({
        car_id: 1234,
        stock_number: 'U1234',
        created_at: START,
        held_until: heldUntil,
        released_at: null,
        deposit: {
          amount: 200,
          currency: 'AUD',
          provider: 'pay-at-dealership',
          status: 'pay_at_dealership',
          reference: null,
          instructions:
            'No card has been charged. Please pay the $200 refundable deposit at the dealership.',
        },
      });
      expect(RESERVATION_HOLD_MS).toBe(48 * HOUR);

      const stored = await staffLead(t, res.body.lead_id);
      expect(stored).toMatchObject({
        category: RESERVATION_CATEGORY,
        name: 'Jane Citizen',
        phone: '0412 345 678',
        car_id: 1234,
        message: null,
        event_id: 15,
      });
      expect(stored.reservation).toEqual(res.body.reservation);
      const html = await t.get(
        `/staff/leads.html?site=au-motors&token=${STAFF.authorization.slice(7)}`,
      );
      expect(html.text).toContain('<td>reservation</td>');
      expect(html.text).toContain(
        'Reservation of stock no. U1234 · car held until 2025-06-04 01:00 UTC · 200 AUD deposit: pay at dealership',
      );
    });

    it('a retry with the same submission_id answers the same reservation and holds nothing twice', async () => {
      const { t } = await start();
      const body = reservation({ captcha: await t.captcha() });
      const first = await t.post('/reservations', body);
      const again = await t.post('/reservations', body);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await t.get('/staff/leads?site=au-motors', STAFF)).body.leads).toHaveLength(1);
    });

    it('refuses a second reservation of a held car with 409, on any site, and nothing is stored for it', async () => {
      const { t } = await start();
      expect((await reserve(t)).status).toBe(201);
      const second = await reserve(t, { email: 'sam@example.com' });
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ error: ALREADY_RESERVED });
      expect((await t.get('/staff/leads?site=au-motors', STAFF)).body.leads).toHaveLength(1);
      // Another car is free.
      expect((await reserve(t, { car_id: 1235 })).status).toBe(201);
    });

    it('refuses a sold car, a car the feed marks reserved, and a car the site does not show', async () => {
      const { t } = await start();
      expect((await reserve(t, { car_id: 1236 })).body).toEqual({ error: NOT_RESERVABLE });
      const feedReserved = await reserve(t, { car_id: 1237 });
      expect(feedReserved.status).toBe(409);
      expect(feedReserved.body.error).toBe(ALREADY_RESERVED);
      expect((await reserve(t, { car_id: 999 })).status).toBe(404);
      expect(await reserve(t, { car_id: 1238 })).toMatchObject({
        status: 404,
        body: { error: CAR_NOT_FOUND },
      });
      expect((await reserve(t, { message: undefined, phone: undefined })).status).toBe(400);
    });

    it('the release job ends the hold at 48 hours on the clock, tells the server, and the car can be reserved again', async () => {
      const seen: string[][] = [];
      const { t, clock } = await start({
        held: (held) => seen.push(held.map((h) => `${h.car_id}@${h.held_until}`)),
      });
      expect(seen).toEqual([[]]); // at start-up: nothing held
      const first = await reserve(t);
      const until = first.body.reservation.held_until;
      expect(seen.at(-1)).toEqual([`1234@${until}`]);

      clock.advance(RESERVATION_HOLD_MS - HOUR);
      await t.api.settled();
      expect((await reserve(t)).status).toBe(409);
      expect(seen.at(-1)).toEqual([`1234@${until}`]);

      // Past 48 hours the job (every minute on the clock) releases it without any request.
      clock.advance(HOUR + HOLD_CHECK_INTERVAL_MS);
      await t.api.settled();
      expect(seen.at(-1)).toEqual([]);
      const released = await staffLead(t, first.body.lead_id);
      expect(Date.parse(released.reservation.released_at)).toBeGreaterThanOrEqual(
        Date.parse(until),
      );

      const again = await reserve(t, { email: 'sam@example.com' });
      expect(again.status).toBe(201);
      expect(seen.at(-1)).toEqual([`1234@${again.body.reservation.held_until}`]);
    });

    it('a hold that ended while the server was down is released at start-up', async () => {
      const clock = new FakeClock(START);
      const { t } = await start({ clock });
      await reserve(t);
      const dataDir = t.dataDir;
      await t.close();
      open = [];
      clock.advance(RESERVATION_HOLD_MS + 1);
      const seen: unknown[] = [];
      const again = await startApi({
        dataDir,
        clock,
        getCar: (id) => cars.get(id),
        onHeldCarsChanged: (held) => seen.push(held),
      });
      open.push(again);
      expect(seen).toEqual([[]]);
    });
  });

  describe('the test clock route', () => {
    it('exists only on a router given a test clock, and moves that clock and its jobs', async () => {
      const plain = await start();
      expect((await plain.t.post('/test/clock', { advance_ms: 1000 })).status).toBe(404);
      expect((await plain.t.get('/test/clock')).status).toBe(404);

      const testClock = new FakeClock(START);
      const seen: unknown[] = [];
      const t = await startApi({
        testClock,
        getCar: (id) => cars.get(id),
        onHeldCarsChanged: (held) => seen.push(held),
      });
      open.push(t);
      await reserve(t);
      expect((await t.get('/test/clock')).body).toEqual({ now: START });
      expect((await t.post('/test/clock', { advance_ms: -1 })).status).toBe(400);
      const moved = await t.post('/test/clock', {
        advance_ms: RESERVATION_HOLD_MS + HOLD_CHECK_INTERVAL_MS,
      });
      expect(moved.body.now).toBe(
        new Date(Date.parse(START) + RESERVATION_HOLD_MS + HOLD_CHECK_INTERVAL_MS).toISOString(),
      );
      expect(seen.at(-1)).toEqual([]);
    });
  });

  describe('deposit payment provider', () => {
    it("the default charges nothing and says the deposit is paid at the dealership, in the region's money", async () => {
      const provider = payAtDealership();
      const lead = {
        lead_id: 1,
        site: 'x',
        region: 'US' as const,
        car_id: 1,
        stock_number: null,
        name: 'A',
        email: 'a@example.com',
        phone: '1',
      };
      expect(await provider.createDeposit({ lead, amount: 250, currency: 'USD' })).toEqual({
        status: 'pay_at_dealership',
        reference: null,
        instructions:
          'No card has been charged. Please pay the $250 refundable deposit at the dealership.',
      });
      expect(payAtDealershipInstructions(200, 'AU')).toMatch(/No card has been charged/);
    });

    it('a provider adapter gets the lead, the amount and the currency, and its answer is kept', async () => {
      const asked: unknown[] = [];
      const stripeLike: PaymentProvider = {
        name: 'stripe',
        async createDeposit(request) {
          asked.push(request);
          return {
            status: 'requires_action',
            reference: 'pi_123',
            instructions: 'Finish paying your deposit at https://pay.example/pi_123.',
          };
        },
      };
      const { t } = await start({ payments: stripeLike });
      const res = await reserve(t);
      expect(res.status).toBe(201);
      expect(asked).toEqual([
        expect.objectContaining({
          amount: 200,
          currency: 'AUD',
          lead: expect.objectContaining({
            lead_id: res.body.lead_id,
            stock_number: 'U1234',
            email: 'jane@example.com',
          }),
        }),
      ]);
      expect(res.body.reservation.deposit).toMatchObject({
        provider: 'stripe',
        status: 'requires_action',
        reference: 'pi_123',
      });
    });

    it('a provider that fails takes the reservation back: 502, no lead, the car not held', async () => {
      const held: unknown[] = [];
      const failing: PaymentProvider = {
        name: 'broken',
        createDeposit: async () => Promise.reject(new Error('card network down')),
      };
      const { t } = await start({ payments: failing, held: (h) => held.push(h) });
      const res = await reserve(t);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: DEPOSIT_FAILED });
      expect((await t.get('/staff/leads?site=au-motors', STAFF)).body.leads).toEqual([]);
      expect(held.at(-1)).toEqual([]);
    });
  });

  describe('event ids on stored leads', () => {
    it('POST /api/leads keeps the event id and the staff view shows it', async () => {
      const { t } = await start();
      const res = await t.post(
        '/leads',
        auLead({ captcha: await t.captcha(), event_id: EVENT_IDS.usedEnquiry }),
      );
      expect(res.status).toBe(201);
      const stored = await staffLead(t, res.body.lead_id);
      expect(stored).toMatchObject({ event_id: 15, reservation: null });
      const html = await t.get(
        `/staff/leads.html?site=au-motors&token=${STAFF.authorization.slice(7)}`,
      );
      expect(html.text).toContain('<th>Event id</th>');
      expect(html.text).toContain('<td>15</td>');
    });

    it('an accepted trade-in offer puts event 18 on its lead', async () => {
      const { t } = await start();
      const lead = await t.post(
        '/leads',
        auLead({
          captcha: await t.captcha(),
          isLastStep: false,
          category: 'Trade-in',
          subcategory: '1. Lead Created',
        }),
      );
      const { lead_id, lead_secret } = lead.body;
      const accept = {
        site: 'au-motors',
        lead_id,
        lead_secret,
        category: 'Trade-in',
        subcategory: '3. Offer Accepted',
        form_completed: true,
        offer_accepted: true,
      };
      expect(
        (await t.post('/offers/accept', { ...accept, event_id: EVENT_IDS.offerAccepted })).status,
      ).toBe(200);
      expect(await staffLead(t, lead_id)).toMatchObject({ status: 'offer_accepted', event_id: 18 });
    });

    it('refuses an event id that is not one of the known ones', async () => {
      const { t } = await start();
      const res = await t.post('/leads', auLead({ captcha: await t.captcha(), event_id: 99 }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        {
          path: '/event_id',
          message: expect.stringMatching(/^must be one of: 14, 15, 17, 48, 22, 18, 39/),
        },
      ]);
    });

    it("the known ids are exactly the analytics layer's", () => {
      expect([...commonSchema.$defs.eventId.enum].sort()).toEqual(Object.values(EVENT_IDS).sort());
    });
  });
});
