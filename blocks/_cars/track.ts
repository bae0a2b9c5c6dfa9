/**
 * Analytics pushes of the car blocks, onto the same window.dataLayer as
 * ../_shared/analytics.ts (which the forms use). Kept here as a few lines rather than
 * imported, so pages with forms and pages with car cards do not split that module into a
 * chunk of its own (the page JavaScript budget is tight). The event id of a favourite is
 * 39 (docs/forms.md, "Analytics"; EVENT_IDS.favouriteAdded, a test keeps them equal).
 */
export const FAVOURITE_ADDED_EVENT_ID = 39;

export function pushEvent(event: {
  event: string;
  event_id?: number;
  [key: string]: unknown;
}): void {
  if (typeof window === 'undefined') return;
  try {
    ((window as { dataLayer?: unknown[] }).dataLayer ??= []).push(event);
  } catch {
    /* a broken tag manager must not stop the visitor */
  }
}

export function trackFavourite(carId: string | number) {
  pushEvent({ event: 'favourite_added', event_id: FAVOURITE_ADDED_EVENT_ID, car_id: carId });
}
