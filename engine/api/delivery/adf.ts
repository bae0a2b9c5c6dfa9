/**
 * A lead as ADF/XML 1.0 (Auto-lead Data Format), the document every dealer CRM ingests by
 * email or HTTP POST. docs/leads-crm.md, "ADF/XML", gives the mapping element by element; the
 * document type it is tested against is tests/fixtures/adf/adf.dtd.
 */
import type { XmlElement } from './xml.ts';
import { writeElement, xmlSafeText } from './xml.ts';
import type {
  LeadDealer,
  LeadFacts,
  LeadFinance,
  LeadKind,
  LeadPerson,
  LeadTradeIn,
  LeadVehicle,
} from './lead-facts.ts';
import { LEAD_KIND_LABELS, PROVIDER_NAME } from './lead-facts.ts';

/** The input of the ADF channel: the facts every channel reads (lead-facts.ts). */
export type AdfLead = LeadFacts;

/** The media type CRMs expect for ADF/XML (there is no registered one). */
export const ADF_CONTENT_TYPE = 'application/x-adf+xml; charset=utf-8';

/** A lead that ADF cannot carry (the format requires a fact the lead lacks); not worth a retry. */
export class AdfError extends Error {
  override name = 'AdfError';
}

export const ADF_MESSAGES = {
  noCustomerContact: 'The lead has neither an email address nor a phone number to reply to.',
  noDealerContact:
    'The dealership location has neither an email address nor a phone number, and ADF/XML requires one for the dealer.',
} as const;

/** What ADF's `vehicle/@interest` says for the car a lead is about. */
const CAR_INTEREST: Record<LeadKind, string> = {
  enquiry: 'buy',
  'test-drive': 'test-drive',
  finance: 'buy',
  'trade-in': 'buy',
  reservation: 'buy',
  service: 'buy',
  parts: 'buy',
};

/** Whether a text says anything once what XML cannot carry is left out. */
const present = (value: string | number | undefined): value is string | number =>
  value !== undefined && xmlSafeText(String(value)) !== '';

/** An optional element: left out when its value is absent or says nothing. */
const text = (
  name: string,
  value: string | number | undefined,
  attributes?: XmlElement['attributes'],
): XmlElement | undefined =>
  present(value) ? { name, attributes, content: String(value) } : undefined;

/**
 * The moment as ISO 8601 with seconds, on the location's clock with its UTC offset
 * (`2025-06-01T09:15:30+10:00`), or in UTC (`…Z`) when the time zone is unknown or invalid.
 */
export function adfDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new AdfError(`The lead's time is not a date: ${iso}`);
  const utc = `${date.toISOString().slice(0, 19)}Z`;
  if (!timeZone) return utc;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    }).formatToParts(date);
  } catch {
    return utc;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  // longOffset reads "GMT+10:00", or plain "GMT" at UTC.
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return `${day}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

function names(person: { name?: string; firstName?: string; lastName?: string }, type?: string) {
  if (present(person.firstName) || present(person.lastName))
    return [
      text('name', person.firstName, { part: 'first', type }),
      text('name', person.lastName, { part: 'last', type }),
    ];
  // ADF requires a name; an empty one says none was given.
  return [{ name: 'name', attributes: { part: 'full', type }, content: person.name ?? '' }];
}

function contact(
  person: LeadPerson & { address?: LeadDealer['address'] },
  type: 'individual' | 'business',
  missing: string,
): XmlElement {
  if (!present(person.email) && !present(person.phone)) throw new AdfError(missing);
  const preferred = (how: 'email' | 'phone') =>
    person.preferredContact ? (person.preferredContact === how ? '1' : '0') : undefined;
  const address = person.address ?? (person.postcode ? { postcode: person.postcode } : undefined);
  return {
    name: 'contact',
    content: [
      ...names(person, type),
      text('email', person.email, { preferredcontact: preferred('email') }),
      text('phone', person.phone, { type: 'voice', preferredcontact: preferred('phone') }),
      address && {
        name: 'address',
        content: [
          // ADF requires a street line; an empty one says the street is not known.
          { name: 'street', attributes: { line: '1' }, content: address.street ?? '' },
          text('city', address.city),
          text('regioncode', address.region),
          text('postalcode', address.postcode),
          text('country', address.country),
        ],
      },
    ],
  };
}

const money = (n: number) => String(Math.round(n * 100) / 100);

/** ADF's status is new or used; a demonstrator is sold as new, and says so in its comments. */
const adfStatus = (condition: LeadVehicle['condition']) =>
  condition === undefined ? undefined : condition === 'used' ? 'used' : 'new';

function vehicleComments(vehicle: LeadVehicle): string | undefined {
  const lines = [
    vehicle.condition === 'demo' ? 'Demonstrator' : undefined,
    vehicle.registration ? `Registration: ${vehicle.registration}` : undefined,
    vehicle.url ? `Page: ${vehicle.url}` : undefined,
  ].filter((line) => line !== undefined);
  return lines.length ? lines.join('\n') : undefined;
}

function vehicle(
  facts: LeadVehicle,
  attributes: { interest?: string; status?: string },
  price?: { type: string; amount: number; currency: string },
  finance?: XmlElement,
): XmlElement {
  return {
    name: 'vehicle',
    attributes,
    content: [
      // Year, make and model are required: an empty one says it is not known.
      { name: 'year', content: facts.year === undefined ? '' : String(facts.year) },
      { name: 'make', content: facts.make ?? '' },
      { name: 'model', content: facts.model ?? '' },
      text('vin', facts.vin),
      text('stock', facts.stock),
      text('trim', facts.trim),
      text('doors', facts.doors),
      text('bodystyle', facts.body),
      text('transmission', facts.transmission),
      facts.odometer && {
        name: 'odometer',
        attributes: { status: 'original', units: facts.odometer.unit },
        content: String(facts.odometer.value),
      },
      facts.colour
        ? {
            name: 'colorcombination',
            content: [text('exteriorcolor', facts.colour), text('preference', 1)],
          }
        : undefined,
      text('imagetag', facts.photo),
      price && text('price', money(price.amount), { type: price.type, currency: price.currency }),
      text('pricecomments', facts.priceNote),
      finance,
      text('comments', vehicleComments(facts)),
    ],
  };
}

/** ADF's finance element holds amounts only; a deposit is the one a finance form gives. */
function financeElement(finance: LeadFinance | undefined): XmlElement | undefined {
  if (finance?.deposit === undefined) return undefined;
  return {
    name: 'finance',
    content: [
      { name: 'method', content: 'finance' },
      text('amount', money(finance.deposit), {
        type: 'downpayment',
        limit: 'exact',
        currency: finance.currency,
      }),
    ],
  };
}

/** The finance quote in words, for the comments (ADF has no weekly payment, term or rate). */
function financeLines(finance: LeadFinance | undefined): string[] {
  if (!finance) return [];
  const amount = (n: number) => `${money(n)} ${finance.currency}`;
  return [
    finance.price !== undefined ? `Finance price: ${amount(finance.price)}` : undefined,
    finance.deposit !== undefined ? `Deposit: ${amount(finance.deposit)}` : undefined,
    finance.termYears !== undefined ? `Term: ${finance.termYears} years` : undefined,
    finance.interestRate !== undefined
      ? `Interest rate: ${finance.interestRate}% a year`
      : undefined,
    finance.weeklyPayment !== undefined
      ? `Weekly payment: ${amount(finance.weeklyPayment)}`
      : undefined,
  ].filter((line) => line !== undefined);
}

/** The customer's comments: what they wrote, then the lead's other facts a line each. */
export function adfComments(lead: AdfLead): string {
  const facts = [
    ...(lead.details ?? []).map((d) => `${d.label}: ${d.value}`),
    ...financeLines(lead.finance),
  ];
  return [lead.message, facts.join('\n')].filter(present).join('\n\n');
}

function vehicles(lead: AdfLead): XmlElement[] {
  const list: XmlElement[] = [];
  const { car, tradeIn, ownVehicle } = lead;
  const finance = financeElement(lead.finance);
  if (car)
    list.push(
      vehicle(
        car,
        { interest: CAR_INTEREST[lead.kind], status: adfStatus(car.condition) },
        car.price && { type: 'asking', ...car.price },
        finance,
      ),
    );
  if (tradeIn) list.push(tradeInVehicle(tradeIn));
  // ADF knows no service interest: the visitor's own car goes without one; the lead's kind is
  // named in provider/service.
  if (ownVehicle) list.push(vehicle(ownVehicle, { status: adfStatus(ownVehicle.condition) }));
  // ADF requires a vehicle: a lead about none (a general enquiry) sends one with nothing known.
  if (list.length === 0)
    list.push(vehicle({}, { interest: CAR_INTEREST[lead.kind] }, undefined, finance));
  return list;
}

function tradeInVehicle(tradeIn: LeadTradeIn): XmlElement {
  const estimate = tradeIn.estimate && { type: 'appraisal', ...tradeIn.estimate };
  return vehicle(tradeIn, { interest: 'trade-in', status: 'used' }, estimate);
}

/** The lead as an ADF/XML 1.0 document; AdfError when the lead lacks what ADF requires. */
export function leadToAdf(lead: AdfLead): string {
  const { dealer } = lead;
  const prospect: XmlElement = {
    name: 'prospect',
    attributes: { status: 'new' },
    content: [
      {
        name: 'id',
        attributes: { sequence: '1', source: PROVIDER_NAME },
        content: String(lead.id),
      },
      { name: 'requestdate', content: adfDate(lead.createdAt, dealer.timeZone) },
      ...vehicles(lead),
      {
        name: 'customer',
        content: [
          contact(lead.customer, 'individual', ADF_MESSAGES.noCustomerContact),
          text('comments', adfComments(lead)),
        ],
      },
      {
        name: 'vendor',
        content: [
          text('id', dealer.id, { source: PROVIDER_NAME }),
          { name: 'vendorname', content: dealer.name },
          text('url', dealer.url),
          contact(
            { ...dealer, name: dealer.location ?? dealer.name },
            'business',
            ADF_MESSAGES.noDealerContact,
          ),
        ],
      },
      {
        name: 'provider',
        content: [
          { name: 'name', attributes: { part: 'full', type: 'business' }, content: PROVIDER_NAME },
          { name: 'service', content: LEAD_KIND_LABELS[lead.kind] },
        ],
      },
    ],
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    writeElement({ name: 'adf', content: [prospect] }),
    '',
  ].join('\n');
}
