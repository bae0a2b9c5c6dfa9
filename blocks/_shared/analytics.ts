/**
 * The analytics layer: events are pushed onto window.dataLayer (the queue Google Tag
 * Manager and most tag managers read), each as { event, event_id, ... }. Nothing is sent
 * anywhere by the platform itself; a dealer's tag manager picks the events up.
 *
 * Event ids (docs/forms.md, "Analytics"): 14 new-car enquiry, 15 used-car enquiry, 17 test drive on a new car
 * or a car tagged Test Drive Only, 48 test drive on a used car, 22 General Enquiry,
 * 18 trade-in offer accepted, 39 favourite added.
 */
export const EVENT_IDS = {
  newEnquiry: 14,
  usedEnquiry: 15,
  testDriveNew: 17,
  testDriveUsed: 48,
  generalEnquiry: 22,
  offerAccepted: 18,
  favouriteAdded: 39,
} as const;

export type EventId = (typeof EVENT_IDS)[keyof typeof EVENT_IDS];

export interface AnalyticsEvent {
  event: string;
  event_id?: number;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes one event; never throws (analytics must not break a form). */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  try {
    (window.dataLayer ??= []).push(event);
  } catch {
    /* a broken tag manager must not stop the visitor */
  }
}

/** What a car needs to say which event an enquiry on it is. */
export interface EventCar {
  car_type?: string | null;
  tag?: string | null;
}

export const TEST_DRIVE_ONLY = 'test drive only';

/** True for cars tagged "Test Drive Only" (any case, surrounding spaces ignored). */
export function isTestDriveOnly(car: EventCar | undefined): boolean {
  return (car?.tag ?? '').trim().toLowerCase() === TEST_DRIVE_ONLY;
}

/**
 * The event id of a lead: general enquiries 22; enquiries on a car 14 (new and demo) or
 * 15 (used); test drives 17 (new, demo, or tagged Test Drive Only) or 48 (used).
 */
export function leadEventId(kind: 'enquiry' | 'test-drive' | 'general', car?: EventCar): EventId {
  if (kind === 'general' || (kind === 'enquiry' && !car)) return EVENT_IDS.generalEnquiry;
  const used = car?.car_type === 'used';
  if (kind === 'test-drive')
    return used && !isTestDriveOnly(car) ? EVENT_IDS.testDriveUsed : EVENT_IDS.testDriveNew;
  return used ? EVENT_IDS.usedEnquiry : EVENT_IDS.newEnquiry;
}

/** The lead event after a successful submit. */
export function trackLead(
  eventId: EventId | undefined,
  data: { category?: string; lead_id?: number; car_id?: string | number; form?: string },
) {
  track({ event: 'lead_submitted', ...(eventId ? { event_id: eventId } : {}), ...data });
}

export function trackOfferAccepted(data: { lead_id: number; offer_price?: number | null }) {
  track({ event: 'trade_in_offer_accepted', event_id: EVENT_IDS.offerAccepted, ...data });
}

export function trackFavouriteAdded(data: { car_id: string | number }) {
  track({ event: 'favourite_added', event_id: EVENT_IDS.favouriteAdded, ...data });
}
