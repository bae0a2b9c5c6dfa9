/**
 * Shared by the reservation tests (reservations*.test.ts): the cars they reserve, and APIs
 * started on a fake clock for a test and closed after it, with a reservation's request.
 */
import { afterEach, expect } from 'vitest';
import type { Car } from '../../../schemas/types.gen.ts';
import { FakeClock } from '../../../engine/clock.ts';
import type { PaymentProvider } from '../../../engine/api/adapters/payments.ts';
import type { HeldCarsListener } from '../../../engine/api/reservations/holds.ts';
import { auLead, fixtureCar, schemaProblems, startApi, type TestApi } from './harness.ts';

export const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };
export const START = '2025-06-02T01:00:00.000Z';
export const HOUR = 3_600_000;

/** Called in a describeStores body: the APIs `start` starts there are closed after each test. */
export function reservationApi() {
  const open: TestApi[] = [];
  afterEach(async () => {
    for (const t of open) await t.close().catch(() => {});
    open.length = 0;
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
    // A new car: reservable, but not on the online purchase journey (used cars only).
    [
      1239,
      fixtureCar({
        id: 1239,
        objectID: '1239',
        car_type: 'new',
        stocknum: 'N1239',
        payment_processors: ['stripe'],
      }),
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

  return { open, cars, start, reservation, reserve, staffLead };
}
