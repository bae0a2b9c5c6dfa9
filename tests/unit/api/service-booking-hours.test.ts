/**
 * The shared hours rule (engine/api/service-booking.ts) the service-booking block and the
 * server both use: service centres and parts counters, a day's hours, the slots offered, a
 * booking checked. The bookings through POST /api/leads are service-booking.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_RULES,
  bookingSlots,
  partsLocations,
  serviceBookingErrors,
  serviceLocations,
  VIN_PATTERN,
} from '../../../engine/api/service-booking.ts';
import { hoursOn, wallClock } from '../../../engine/api/booking-hours.ts';
import { apiSchemas } from '../../../schemas/index.gen.ts';
import type { Location } from '../../../schemas/types.gen.ts';
import { SERVICE_SITE } from './fixtures/service-site.ts';

const service = SERVICE_SITE.locations[1] as unknown as Location;
const site = { locations: SERVICE_SITE.locations as unknown as Location[], region: 'AU' as const };
// Monday 2 June 2025, 11:00 in Brisbane (UTC+10, no daylight saving).
const MONDAY_11AM = new Date('2025-06-02T01:00:00.000Z');

describe('the shared service-hours rule', () => {
  it('service centres are the visible service locations; parts counters the parts ones', () => {
    expect(serviceLocations(site.locations).map((l) => l.id)).toEqual([71]);
    expect(partsLocations(site.locations).map((l) => l.id)).toEqual([72]);
    // A yard with only a showroom books at the showroom (it lists opening hours); parts go there too.
    const yard = [site.locations[0]];
    expect(serviceLocations(yard).map((l) => l.id)).toEqual([70]);
    expect(partsLocations(yard).map((l) => l.id)).toEqual([70]);
    expect(partsLocations([site.locations[1]]).map((l) => l.id)).toEqual([71]);
  });

  it("a day's hours: the holiday entry first, then the weekday; Sunday closed", () => {
    expect(hoursOn(service, '2025-06-03')).toEqual({ open: true, from: 7 * 60, to: 17 * 60 });
    expect(hoursOn(service, '2025-06-07')).toEqual({ open: true, from: 7 * 60 + 30, to: 12 * 60 });
    expect(hoursOn(service, '2025-06-08')).toMatchObject({ open: false, reason: 'closed' });
    expect(hoursOn(service, '2025-06-09')).toMatchObject({
      open: false,
      reason: 'holiday',
      holiday: "King's Birthday",
    });
    expect(hoursOn(service, '2025-06-14')).toEqual({
      open: true,
      from: 9 * 60,
      to: 11 * 60,
      holiday: 'Show day',
    });
  });

  it('offers a slot every 30 minutes from opening, the last one before closing', () => {
    const slots = bookingSlots(service, site, '2025-06-03', { now: MONDAY_11AM });
    expect(slots[0]).toBe('07:00');
    expect(slots.at(-1)).toBe('16:30');
    expect(slots).toHaveLength(20);
    expect(
      bookingSlots(service, site, '2025-06-07', { now: MONDAY_11AM, slotMinutes: 60 }),
    ).toEqual(['07:30', '08:30', '09:30', '10:30', '11:30']);
    expect(bookingSlots(service, site, '2025-06-08', { now: MONDAY_11AM })).toEqual([]);
    expect(bookingSlots(service, site, '2025-06-09', { now: MONDAY_11AM })).toEqual([]);
  });

  it("today: only times after the notice, on the location's own clock", () => {
    expect(wallClock(MONDAY_11AM, 'Australia/Brisbane')).toEqual({
      date: '2025-06-02',
      minutes: 11 * 60,
    });
    const today = bookingSlots(service, site, '2025-06-02', {
      now: MONDAY_11AM,
      noticeMinutes: 60,
    });
    expect(today[0]).toBe('12:00');
    expect(bookingSlots(service, site, '2025-06-01', { now: MONDAY_11AM })).toEqual([]);
    expect(bookingSlots(service, site, '2025-12-01', { now: MONDAY_11AM })).toEqual([]); // more than 90 days ahead
  });

  it('checks a booking: closed days, holidays, outside hours, the past, and a centre that is not a service centre', () => {
    const check = (input: object, noticeMinutes = 0) =>
      serviceBookingErrors(site, input, { now: MONDAY_11AM, noticeMinutes });
    expect(check({ location_id: 71, booking_date: '2025-06-03', booking_time: '07:00' })).toEqual(
      [],
    );
    expect(check({ location_id: '71', booking_date: '2025-06-03', booking_time: '16:30' })).toEqual(
      [],
    );
    expect(check({ location_id: 71, booking_date: '2025-06-08', booking_time: '10:00' })).toEqual([
      {
        path: '/booking_date',
        message: 'Southport Service is closed on Sundays. Please choose another day.',
      },
    ]);
    expect(check({ location_id: 71, booking_date: '2025-06-09', booking_time: '10:00' })).toEqual([
      {
        path: '/booking_date',
        message: "Southport Service is closed on King's Birthday. Please choose another day.",
      },
    ]);
    expect(check({ location_id: 71, booking_date: '2025-06-03', booking_time: '17:00' })).toEqual([
      {
        path: '/booking_time',
        message: 'Please choose a time within service hours on that day (7:00 am – 5:00 pm).',
      },
    ]);
    expect(
      check({ location_id: 71, booking_date: '2025-06-07', booking_time: '12:30' })[0].path,
    ).toBe('/booking_time');
    expect(check({ location_id: 71, booking_date: '2025-06-02', booking_time: '10:30' })).toEqual([
      { path: '/booking_time', message: 'That time has passed. Please choose a later time.' },
    ]);
    expect(
      check({ location_id: 71, booking_date: '2025-06-02', booking_time: '11:30' }, 60),
    ).toEqual([
      { path: '/booking_time', message: 'Please choose a time at least an hour from now.' },
    ]);
    expect(check({ location_id: 71, booking_date: '2025-05-30', booking_time: '10:00' })).toEqual([
      { path: '/booking_date', message: 'Please choose a date from today onwards.' },
    ]);
    expect(
      check({ location_id: 71, booking_date: '2025-02-30', booking_time: '10:00' })[0].path,
    ).toBe('/booking_date');
    expect(check({ location_id: 70, booking_date: '2025-06-03', booking_time: '10:00' })).toEqual([
      { path: '/location_id', message: 'Please choose one of our service centres.' },
    ]);
    expect(
      check({ location_id: 73, booking_date: '2025-06-03', booking_time: '10:00' })[0].path,
    ).toBe('/location_id'); // hidden
    expect(check({}).map((e) => e.path)).toEqual([
      '/location_id',
      '/booking_date',
      '/booking_time',
    ]);
  });

  it('VIN rule is the lead schema’s own pattern', () => {
    const schema = apiSchemas['lead-request'] as { properties: { vin: { pattern: string } } };
    expect(schema.properties.vin.pattern).toBe(VIN_PATTERN.source);
    expect(BOOKING_RULES.slotMinutes).toBe(30);
  });
});
