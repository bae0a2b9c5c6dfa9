import fc from 'fast-check';
import { expect, it } from 'vitest';
import { leadToAdf, type AdfLead } from '../../../engine/api/delivery/adf.ts';
import {
  LEAD_KINDS,
  LEAD_KIND_LABELS,
  type LeadVehicle,
} from '../../../engine/api/delivery/lead-facts.ts';
import { xmlSafeText } from '../../../engine/api/delivery/xml.ts';
import { dtdErrors, readAdf, runDtdTests } from './adf-kit.ts';

/** Text a visitor might type, with the pieces XML escaping must get right mixed in. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('<', '>', '&', '"', "'", ']]>', '<![CDATA[', '&amp;', '\r\n', '\r', '\t'),
      fc.constantFrom('\u0000', '\u0007', '\u001f', '\uD800', '\uDFFF', '\uFFFE', '😀', 'é'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const optionalText = fc.option(hostileText, { nil: undefined });
const amount = fc.integer({ min: 0, max: 2_000_000 });

const vehicleArb: fc.Arbitrary<LeadVehicle> = fc.record(
  {
    year: fc.integer({ min: 1950, max: 2030 }),
    make: hostileText,
    model: hostileText,
    trim: hostileText,
    vin: hostileText,
    stock: hostileText,
    registration: hostileText,
    condition: fc.constantFrom('new', 'demo', 'used'),
    odometer: fc.record({ value: amount, unit: fc.constantFrom('km', 'mi') }),
    colour: hostileText,
    price: fc.record({ amount, currency: fc.constantFrom('AUD', 'NZD', 'USD') }),
    priceNote: hostileText,
  },
  { requiredKeys: [] },
);

const leadArb: fc.Arbitrary<AdfLead> = fc
  .record({
    id: fc.integer({ min: 1, max: 1e9 }),
    kind: fc.constantFrom(...LEAD_KINDS),
    createdAt: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    customer: fc
      .record({
        name: optionalText,
        firstName: optionalText,
        lastName: optionalText,
        email: optionalText,
        phone: optionalText,
        preferredContact: fc.constantFrom(undefined, 'email' as const, 'phone' as const),
      })
      .filter((c) => present(c.email) || present(c.phone)),
    message: optionalText,
    car: fc.option(vehicleArb, { nil: undefined }),
    tradeIn: fc.option(vehicleArb, { nil: undefined }),
    dealer: fc
      .record({
        name: hostileText,
        email: optionalText,
        phone: optionalText,
        timeZone: fc.constantFrom(
          undefined,
          'Australia/Perth',
          'Pacific/Auckland',
          'America/New_York',
        ),
      })
      .filter((d) => present(d.email) || present(d.phone)),
  })
  .map((lead) => ({ ...lead, site: 'test-site' }));

/** Whether a text says anything once what XML cannot carry is left out (then it is sent). */
const present = (s: string | undefined): s is string => s !== undefined && xmlSafeText(s) !== '';
/** The value a sent text reads back as, undefined when it is left out. */
const sent = (s: string | undefined) => (present(s) ? xmlSafeText(s) : undefined);

function expectSameValues(lead: AdfLead, xml: string) {
  const adf = readAdf(xml);
  expect(adf.id).toBe(String(lead.id));
  expect(Date.parse(adf.requestdate)).toBe(Math.floor(Date.parse(lead.createdAt) / 1000) * 1000);
  const { customer } = lead;
  if (present(customer.firstName) || present(customer.lastName))
    expect(adf.customer.names).toEqual({
      ...(present(customer.firstName) ? { first: sent(customer.firstName) } : {}),
      ...(present(customer.lastName) ? { last: sent(customer.lastName) } : {}),
    });
  else expect(adf.customer.names).toEqual({ full: xmlSafeText(customer.name ?? '') });
  expect(adf.customer.email).toBe(sent(customer.email));
  expect(adf.customer.phone).toBe(sent(customer.phone));
  expect(adf.customer.comments).toBe(sent(lead.message));
  expect(adf.vendor.name).toBe(xmlSafeText(lead.dealer.name));
  expect(adf.provider.service).toBe(LEAD_KIND_LABELS[lead.kind]);
  const vehicles = [lead.car, lead.tradeIn].filter((v) => v !== undefined);
  const read = adf.vehicles;
  expect(read).toHaveLength(Math.max(1, vehicles.length));
  vehicles.forEach((v, i) => {
    expect(read[i]).toMatchObject({
      year: v.year === undefined ? '' : String(v.year),
      make: xmlSafeText(v.make ?? ''),
      model: xmlSafeText(v.model ?? ''),
      vin: sent(v.vin),
      stock: sent(v.stock),
      trim: sent(v.trim),
      colour: sent(v.colour),
      odometer: v.odometer && String(v.odometer.value),
    });
    if (v === lead.tradeIn) expect(read[i].interest).toBe('trade-in');
    else if (v.price)
      expect(read[i]).toMatchObject({ price: String(v.price.amount), currency: v.price.currency });
  });
}

it('random leads, hostile text included, read back the same and are valid against the DTD', async () => {
  const documents: { lead: AdfLead; xml: string }[] = [];
  fc.assert(
    fc.property(leadArb, (lead) => {
      const xml = leadToAdf(lead);
      expectSameValues(lead, xml);
      documents.push({ lead, xml });
    }),
    { numRuns: 150 },
  );
  if (!runDtdTests) return;
  const errors = await dtdErrors(documents.map((d) => d.xml));
  const invalid = errors
    .map((list, i) => ({ errors: list, lead: documents[i].lead }))
    .filter((d) => d.errors.length > 0);
  expect(invalid.slice(0, 3)).toEqual([]);
});
