/**
 * The shared lead helper's payload (docs/forms.md, "The lead payload"): the visitor's details plus
 * isLastStep, url, source "Website", user_agent, car_id, car_dealership_id and
 * lead_attributes { visited_pages, linked_query_params }, with the site and a
 * client-generated submission_id (schemas/api/lead-request.schema.json).
 */
import { linkedQueryParams, visitedPages } from '../../engine/render/visitor.ts';
import type { CaptchaSolution, LeadRequest } from '../../schemas/types.gen.ts';
import type { CarSummary } from './car.ts';
import { textOf, type Values } from './rules.ts';

/** A UUID for one submission, repeated on every retry so the API stores one lead. */
export function newSubmissionId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Drops empty answers (an empty optional field is not sent, rather than sent as ""). */
export function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out as Partial<T>;
}

/** The page address as the lead's url (at most 2,000 characters, as the API allows). */
export function pageUrl(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const href = location.href;
  return href.length <= 2000 ? href : (location.origin + location.pathname).slice(0, 2000);
}

/** Car details every lead about a car carries. */
export function carFields(car: CarSummary | undefined): Partial<LeadRequest> {
  if (!car) return {};
  const carType =
    car.car_type === 'new' || car.car_type === 'used' || car.car_type === 'demo'
      ? car.car_type
      : undefined;
  return compact({
    car_id: car.id,
    car_dealership_id: car.dealership_id ?? undefined,
    stock_number: car.stocknum ?? undefined,
    'Vehicle Make': car.make ?? undefined,
    'Vehicle Model': car.model ?? undefined,
    car_type: carType,
    vehicle_status: car.status ?? undefined,
  }) as Partial<LeadRequest>;
}

export type LeadDetails = Omit<
  LeadRequest,
  'site' | 'submission_id' | 'isLastStep' | 'url' | 'source' | 'user_agent' | 'lead_attributes'
>;

export function leadPayload(args: {
  siteSlug: string;
  submissionId: string;
  isLastStep: boolean;
  car?: CarSummary;
  details: LeadDetails;
}): LeadRequest {
  const { siteSlug, submissionId, isLastStep, car, details } = args;
  const params = linkedQueryParams(siteSlug);
  const pages = visitedPages(siteSlug);
  const attributes: LeadRequest['lead_attributes'] = {};
  if (pages.length) attributes.visited_pages = pages;
  if (Object.keys(params).length) attributes.linked_query_params = params;
  const payload = {
    site: siteSlug,
    submission_id: submissionId,
    isLastStep,
    url: pageUrl(),
    source: 'Website' as const,
    user_agent: typeof navigator === 'undefined' ? undefined : navigator.userAgent.slice(0, 500),
    ...carFields(car),
    ...compact(details as Record<string, unknown>),
    lead_attributes: attributes,
  };
  return compact(payload) as unknown as LeadRequest;
}

/** The consents a lead carries: the opt-in when the form offers one, the terms when the site asks for them, the captcha's answer. */
export interface LeadConsents {
  optIn: boolean;
  terms: boolean;
  captcha?: CaptchaSolution;
}

/** What a lead form's call is given: the values typed, the attempt's submission_id and the consents. */
export interface LeadCall {
  values: Values;
  submissionId: string;
  consents: LeadConsents;
}

/** The contact details, message and consents every lead form sends (docs/forms.md, "The lead payload"). */
export function contactDetails(values: Values, { optIn, terms, captcha }: LeadConsents) {
  return {
    name: textOf(values, 'name') ?? '',
    last_name: textOf(values, 'last_name'),
    email: textOf(values, 'email'),
    phone: textOf(values, 'phone'),
    message: textOf(values, 'message'),
    opt_in: optIn ? values.opt_in === true : undefined,
    ...(terms ? { terms_conditions: values.terms_conditions === true } : {}),
    ...(captcha ? { captcha } : {}),
  };
}
