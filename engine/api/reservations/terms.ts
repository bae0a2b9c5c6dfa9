/**
 * What a reservation is (docs/api.md, "Reservations"), shared by the API and the Reserve
 * Online block (browser-safe: no imports): its lead category, how long the car is held,
 * the default deposit and the words a buyer reads when the car is taken.
 */

/** A reservation is a lead of its own category, never a plain car enquiry. */
export const RESERVATION_CATEGORY = 'Reservation';
/** The car is held this long from the reservation (the site's Reserve Online promise). */
export const RESERVATION_HOLD_HOURS = 48;
export const RESERVATION_HOLD_MS = RESERVATION_HOLD_HOURS * 3_600_000;
/** The refundable deposit when the site sets none (features.reserveDeposit). */
export const DEFAULT_RESERVATION_DEPOSIT = 200;
/** How often the release job looks for holds whose time is up. */
export const HOLD_CHECK_INTERVAL_MS = 60_000;

/** 409: another buyer (or the dealer) holds the car. */
export const ALREADY_RESERVED =
  'This car is already reserved. Please choose another car, or contact us to hear if it becomes available again.';
/** 409: sold, not in stock, or not offered for online reservation. */
export const NOT_RESERVABLE = 'This car cannot be reserved online. Please contact us about it.';
/** 502: the payment provider could not set the deposit up; nothing was kept. */
export const DEPOSIT_FAILED =
  'The deposit could not be set up, so the car has not been reserved. Please try again.';

/** The online purchase journey (/checkout-journey) sells used cars only (docs/cars.md, "Reserve online"). */
export const PURCHASE_CAR_TYPES: readonly string[] = ['used'];
/** The lead's subcategory, so staff tell a purchase from a reservation. */
export const PURCHASE_SUBCATEGORY = 'Online Purchase';
/** 409: the purchase journey was asked for a new or demo car. */
export const NOT_FOR_PURCHASE =
  'Only used cars can be bought online. Please enquire about this car and we will help you buy it.';

export function purchasable(car: { car_type?: string | null }): boolean {
  return PURCHASE_CAR_TYPES.includes(car.car_type ?? '');
}
