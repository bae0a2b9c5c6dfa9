/**
 * Reservations against a real express app and a real SQLite file (docs/api.md,
 * "Reservations"): a Reservation lead with its deposit and 48-hour hold, a second
 * reservation of the held car refused with 409, the release job on a fake clock, the test
 * clock route. The payment provider behind its interface is reservations-deposits.test.ts's,
 * the analytics event id kept on every lead reservations-event-ids.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import {
  ALREADY_RESERVED,
  HOLD_CHECK_INTERVAL_MS,
  NOT_RESERVABLE,
  RESERVATION_CATEGORY,
  RESERVATION_HOLD_MS,
} from '../../../engine/api/reservations/terms.ts';
import { EVENT_IDS } from '../../../blocks/_shared/analytics.ts';
import { CAR_NOT_FOUND } from '../../../engine/api/routes/cars.ts';
import { describeStores, schemaProblems, startApi } from './harness.ts';
import { HOUR, reservationApi, STAFF, START } from './reservations-kit.ts';

describeStores('reservations', () => {
  const { open, cars, start, reservation, reserve, staffLead } = reservationApi();

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
      open.length = 0;
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
});
