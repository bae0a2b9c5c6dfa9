/**
 * A lead as a signed JSON webhook (docs/leads-crm.md, "Webhook"): a versioned event,
 * `{type: "lead.created", version, id, created, data}`, and a `Forecourt-Signature` header
 * signed the way Stripe signs its webhooks, so a receiver can check that the body is the
 * platform's, unchanged, and recent. The body is the same on every retry (its id is the
 * lead's), only the signature's time changes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LeadFacts, LeadTradeIn, LeadVehicle } from './lead-facts.ts';
import { LEAD_KIND_LABELS } from './lead-facts.ts';

export const WEBHOOK_EVENT_TYPE = 'lead.created';
/** The body's version; a change that could break a receiver makes a new one. */
export const WEBHOOK_VERSION = 1;
export const WEBHOOK_SIGNATURE_HEADER = 'Forecourt-Signature';
export const WEBHOOK_CONTENT_TYPE = 'application/json';
/** How old a signature a receiver should accept by default, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookVehicle {
  year: number | string | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stock_number: string | null;
  registration: string | null;
  condition: 'new' | 'demo' | 'used' | null;
  odometer: { value: number; unit: 'km' | 'mi' } | null;
  colour: string | null;
  body: string | null;
  transmission: string | null;
  doors: number | null;
  price: { amount: number; currency: string } | null;
  price_note: string | null;
  url: string | null;
  photo: string | null;
}

/** The body of version 1, every key present (null when the lead has no such fact). */
export interface LeadCreatedEvent {
  type: typeof WEBHOOK_EVENT_TYPE;
  version: typeof WEBHOOK_VERSION;
  /** `lead_{lead id}`: the same on every retry, so a receiver can drop a repeat. */
  id: string;
  /** When the lead was stored, Unix seconds. */
  created: number;
  data: {
    lead_id: number | string;
    site: string;
    kind: LeadFacts['kind'];
    kind_label: string;
    created_at: string;
    customer: {
      name: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      phone: string | null;
      preferred_contact: 'email' | 'phone' | null;
      postcode: string | null;
    };
    message: string | null;
    car: WebhookVehicle | null;
    trade_in: (WebhookVehicle & { estimate: { amount: number; currency: string } | null }) | null;
    own_vehicle: WebhookVehicle | null;
    finance: {
      currency: string;
      price: number | null;
      deposit: number | null;
      term_years: number | null;
      /** Per cent a year. */
      interest_rate: number | null;
      weekly_payment: number | null;
    } | null;
    details: { label: string; value: string }[];
    dealer: {
      name: string;
      id: number | string | null;
      location: string | null;
      email: string | null;
      phone: string | null;
      url: string | null;
    };
  };
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function vehicle(v: LeadVehicle | undefined): WebhookVehicle | null {
  if (!v) return null;
  return {
    year: orNull(v.year),
    make: orNull(v.make),
    model: orNull(v.model),
    trim: orNull(v.trim),
    vin: orNull(v.vin),
    stock_number: orNull(v.stock),
    registration: orNull(v.registration),
    condition: orNull(v.condition),
    odometer: orNull(v.odometer),
    colour: orNull(v.colour),
    body: orNull(v.body),
    transmission: orNull(v.transmission),
    doors: orNull(v.doors),
    price: orNull(v.price),
    price_note: orNull(v.priceNote),
    url: orNull(v.url),
    photo: orNull(v.photo),
  };
}

function tradeIn(v: LeadTradeIn | undefined): LeadCreatedEvent['data']['trade_in'] {
  const base = vehicle(v);
  return base && { ...base, estimate: orNull(v?.estimate) };
}

/** The event a lead makes. */
export function leadCreatedEvent(lead: LeadFacts): LeadCreatedEvent {
  const { customer, dealer, finance } = lead;
  return {
    type: WEBHOOK_EVENT_TYPE,
    version: WEBHOOK_VERSION,
    id: `lead_${lead.id}`,
    created: Math.floor(Date.parse(lead.createdAt) / 1000),
    data: {
      lead_id: lead.id,
      site: lead.site,
      kind: lead.kind,
      kind_label: LEAD_KIND_LABELS[lead.kind],
      created_at: lead.createdAt,
      customer: {
        name: orNull(customer.name),
        first_name: orNull(customer.firstName),
        last_name: orNull(customer.lastName),
        email: orNull(customer.email),
        phone: orNull(customer.phone),
        preferred_contact: orNull(customer.preferredContact),
        postcode: orNull(customer.postcode),
      },
      message: orNull(lead.message),
      car: vehicle(lead.car),
      trade_in: tradeIn(lead.tradeIn),
      own_vehicle: vehicle(lead.ownVehicle),
      finance: finance
        ? {
            currency: finance.currency,
            price: orNull(finance.price),
            deposit: orNull(finance.deposit),
            term_years: orNull(finance.termYears),
            interest_rate: orNull(finance.interestRate),
            weekly_payment: orNull(finance.weeklyPayment),
          }
        : null,
      details: lead.details ?? [],
      dealer: {
        name: dealer.name,
        id: orNull(dealer.id),
        location: orNull(dealer.location),
        email: orNull(dealer.email),
        phone: orNull(dealer.phone),
        url: orNull(dealer.url),
      },
    },
  };
}

/** The webhook's body: the event as JSON, the bytes that are signed and sent. */
export function webhookBody(lead: LeadFacts): string {
  return JSON.stringify(leadCreatedEvent(lead));
}

/** A new signing secret for a webhook destination (shown once to the dealer's developer). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

const signature = (body: string | Buffer, secret: string, timestamp: number) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The `Forecourt-Signature` header for a body sent at `timestamp` (Unix seconds). */
export function signWebhook(
  body: string | Buffer,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${signature(body, secret, timestamp).toString('hex')}`;
}

/**
 * Whether `header` signs `body` (the raw bytes received, before any JSON parsing) with
 * `secret`, at a time no more than `toleranceSeconds` from now. Any of several `v1` values
 * may match (a secret being rotated signs with both). Compared in constant time.
 */
export function verifyWebhook(
  body: string | Buffer,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: Buffer[] = [];
  for (const item of header.split(',')) {
    const [key, value = ''] = item.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) candidates.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = signature(body, secret, timestamp);
  // Every candidate is compared, so the time taken says nothing about which one matched.
  return candidates.reduce((ok, candidate) => timingSafeEqual(candidate, expected) || ok, false);
}
