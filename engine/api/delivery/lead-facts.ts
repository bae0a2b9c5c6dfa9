/**
 * What a lead's delivery says, gathered once from the stored lead, its car and the site
 * (by the delivery worker) and written out by each channel: ADF/XML (adf.ts) and the JSON
 * webhook (webhook.ts). Plain facts, so the formats depend on nothing in the store or the
 * site document (docs/leads-crm.md).
 */

/** The kinds of lead a site routes (docs/leads-crm.md, "Lead kinds"). */
export const LEAD_KINDS = [
  'enquiry',
  'test-drive',
  'finance',
  'trade-in',
  'reservation',
  'service',
  'parts',
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** How each kind is named to the dealership's staff (ADF `provider/service`, email subjects). */
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  enquiry: 'Sales enquiry',
  'test-drive': 'Test drive request',
  finance: 'Finance enquiry',
  'trade-in': 'Trade-in valuation',
  reservation: 'Reservation',
  service: 'Service booking',
  parts: 'Parts request',
};

/** The platform, as it names itself to a CRM (ADF `id/@source` and `provider`). */
export const PROVIDER_NAME = 'Forecourt';

export interface LeadVehicle {
  year?: number | string;
  make?: string;
  model?: string;
  /** Badge or trim level. */
  trim?: string;
  vin?: string;
  /** The dealer's stock number. */
  stock?: string;
  registration?: string;
  condition?: 'new' | 'demo' | 'used';
  odometer?: { value: number; unit: 'km' | 'mi' };
  colour?: string;
  body?: string;
  transmission?: string;
  doors?: number;
  /** The advertised price; absent for "price on application". */
  price?: { amount: number; currency: string };
  /** How the price is meant ("Drive away", "Plus on-road costs"), or why there is none. */
  priceNote?: string;
  /** The car's page on the dealer's site. */
  url?: string;
  /** Its main photo, an absolute address. */
  photo?: string;
}

/** A trade-in, with the estimate the site gave the visitor, if it gave one. */
export interface LeadTradeIn extends LeadVehicle {
  estimate?: { amount: number; currency: string };
}

export interface LeadPerson {
  /** The name as typed, when first and last were not asked for separately. */
  name?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  preferredContact?: 'email' | 'phone';
  postcode?: string;
}

export interface LeadFinance {
  currency: string;
  price?: number;
  deposit?: number;
  termYears?: number;
  /** Per cent a year. */
  interestRate?: number;
  weeklyPayment?: number;
}

/** The dealership, at the location the lead was routed to. */
export interface LeadDealer {
  /** The dealership's name as staff and CRMs know it. */
  name: string;
  /** The dealership's id in the site document (ADF `vendor/id`). */
  id?: number | string;
  /** The location's name, when it is not the dealership's. */
  location?: string;
  email?: string;
  phone?: string;
  /** The dealer's website. */
  url?: string;
  address?: {
    street?: string;
    city?: string;
    region?: string;
    postcode?: string;
    country?: string;
  };
  /** IANA time zone of the location: the request date is written on its clock. */
  timeZone?: string;
}

/** A fact of the lead with no place of its own in the formats (booking date, part wanted). */
export interface LeadDetail {
  label: string;
  value: string;
}

export interface LeadFacts {
  /** The stored lead's id: the idempotency key of every delivery. */
  id: number | string;
  /** The site's slug. */
  site: string;
  kind: LeadKind;
  /** When the lead was stored, ISO 8601. */
  createdAt: string;
  customer: LeadPerson;
  /** What the visitor wrote. */
  message?: string;
  /** The dealer's car the lead is about. */
  car?: LeadVehicle;
  /** The visitor's car offered in part exchange. */
  tradeIn?: LeadTradeIn;
  /** The visitor's own car, for a service booking or a parts request. */
  ownVehicle?: LeadVehicle;
  finance?: LeadFinance;
  details?: LeadDetail[];
  dealer: LeadDealer;
}
