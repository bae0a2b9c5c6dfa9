/**
 * The Reserve Online form's one call (docs/api.md, "Reservations"; docs/forms.md, "Reserve
 * online"): POST {api}/reservations with the buyer's details, the car's id, the page's visit
 * trail and the analytics event id; the deposit, the currency and the 48-hour hold are the
 * server's. Retried on a network failure with the same submission id. It answers the
 * outcome (never throws); the hook turns it into the machine's event.
 */
import { linkedQueryParams, visitedPages } from '../../engine/render/visitor.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type {
  CaptchaSolution,
  EventId,
  Reservation,
  ReservationRequest,
  ReservationResponse,
} from '../../schemas/types.gen.ts';
import { apiPost, leadResult, type LeadResult } from '../_forms/api.ts';
import { compact, contactDetails, pageUrl, type LeadCall } from '../_forms/payload.ts';
import { textOf } from '../_forms/rules.ts';

export interface ReservationDetails {
  name: string;
  last_name?: string;
  email: string;
  phone: string;
  message?: string;
  opt_in?: boolean;
  terms_conditions?: boolean;
  captcha?: CaptchaSolution;
}

export function reservationPayload(args: {
  siteSlug: string;
  submissionId: string;
  carId: number | string;
  eventId?: EventId;
  journey?: ReservationRequest['journey'];
  details: ReservationDetails;
}): ReservationRequest {
  const { siteSlug, submissionId, carId, eventId, journey, details } = args;
  const pages = visitedPages(siteSlug);
  const params = linkedQueryParams(siteSlug);
  const attributes: ReservationRequest['lead_attributes'] = {};
  if (pages.length) attributes.visited_pages = pages;
  if (Object.keys(params).length) attributes.linked_query_params = params;
  return compact({
    site: siteSlug,
    submission_id: submissionId,
    car_id: carId,
    url: pageUrl(),
    source: 'Website' as const,
    user_agent: typeof navigator === 'undefined' ? undefined : navigator.userAgent.slice(0, 500),
    event_id: eventId,
    journey,
    ...compact(details as unknown as Record<string, unknown>),
    lead_attributes: attributes,
  }) as unknown as ReservationRequest;
}

export interface ReservationResult extends LeadResult {
  reservation?: Reservation;
}

/** POST {api}/reservations; a 409 (the car is already reserved) comes back as the form's error. */
export async function sendReservation(
  site: Pick<ResolvedSite, 'api'>,
  payload: ReservationRequest,
  fetchImpl?: typeof fetch,
): Promise<ReservationResult> {
  const outcome = await apiPost<ReservationResponse & { error?: string }>(
    site,
    '/reservations',
    payload,
    { retries: 2, fetch: fetchImpl },
  );
  const result: ReservationResult = leadResult(outcome);
  if (outcome.ok && result.leadId && outcome.data.reservation)
    result.reservation = outcome.data.reservation;
  return result;
}

export interface ReserveArgs extends LeadCall {
  carId: number | string;
  eventId?: EventId;
  /** The online purchase journey: the server takes used cars only. */
  journey?: ReservationRequest['journey'];
}

/** The reservation of the form's values. */
export function reserve(
  site: Pick<ResolvedSite, 'api' | 'slug'>,
  { values, submissionId, carId, eventId, journey, consents }: ReserveArgs,
): Promise<ReservationResult> {
  const details: ReservationDetails = {
    ...contactDetails(values, consents),
    email: textOf(values, 'email') ?? '',
    phone: textOf(values, 'phone') ?? '',
  };
  return sendReservation(
    site,
    reservationPayload({ siteSlug: site.slug, submissionId, carId, eventId, journey, details }),
  );
}
