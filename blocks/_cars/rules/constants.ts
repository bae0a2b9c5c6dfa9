/** The numbers and words the car rules use (docs/cars.md). */

export const DAY_MS = 86_400_000;
/** The 'new arrival' tag lasts this long (docs/cars.md, "Card rules"). */
export const NEW_ARRIVAL_DAYS = 8;
/** A price shows as a number only above this (docs/cars.md, "Card rules"). */
export const PRICE_DISPLAY_THRESHOLD = 10;
/** Finance needs a price over this (docs/cars.md, "Card rules"). */
export const FINANCE_MIN_PRICE = 500;
/** Finance (Taurus): cars newer than this many years (docs/cars.md, "Card rules"). */
export const FINANCE_AGE_LIMIT_YEARS = 12;
/** Below-market badge: at least this much under the market (threshold 499, so ≥ 500). */
export const BELOW_MARKET_THRESHOLD = 499;
/** The make the certified-used image and badge belong to. */
export const CERTIFIED_MAKE = 'Toyota';
/** No finance indication on this make. */
export const FINANCE_EXCLUDED_MAKE = 'Suzuki';
// Reserve Online's deposit and hold are the API's (docs/api.md, "Reservations").
export {
  DEFAULT_RESERVATION_DEPOSIT as DEFAULT_RESERVE_DEPOSIT,
  RESERVATION_HOLD_HOURS as RESERVE_HOLD_HOURS,
} from '../../../engine/api/reservations/terms.ts';
/** Descriptions are cut here with show more / show less (docs/cars.md, "Car page"). */
export const DESCRIPTION_LIMIT = 400;
/** Spec and feature lists show this many before the toggle; the detail list limit (docs/cars.md, "Car page"). */
export const LIST_PREVIEW = 4;
export const DETAIL_LIST_LIMIT = 8;
export const FEET_TO_METRES = 0.3048;
/** Phone reveal: this many characters stay visible (docs/cars.md, "Visitor actions"). */
export const PHONE_VISIBLE_CHARS = 5;
export const EMPTY_COMMENTS_TEXT = 'Dealer comments are pending. Please check back here later.';
export const SIMILAR_HEADING = 'Like this and want something similar?';
export const TEST_DRIVE_ONLY_TAG = 'test drive only';
