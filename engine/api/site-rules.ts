/**
 * Checks that need the site document, applied after the schema: phone and postcode
 * by region, dealerships and locations that exist on the site, the terms agreement
 * where the site requires it, and service bookings within the centre's hours.
 */
import type { FieldError, LeadRequest } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';
import { checkPhone, checkPostcode } from './regional.ts';
import {
  PARTS_ENQUIRY_CATEGORY,
  SERVICE_BOOKING_CATEGORY,
  partsRequestErrors,
  serviceBookingErrors,
} from './service-booking.ts';

/** Sites requiring agreement to terms (docs/forms.md, "Enquiry form rules"). */
export const TERMS_MESSAGE = 'You must agree to the terms of use before submitting.';

export interface ContactFields {
  phone?: unknown;
  postcode?: unknown;
}

/** Phone and postcode rules of the site's region; paths are prefix + /phone etc. */
export function contactErrors(site: ResolvedSite, input: ContactFields, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  if (typeof input.phone === 'string') {
    const m = checkPhone(site.region, input.phone);
    if (m) out.push({ path: `${prefix}/phone`, message: m });
  }
  if (typeof input.postcode === 'string') {
    const m = checkPostcode(site.region, input.postcode);
    if (m) out.push({ path: `${prefix}/postcode`, message: m });
  }
  return out;
}

export function dealershipError(
  site: ResolvedSite,
  path: string,
  slug: string | undefined,
): FieldError[] {
  if (slug === undefined || site.dealerships.some((d) => d.slug === slug)) return [];
  return [{ path, message: 'is not a dealership of this site' }];
}

/** A location given by id (number or digits) or by slug must be one of the site's. */
export function locationError(
  site: ResolvedSite,
  path: string,
  location: number | string | undefined,
): FieldError[] {
  if (location === undefined) return [];
  const found = site.locations.some((l) => l.id === Number(location) || l.slug === location);
  return found ? [] : [{ path, message: 'is not a location of this site' }];
}

/** The dealership a lead is for: the one it names (dealership_slug, preferredDealership), else its car's. */
export function leadDealership(
  site: ResolvedSite,
  body: Pick<LeadRequest, 'dealership_slug' | 'preferredDealership' | 'car_dealership_id'>,
): ResolvedSite['dealerships'][number] | undefined {
  const slug = body.dealership_slug ?? body.preferredDealership;
  if (slug !== undefined) return site.dealerships.find((d) => d.slug === slug);
  if (body.car_dealership_id === undefined) return undefined;
  return site.dealerships.find((d) => d.id === body.car_dealership_id);
}

/**
 * A location the lead names must belong to the lead's dealership: a multi-dealer site's
 * locations are not interchangeable (the lead would reach the wrong dealership's staff).
 */
export function locationDealershipError(
  site: ResolvedSite,
  path: string,
  location: number | string | undefined,
  dealership: ResolvedSite['dealerships'][number] | undefined,
): FieldError[] {
  if (location === undefined || !dealership) return [];
  const found = site.locations.find((l) => l.id === Number(location) || l.slug === location);
  if (!found || found.dealership_slug === dealership.slug) return [];
  const owner = site.dealerships.find((d) => d.slug === found.dealership_slug);
  return [
    {
      path,
      message: `is a location of ${owner?.name ?? found.dealership_slug}, not of ${dealership.name}`,
    },
  ];
}

export function termsError(site: ResolvedSite, agreed: boolean | undefined): FieldError[] {
  return site.features.termsAgreement && agreed !== true
    ? [{ path: '/terms_conditions', message: TERMS_MESSAGE }]
    : [];
}

/**
 * A service booking (category Service Booking, or a booking_date / booking_time) must name
 * one of the site's service centres and a date and time within its service hours; a parts
 * request (category Parts Enquiry, or a part) names the part and, when it gives one, a
 * parts counter. The rules are the ones the forms use (service-booking.ts); the server
 * refuses only times that have passed, not the browser's hour of notice.
 */
export function bookingErrors(site: ResolvedSite, body: LeadRequest, now: Date): FieldError[] {
  const out: FieldError[] = [];
  if (
    body.category === SERVICE_BOOKING_CATEGORY ||
    body.booking_date !== undefined ||
    body.booking_time !== undefined
  ) {
    out.push(...serviceBookingErrors(site, body, { now }));
  }
  if (body.category === PARTS_ENQUIRY_CATEGORY || body.part !== undefined)
    out.push(...partsRequestErrors(site, body));
  return out;
}

/** The first message for each path (the API answers one per field). */
export function onePerPath(fields: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return fields.filter((f) => !seen.has(f.path) && seen.add(f.path));
}
