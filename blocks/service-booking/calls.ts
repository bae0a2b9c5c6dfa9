/**
 * The service booking's one call (docs/forms.md, "Service booking"): POST {api}/leads,
 * category Service Booking, with the centre, the service, the day and time and the car. It
 * answers the lead's outcome (never throws); the hook turns it into the machine's event.
 */
import { findLocationById, SERVICE_BOOKING_CATEGORY } from '../../engine/api/service-booking.ts';
import type { Location, ResolvedSite } from '../../engine/site/types.ts';
import type { LeadResult } from '../_forms/api.ts';
import { sendFinalLead } from '../_forms/leads.ts';
import { contactDetails, type LeadCall } from '../_forms/payload.ts';
import { textOf } from '../_forms/rules.ts';

export interface ServiceBookingArgs extends LeadCall {
  centres: Location[];
}

export function sendServiceBooking(
  site: Pick<ResolvedSite, 'api' | 'slug' | 'dealerships'>,
  { values, submissionId, centres, consents }: ServiceBookingArgs,
): Promise<LeadResult> {
  const text = (k: string) => textOf(values, k);
  const centre = findLocationById(centres, values.location_id);
  return sendFinalLead(site, submissionId, {
    ...contactDetails(values, consents),
    category: SERVICE_BOOKING_CATEGORY,
    location_id: centre?.id,
    dealership_slug:
      centre && site.dealerships.some((d) => d.slug === centre.dealership_slug)
        ? centre.dealership_slug
        : undefined,
    service_type: text('service_type'),
    booking_date: text('booking_date'),
    booking_time: text('booking_time'),
    Rego: text('Rego')?.toUpperCase(),
    'Vehicle Make': text('Vehicle Make'),
    'Vehicle Model': text('Vehicle Model'),
  });
}
