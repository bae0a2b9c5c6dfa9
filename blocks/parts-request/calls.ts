/**
 * The parts request's one call (docs/forms.md, "Parts request"): POST {api}/leads, category
 * Parts Enquiry, with the vehicle, the part, how many and the chosen counter. It answers the
 * lead's outcome (never throws); the hook turns it into the machine's event.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { findLocationById, PARTS_ENQUIRY_CATEGORY } from '../../engine/api/service-booking.ts';
import type { Location } from '../../engine/site/types.ts';
import type { LeadResult } from '../_forms/api.ts';
import { sendFinalLead } from '../_forms/leads.ts';
import { contactDetails, type LeadCall } from '../_forms/payload.ts';
import { textOf } from '../_forms/rules.ts';

export interface PartsRequestArgs extends LeadCall {
  counters: Location[];
}

export function sendPartsRequest(
  site: Pick<ResolvedSite, 'api' | 'slug' | 'dealerships'>,
  { values, submissionId, counters, consents }: PartsRequestArgs,
): Promise<LeadResult> {
  const text = (k: string) => textOf(values, k);
  const counter = findLocationById(counters, values.location_id);
  const year = text('Vehicle Year');
  return sendFinalLead(site, submissionId, {
    ...contactDetails(values, consents),
    category: PARTS_ENQUIRY_CATEGORY,
    'Vehicle Make': text('Vehicle Make'),
    'Vehicle Model': text('Vehicle Model'),
    'Vehicle Year': year ? Number(year) : undefined,
    vin: text('vin')?.replace(/\s+/g, '').toUpperCase(),
    part: text('part'),
    quantity: Number(text('quantity') ?? '1'),
    location_id: counter?.id,
    dealership_slug:
      counter && site.dealerships.some((d) => d.slug === counter.dealership_slug)
        ? counter.dealership_slug
        : undefined,
  });
}
