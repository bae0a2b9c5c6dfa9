import { describe, expect, it } from 'vitest';
import {
  ADF_MESSAGES,
  AdfError,
  adfDate,
  leadToAdf,
  type AdfLead,
} from '../../../engine/api/delivery/adf.ts';
import {
  LEAD_KINDS,
  LEAD_KIND_LABELS,
  PROVIDER_NAME,
} from '../../../engine/api/delivery/lead-facts.ts';
import { xmlSafeText } from '../../../engine/api/delivery/xml.ts';
import { dtdErrors, readAdf, runDtdTests } from './adf-kit.ts';
import { exampleLead } from './example-lead.ts';

const dtdIt = runDtdTests ? it : it.skip;

describe('ADF/XML', () => {
  it('maps a trade-in lead: the car as buy, the trade-in as trade-in, contact, vendor, provider', () => {
    const adf = readAdf(leadToAdf(exampleLead));
    expect(adf.id).toBe('1042');
    expect(adf.idSource).toBe(PROVIDER_NAME);
    // Brisbane is UTC+10 all year.
    expect(adf.requestdate).toBe('2025-06-01T10:15:30+10:00');
    expect(adf.vehicles).toEqual([
      expect.objectContaining({
        interest: 'buy',
        // a demonstrator is sold as new, and says so
        status: 'new',
        year: '2022',
        make: 'Ford',
        model: 'Ranger',
        trim: 'XLT',
        vin: 'MNAUMFF50NW123456',
        stock: 'GC1234',
        odometer: '1200',
        odometerUnits: 'km',
        colour: 'Arctic White',
        price: '55990',
        priceType: 'asking',
        currency: 'AUD',
        pricecomments: 'Drive away',
        comments: 'Demonstrator\nPage: https://goldcoastford.example/cars/2022-ford-ranger-xlt',
      }),
      expect.objectContaining({
        interest: 'trade-in',
        status: 'used',
        year: '2015',
        make: 'Mazda',
        model: '3',
        odometer: '120000',
        price: '9000',
        priceType: 'appraisal',
        comments: 'Registration: ABC123',
      }),
    ]);
    expect(adf.customer).toMatchObject({
      names: { first: 'Jo', last: "O'Brien" },
      email: 'jo@example.com',
      emailPreferred: '0',
      phone: '0400 000 000',
      phonePreferred: '1',
      postcode: '4217',
    });
    expect(adf.customer.comments).toBe(
      'Is it still available?\nI can come on Saturday.\n\n' +
        'Preferred time: Saturday morning\nDeposit: 5000 AUD\nTerm: 5 years\nWeekly payment: 120.5 AUD',
    );
    expect(adf.vendor).toMatchObject({
      name: 'Gold Coast Ford',
      names: { full: 'Gold Coast Ford Southport' },
      email: 'sales@goldcoastford.example',
      phone: '07 5555 5555',
      postcode: '4215',
    });
    expect(adf.provider).toEqual({ name: PROVIDER_NAME, service: LEAD_KIND_LABELS['trade-in'] });
  });

  it('names the test drive as such, and sends a full name when no first and last were asked', () => {
    const lead: AdfLead = {
      ...exampleLead,
      kind: 'test-drive',
      tradeIn: undefined,
      customer: { name: 'Jo Citizen', email: 'jo@example.com' },
    };
    const adf = readAdf(leadToAdf(lead));
    expect(adf.vehicles.map((v) => v.interest)).toEqual(['test-drive']);
    expect(adf.customer.names).toEqual({ full: 'Jo Citizen' });
    expect(adf.customer.phone).toBeUndefined();
  });

  it('sends a lead about no car with an empty vehicle, and a service booking with the own car uninterested', () => {
    const general = readAdf(
      leadToAdf({ ...exampleLead, kind: 'enquiry', car: undefined, tradeIn: undefined }),
    );
    expect(general.vehicles).toEqual([
      expect.objectContaining({ interest: 'buy', year: '', make: '', model: '' }),
    ]);
    const service = readAdf(
      leadToAdf({
        ...exampleLead,
        kind: 'service',
        car: undefined,
        tradeIn: undefined,
        ownVehicle: { year: 2019, make: 'Ford', model: 'Focus', registration: 'XYZ987' },
      }),
    );
    expect(service.vehicles).toEqual([
      expect.objectContaining({ interest: null, make: 'Ford', comments: 'Registration: XYZ987' }),
    ]);
    expect(service.provider.service).toBe(LEAD_KIND_LABELS.service);
  });

  it('refuses a lead with no way to reply, and a dealer with no way to reach', () => {
    expect(() => leadToAdf({ ...exampleLead, customer: { name: 'Jo' } })).toThrow(
      new AdfError(ADF_MESSAGES.noCustomerContact),
    );
    expect(() => leadToAdf({ ...exampleLead, dealer: { name: 'Gold Coast Ford' } })).toThrow(
      new AdfError(ADF_MESSAGES.noDealerContact),
    );
  });

  it('carries hostile text unchanged where XML can, and leaves out what XML cannot carry', () => {
    const hostile =
      'a < b && c > d "q" \'s\' ]]> <![CDATA[x]]> &amp; \t😀\u0000\u0007\u001f\uD800\uFFFE end';
    const xml = leadToAdf({
      ...exampleLead,
      message: hostile,
      details: [],
      finance: undefined,
      customer: { name: hostile, email: hostile },
      car: { ...exampleLead.car, make: hostile, price: { amount: 1, currency: `A"U<D&\n` } },
    });
    expect(xml).not.toMatch(/\]\]>/);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const adf = readAdf(xml);
    const safe = 'a < b && c > d "q" \'s\' ]]> <![CDATA[x]]> &amp; \t😀 end';
    expect(xmlSafeText(hostile)).toBe(safe);
    expect(adf.customer.names.full).toBe(safe);
    expect(adf.customer.email).toBe(safe);
    expect(adf.customer.comments).toBe(safe);
    expect(adf.vehicles[0].make).toBe(safe);
    expect(adf.vehicles[0].currency).toBe(`A"U<D&\n`);
  });

  dtdIt('every lead kind gives a document valid against the ADF 1.0 DTD', async () => {
    const documents = LEAD_KINDS.flatMap((kind) => [
      leadToAdf({ ...exampleLead, kind }),
      leadToAdf({ ...exampleLead, kind, car: undefined, tradeIn: undefined, finance: undefined }),
      leadToAdf({
        ...exampleLead,
        kind,
        car: { make: 'Ford' },
        tradeIn: undefined,
        customer: { name: 'Jo', phone: '1' },
        dealer: { name: 'D', email: 'd@example.com' },
      }),
    ]);
    expect(await dtdErrors(documents)).toEqual(documents.map(() => []));
  });

  dtdIt('the DTD check fails a document ADF does not allow', async () => {
    const valid = leadToAdf(exampleLead);
    const broken = [
      valid.replace(/<vendorname>.*<\/vendorname>/, ''),
      valid.replace('interest="trade-in"', 'interest="service"'),
      valid.replace(/<email preferredcontact="0">[^<]*<\/email>\s*<phone[^>]*>[^<]*<\/phone>/, ''),
    ];
    for (const doc of broken) expect(doc).not.toBe(valid);
    const errors = await dtdErrors(broken);
    for (const list of errors) expect(list.join('\n')).toMatch(/validity error/);
  });
});

describe('adfDate', () => {
  it('writes the location clock with its offset, daylight saving included', () => {
    expect(adfDate('2025-01-15T03:04:05Z', 'Australia/Sydney')).toBe('2025-01-15T14:04:05+11:00');
    expect(adfDate('2025-07-15T03:04:05Z', 'Australia/Sydney')).toBe('2025-07-15T13:04:05+10:00');
    expect(adfDate('2025-07-15T03:04:05Z', 'America/Chicago')).toBe('2025-07-14T22:04:05-05:00');
    expect(adfDate('2025-07-15T03:04:05Z', 'UTC')).toBe('2025-07-15T03:04:05+00:00');
  });

  it('writes UTC when the time zone is unknown or not one', () => {
    expect(adfDate('2025-07-15T03:04:05.999Z')).toBe('2025-07-15T03:04:05Z');
    expect(adfDate('2025-07-15T03:04:05Z', 'Not/AZone')).toBe('2025-07-15T03:04:05Z');
    expect(() => adfDate('yesterday')).toThrow(AdfError);
  });
});
