/** Sending a lead and what follows a stored one: record the car, store the success category, go to /success (docs/forms.md, "After a stored lead"). */
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { LeadRequest, LeadResponse } from '../../schemas/types.gen.ts';
import { trackLead, type EventId } from '../_shared/analytics.ts';
import { apiPost, leadResult, type LeadResult } from './api.ts';
import type { CarSummary } from './car.ts';
import { carTitle } from './car.ts';
import { leadPayload, type LeadDetails } from './payload.ts';
import { rememberEnquiredCar, storeSuccess } from './storage.ts';

/** POST {api}/leads, retried twice on a network failure or a 502/503/504 with the same submission_id. */
export async function sendLead(
  site: Pick<ResolvedSite, 'api'>,
  payload: LeadRequest,
  fetchImpl?: typeof fetch,
): Promise<LeadResult> {
  const outcome = await apiPost<LeadResponse & { error?: string }>(site, '/leads', payload, {
    retries: 2,
    fetch: fetchImpl,
  });
  return leadResult(outcome);
}

/** A form's lead, sent as its last step (every lead form but the trade-in's first step). */
export function sendFinalLead(
  site: Pick<ResolvedSite, 'api' | 'slug'>,
  submissionId: string,
  details: LeadDetails,
  car?: CarSummary,
): Promise<LeadResult> {
  return sendLead(
    site,
    leadPayload({ siteSlug: site.slug, submissionId, isLastStep: true, car, details }),
  );
}

export interface LeadDone {
  siteSlug: string;
  leadId: number;
  category: string;
  car?: CarSummary;
  eventId?: EventId;
  formId?: string;
}

/** After a lead_id: the car is recorded, the success flag stored and the analytics event sent. */
export function leadStored({ siteSlug, leadId, category, car, eventId, formId }: LeadDone) {
  if (car) rememberEnquiredCar(siteSlug, car, leadId);
  storeSuccess(siteSlug, {
    category,
    lead_id: leadId,
    ...(car ? { car_name: carTitle(car) } : {}),
  });
  trackLead(eventId, {
    category,
    lead_id: leadId,
    ...(car ? { car_id: car.id } : {}),
    ...(formId ? { form: formId } : {}),
  });
}

/** Lead category of an enquiry about a car. */
export function carEnquiryCategory(car: CarSummary): string {
  if (car.car_type === 'used') return 'Used Car Enquiry';
  if (car.car_type === 'demo') return 'Demo Car Enquiry';
  return 'New Car Enquiry';
}

/**
 * The locations an enquiry offers: visible sales locations (else every visible one), of the
 * car's dealership when there is a car. A dealership the buyer chose narrows them to its own
 * and nothing else, since the API refuses a location of another dealership (docs/forms.md,
 * "Enquiry form rules").
 */
export function locationOptions(
  site: Pick<ResolvedSite, 'locations'>,
  car?: Pick<CarSummary, 'dealership_slug'>,
  chosenDealership?: string,
) {
  const visible = site.locations.filter((l) => l.visible !== false);
  if (chosenDealership) {
    const own = visible.filter((l) => l.dealership_slug === chosenDealership);
    const ownSales = own.filter((l) => l.location_type === 'sales');
    return (ownSales.length ? ownSales : own).map(locationOption);
  }
  const sales = visible.filter((l) => l.location_type === 'sales');
  let list = sales.length ? sales : visible;
  if (car?.dealership_slug) {
    const own = list.filter((l) => l.dealership_slug === car.dealership_slug);
    if (own.length) list = own;
  }
  return list.map(locationOption);
}

/** A location as a select option: its id, and its name with the city when the name lacks it. */
export function locationOption(
  l: Pick<ResolvedSite['locations'][number], 'id' | 'name' | 'address'>,
) {
  return {
    value: String(l.id),
    label:
      l.address?.city && !l.name.includes(l.address.city) ? `${l.name}, ${l.address.city}` : l.name,
  };
}
