/**
 * Budget finder rules (docs/search-ui.md, "Budget finder"), as pure functions.
 */

/** Weeks of repayments counted in a budget (5 years). */
export const BUDGET_WEEKS = 260;
export const DEFAULT_WEEKLY = 200;
export const DEFAULT_DEPOSIT = 2000;
/** The budget search's maximum when no price range is known. */
export const FALLBACK_MAX_PRICE = 100000;
/** Cars at or below this price (placeholders, no price) are left out of the budget search. */
export const BUDGET_MIN_LISTED_PRICE = 1000;

/** Weekly repayment × 260 + deposit, rounded. Defaults: 200 × 260 + 2000 = 54,000. */
export function budgetFrom(weekly: number, deposit: number): number {
  const w = Number.isFinite(weekly) && weekly > 0 ? weekly : 0;
  const d = Number.isFinite(deposit) && deposit > 0 ? deposit : 0;
  return Math.round(w * BUDGET_WEEKS + d);
}

/** Text typed into an amount field → a number: "$1,250.50" → 1250.5; nothing usable → 0. */
export function parseAmount(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? text : 0;
  if (!text) return 0;
  const cleaned = String(text).replace(/[^0-9.]/g, '');
  const first = cleaned.indexOf('.');
  const normal =
    first < 0 ? cleaned : cleaned.slice(0, first + 1) + cleaned.slice(first + 1).replace(/\./g, '');
  const n = parseFloat(normal);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The budget search's maximum: the price range's max when known (positive), else 100000. */
export function budgetSearchMax(priceStatsMax: number | null | undefined): number {
  return typeof priceStatsMax === 'number' && Number.isFinite(priceStatsMax) && priceStatsMax > 0
    ? priceStatsMax
    : FALLBACK_MAX_PRICE;
}

/** The budget finder's own search filter: price above 1000 plus the site's base filter. */
export function budgetFilter(baseFilter: string | undefined): string {
  const price = `price > ${BUDGET_MIN_LISTED_PRICE}`;
  return baseFilter ? `${price} AND (${baseFilter})` : price;
}

export interface BudgetButtonState {
  disabled: boolean;
  label: string;
  /** Shown below the button when nothing fits the budget. */
  message?: string;
}

/**
 * "View {carType}s In This Range"; when the budget is below the cheapest car of the
 * current results: disabled, "0 {carType}s Found" and "No {carType}s found for this budget".
 */
export function budgetButton(
  budget: number,
  minPrice: number | null | undefined,
  carType: string,
): BudgetButtonState {
  const tooLow = typeof minPrice === 'number' && Number.isFinite(minPrice) && budget < minPrice;
  if (tooLow)
    return {
      disabled: true,
      label: `0 ${carType}s Found`,
      message: `No ${carType}s found for this budget`,
    };
  return { disabled: false, label: `View ${carType}s In This Range` };
}

/** Body types the product recognises (the budget finder's picker and /search/{body}). */
export const BODY_TYPES = [
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

const BY_FOLDED = new Map<string, BodyType>(BODY_TYPES.map((b) => [b.toLowerCase(), b]));

/**
 * A body value from the index ("SUV", "cab chassis", "people-mover", "truck") → the
 * recognised body type, or null. 'truck' is a light truck, except for the dealer whose
 * budget finder says trucks are utes.
 */
export function recogniseBodyType(value: string, truckMeansUte = false): BodyType | null {
  const folded = value.toLowerCase().replace(/[\s_-]+/g, '');
  if (folded === 'truck' || folded === 'trucks') return truckMeansUte ? 'ute' : 'lightTruck';
  return BY_FOLDED.get(folded) ?? null;
}

const BODY_LABELS: Record<BodyType, string> = {
  '4x4': '4x4',
  bus: 'Bus',
  cabChassis: 'Cab Chassis',
  convertible: 'Convertible',
  coupe: 'Coupe',
  hardtop: 'Hardtop',
  hatch: 'Hatch',
  hatchback: 'Hatchback',
  motorhome: 'Motorhome',
  lightTruck: 'Light Truck',
  peopleMover: 'People Mover',
  sedan: 'Sedan',
  softtop: 'Softtop',
  suv: 'SUV',
  ute: 'Ute',
  van: 'Van',
  wagon: 'Wagon',
  stationWagon: 'Station Wagon',
};

export const bodyTypeLabel = (body: BodyType) => BODY_LABELS[body];

/** Path segment of a body type under /search: cabChassis → cab-chassis. */
export const bodyTypeSegment = (body: BodyType) =>
  body.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Facet values sorted by count, high first, then name descending (docs/search-ui.md, "Budget finder"). */
export function sortBodyFacet<T extends { count: number; value: string }>(
  values: readonly T[],
): T[] {
  return [...values].sort((a, b) => b.count - a.count || b.value.localeCompare(a.value));
}
