import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../engine/api/service-booking.ts';
import type { Location } from '../../schemas/types.gen.ts';
import { SERVICE_SITE } from '../../tests/unit/api/fixtures/service-site.ts';
import { termsRule } from '../_forms/common.tsx';
import { errorsAt, expectLeadTable } from '../_forms/test-lead-machine.ts';
import { serviceBookingMachine, type ServiceBookingContext } from './machine.ts';

// Monday 2 June 2025, 11:00 in Brisbane (UTC+10, no daylight saving).
const MONDAY_11AM = new Date('2025-06-02T01:00:00.000Z');
const context: ServiceBookingContext = {
  region: 'AU',
  site: { locations: SERVICE_SITE.locations as unknown as Location[], region: 'AU' },
  clock: () => ({ now: MONDAY_11AM, noticeMinutes: 60, slotMinutes: 30 }),
  centreLabel: 'Service centre',
  plateLabel: 'Rego',
  plateInvalid: 'Please enter a valid rego.',
  consents: [termsRule],
};
const booking = {
  location_id: '71',
  service_type: 'Logbook service',
  booking_date: '2025-06-03',
  booking_time: '08:30',
  Rego: 'ABC123',
  name: 'Sam',
  email: 'sam@example.com',
  phone: '0412 345 678',
  terms_conditions: true,
};

describe('the service booking table', () => {
  it('is one row whose submit sends, through every outcome', () => {
    expect(serviceBookingMachine.steps).toHaveLength(1);
    expectLeadTable(serviceBookingMachine, context, booking);
    expectLeadTable(
      serviceBookingMachine,
      { ...context, consents: [] },
      {
        ...booking,
        terms_conditions: false,
      },
    );
  });

  it("checks the booking with the server's hours rule: the centre, a day it is open, a time it offers", () => {
    const state = serviceBookingMachine.initial;
    expect(errorsAt(serviceBookingMachine, state, context, {})).toEqual([
      'location_id',
      'service_type',
      'booking_date',
      'booking_time',
      'name',
      'email',
      'phone',
      'terms_conditions',
    ]);
    const sunday = { ...booking, booking_date: '2025-06-08' };
    expect(errorsAt(serviceBookingMachine, state, context, sunday)).toEqual(['booking_date']);
    const yesterday = { ...booking, booking_date: '2025-06-01' };
    expect(serviceBookingMachine.firstInvalidStep(context, yesterday)).toBe(0);
    const rules = serviceBookingMachine.submitOf(state)!.rules(context);
    const dateRule = rules.find((r) => r.name === 'booking_date')!;
    expect(dateRule.checks[0]('', yesterday)).toBe(BOOKING_MESSAGES.pastDate);
    // Within the hour's notice today: 11:30 on Monday is too soon.
    const tooSoon = { ...booking, booking_date: '2025-06-02', booking_time: '11:30' };
    expect(errorsAt(serviceBookingMachine, state, context, tooSoon)).toEqual(['booking_time']);
    expect(errorsAt(serviceBookingMachine, state, context, { ...booking, Rego: '!!' })).toEqual([
      'Rego',
    ]);
  });
});
