/**
 * Service bookings, parts requests and personalised finance quotes through POST
 * /api/leads, against a real express app and SQLite file. The shared hours rule
 * (engine/api/service-booking.ts) is service-booking-hours.test.ts's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeStores,
  fixtureSitesDir,
  removeDir,
  schemaProblems,
  startApi,
  type TestApi,
  testClock,
} from './harness.ts';
import { SERVICE_SITE } from './fixtures/service-site.ts';

const STAFF = { authorization: 'Bearer staff-token-for-tests-0123456789' };

describeStores('service bookings', () => {
  let t: TestApi;
  let sitesDir: string;
  beforeAll(async () => {
    sitesDir = fixtureSitesDir();
    writeFileSync(join(sitesDir, 'au-service.json'), JSON.stringify(SERVICE_SITE));
    t = await startApi({ sitesDir, now: testClock('2025-06-02T01:00:00.000Z').now });
  });
  afterAll(async () => {
    await t.close();
    removeDir(sitesDir);
  });

  const lead = (overrides: Record<string, unknown>) => ({
    site: 'au-service',
    submission_id: crypto.randomUUID(),
    isLastStep: true,
    source: 'Website',
    url: 'https://au-service.example/service',
    name: 'Jane',
    last_name: 'Citizen',
    email: 'jane@example.com',
    phone: '0412 345 678',
    ...overrides,
  });

  const booking = (overrides: Record<string, unknown> = {}) =>
    lead({
      category: 'Service Booking',
      location_id: 71,
      dealership_slug: 'au-service',
      service_type: 'Logbook service',
      booking_date: '2025-06-03',
      booking_time: '07:30',
      Rego: 'ABC123',
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Ranger',
      message: 'Squeaky brakes',
      opt_in: false,
      ...overrides,
    });

  async function storedLead(leadId: number) {
    const list = await t.get('/staff/leads?site=au-service&limit=500', STAFF);
    return list.body.leads.find((l: { lead_id: number }) => l.lead_id === leadId);
  }

  describe('POST /api/leads: service bookings', () => {
    it('stores a service booking within service hours, with everything the visitor sent', async () => {
      const body = booking();
      expect(schemaProblems('lead-request', body)).toEqual([]);
      const res = await t.post('/leads', body);
      expect(res.status, res.text).toBe(201);
      const stored = await storedLead(res.body.lead_id);
      expect(stored).toMatchObject({
        category: 'Service Booking',
        name: 'Jane Citizen',
        message: 'Squeaky brakes',
        kind: 'lead',
      });
      expect(stored.payload).toMatchObject({
        location_id: 71,
        service_type: 'Logbook service',
        booking_date: '2025-06-03',
        booking_time: '07:30',
        Rego: 'ABC123',
        'Vehicle Make': 'Ford',
        'Vehicle Model': 'Ranger',
      });
    });

    it('takes holiday hours: a show day opens 9 to 11', async () => {
      expect(
        (await t.post('/leads', booking({ booking_date: '2025-06-14', booking_time: '10:30' })))
          .status,
      ).toBe(201);
      const early = await t.post(
        '/leads',
        booking({ booking_date: '2025-06-14', booking_time: '08:00' }),
      );
      expect(early.body.fields).toEqual([
        {
          path: '/booking_time',
          message: 'Please choose a time within service hours on that day (9:00 am – 11:00 am).',
        },
      ]);
    });

    it('refuses a closed day, a holiday and a time outside hours with a field error, and stores nothing', async () => {
      const before = (await t.get('/staff/leads?site=au-service&limit=500', STAFF)).body.leads
        .length;
      const sunday = await t.post(
        '/leads',
        booking({ booking_date: '2025-06-08', booking_time: '10:00' }),
      );
      expect(sunday.status).toBe(400);
      expect(sunday.body).toEqual({
        error: 'Please fix the following errors:',
        fields: [
          {
            path: '/booking_date',
            message: 'Southport Service is closed on Sundays. Please choose another day.',
          },
        ],
      });
      const holiday = await t.post('/leads', booking({ booking_date: '2025-06-09' }));
      expect(holiday.body.fields).toEqual([
        {
          path: '/booking_date',
          message: "Southport Service is closed on King's Birthday. Please choose another day.",
        },
      ]);
      const evening = await t.post('/leads', booking({ booking_time: '18:00' }));
      expect(evening.status).toBe(400);
      expect(evening.body.fields).toEqual([
        {
          path: '/booking_time',
          message: 'Please choose a time within service hours on that day (7:00 am – 5:00 pm).',
        },
      ]);
      const saturdayAfternoon = await t.post(
        '/leads',
        booking({ booking_date: '2025-06-07', booking_time: '12:00' }),
      );
      expect(saturdayAfternoon.body.fields).toEqual([
        {
          path: '/booking_time',
          message: 'Please choose a time within service hours on that day (7:30 am – 12:00 pm).',
        },
      ]);
      const past = await t.post(
        '/leads',
        booking({ booking_date: '2025-06-02', booking_time: '09:00' }),
      );
      expect(past.body.fields).toEqual([
        { path: '/booking_time', message: 'That time has passed. Please choose a later time.' },
      ]);
      expect(
        (await t.get('/staff/leads?site=au-service&limit=500', STAFF)).body.leads,
      ).toHaveLength(before);
    });

    it('refuses a location that does not take bookings, and a booking without its date, time or centre', async () => {
      const showroom = await t.post('/leads', booking({ location_id: 70 }));
      expect(showroom.body.fields).toEqual([
        { path: '/location_id', message: 'Please choose one of our service centres.' },
      ]);
      const elsewhere = await t.post('/leads', booking({ location_id: 999 }));
      expect(elsewhere.body.fields).toEqual([
        { path: '/location_id', message: 'is not a location of this site' },
      ]);
      const noTime = await t.post('/leads', booking({ booking_time: undefined }));
      expect(noTime.body.fields).toEqual([{ path: '/booking_time', message: 'is required' }]);
      const category = await t.post(
        '/leads',
        booking({ booking_date: undefined, booking_time: undefined }),
      );
      expect(category.body.fields.map((f: { path: string }) => f.path)).toEqual([
        '/booking_date',
        '/booking_time',
      ]);
      const badTime = await t.post('/leads', booking({ booking_time: '7.30pm' }));
      expect(badTime.body.fields).toEqual([
        {
          path: '/booking_time',
          message: 'is not valid: a time of day written as HH:MM on the 24-hour clock, e.g. 09:30',
        },
      ]);
    });
  });

  describe('POST /api/leads: parts requests', () => {
    const parts = (overrides: Record<string, unknown> = {}) =>
      lead({
        category: 'Parts Enquiry',
        'Vehicle Make': 'Ford',
        'Vehicle Model': 'Ranger',
        'Vehicle Year': 2019,
        vin: 'MPBUMFF60MX123456',
        part: 'Front brake pads',
        quantity: 2,
        location_id: 72,
        dealership_slug: 'au-service',
        ...overrides,
      });

    it('stores a parts request with the vehicle, the part and the counter', async () => {
      const body = parts();
      expect(schemaProblems('lead-request', body)).toEqual([]);
      const res = await t.post('/leads', body);
      expect(res.status, res.text).toBe(201);
      const stored = await storedLead(res.body.lead_id);
      expect(stored.category).toBe('Parts Enquiry');
      expect(stored.payload).toMatchObject({
        'Vehicle Year': 2019,
        vin: 'MPBUMFF60MX123456',
        part: 'Front brake pads',
        quantity: 2,
        location_id: 72,
      });
    });

    it('refuses a request without the part, a counter that is not a parts location, and a bad VIN in words', async () => {
      const res = await t.post('/leads', parts({ part: undefined, location_id: 71 }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        { path: '/part', message: 'Please enter the part name or part number.' },
        { path: '/location_id', message: 'Please choose one of our parts counters.' },
      ]);
      const vin = await t.post('/leads', parts({ vin: 'IOQ' }));
      expect(vin.body.fields).toEqual([
        {
          path: '/vin',
          message: 'is not valid: a 17-character VIN of letters and digits (never I, O or Q)',
        },
      ]);
      const many = await t.post('/leads', parts({ quantity: 500 }));
      expect(many.body.fields).toEqual([{ path: '/quantity', message: 'must be 99 or less' }]);
    });
  });

  describe('POST /api/leads: personalised finance', () => {
    it('stores a Personalised Finance lead with its quote', async () => {
      const body = lead({
        category: 'Personalised Finance',
        car_id: 77,
        car_dealership_id: 61,
        preferredDealership: 'au-service',
        vehiclePriceBudget: 62000,
        finance_quote: {
          price: 62000,
          deposit: 5000,
          termYears: 5,
          interestRate: 10,
          paymentWeek: 279,
        },
        opt_in: true,
      });
      expect(schemaProblems('lead-request', body)).toEqual([]);
      const res = await t.post('/leads', body);
      expect(res.status, res.text).toBe(201);
      const stored = await storedLead(res.body.lead_id);
      expect(stored).toMatchObject({ category: 'Personalised Finance', car_id: 77 });
      expect(stored.payload.finance_quote).toEqual({
        price: 62000,
        deposit: 5000,
        termYears: 5,
        interestRate: 10,
        paymentWeek: 279,
      });
    });

    it('answers the quote keys the block used to send in extra with words, never a regular expression', async () => {
      const res = await t.post(
        '/leads',
        lead({ category: 'Personalised Finance', extra: { 'Quote rate (%)': 10 } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        { path: '/extra', message: 'has a field name that is not allowed: "Quote rate (%)"' },
      ]);
    });
  });
});
