/**
 * The enquiry form's one call (docs/forms.md, "The lead payload"): POST {api}/leads with the
 * category (General Enquiry, the car's enquiry, Test Drive or Request Photos), the answers
 * the layout asked for and the analytics event id. It answers the lead's outcome (never
 * throws); the hook turns it into the machine's event.
 */
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type { EventId } from '../../../schemas/types.gen.ts';
import type { LeadResult } from '../api.ts';
import type { CarSummary } from '../car.ts';
import { carEnquiryCategory, sendFinalLead } from '../leads.ts';
import { contactDetails, type LeadCall, type LeadDetails } from '../payload.ts';
import { GENERAL_ENQUIRY, textOf } from '../rules.ts';
import type { EnquiryContext, EnquiryMode } from './machine.ts';

/** The lead's category: the form's, or the car's enquiry ("Used Car Enquiry", …). */
export function enquiryCategory(
  mode: EnquiryMode,
  car: CarSummary | undefined,
  category: string = GENERAL_ENQUIRY,
) {
  if (mode === 'test-drive') return 'Test Drive';
  if (mode === 'photos') return 'Request Photos';
  return car ? carEnquiryCategory(car) : category;
}

export interface EnquiryArgs extends LeadCall {
  car?: CarSummary;
  category: string;
  /** What the form asked (machine.ts): the same switches say what is sent. */
  asked: Pick<EnquiryContext, 'layout' | 'testDrive' | 'showRego'>;
  /** Sent with the lead too, so staff see what the dataLayer saw (docs/forms.md, "Analytics"). */
  eventId?: EventId;
}

export function sendEnquiry(
  site: Pick<ResolvedSite, 'api' | 'slug'>,
  { values, submissionId, car, category, asked, eventId, consents }: EnquiryArgs,
): Promise<LeadResult> {
  const text = (k: string) => textOf(values, k);
  const { layout } = asked;
  const details: LeadDetails = { ...contactDetails(values, consents), category };
  if (layout.categorySelect) details['category select'] = text('category select');
  if (layout.location && text('location')) details.location = Number(text('location'));
  if (layout.dealership) details.dealership_slug = text('dealership_slug');
  else if (car?.dealership_slug) details.dealership_slug = car.dealership_slug;
  if (asked.showRego) details.Rego = text('Rego');
  if (asked.testDrive) details.booking_datetime = text('booking_datetime');
  details.event_id = eventId;
  return sendFinalLead(site, submissionId, details, car);
}
