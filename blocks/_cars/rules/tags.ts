/** The one tag a card shows (docs/cars.md, "Card rules"). */
import type { CarLike, Features } from './car.ts';
import { CERTIFIED_MAKE, DAY_MS, NEW_ARRIVAL_DAYS } from './constants.ts';
import { isSellable } from './status.ts';

export type CarTag =
  | { kind: 'electric' | 'hybrid'; text: string }
  | { kind: 'reserved'; text: string }
  | { kind: 'certified'; text: string }
  | { kind: 'own'; text: string; colour: string }
  | { kind: 'coming-soon'; text: string }
  | { kind: 'new-arrival'; text: string }
  | { kind: 'sold' | 'just-sold'; text: string };

export const TAG_RED = '#c8102e';

function createdMs(car: CarLike): number | undefined {
  if (typeof car.created_at_timestamp === 'number' && car.created_at_timestamp > 0)
    return car.created_at_timestamp * 1000;
  const parsed = car.created_at ? Date.parse(car.created_at) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Sold within the site's cutoff (soldCutoffDays, default 3): JUST SOLD rather than SOLD. */
export function isJustSold(
  car: CarLike,
  features: Pick<Features, 'soldCutoffDays'>,
  now: number,
): boolean {
  if (isSellable(car)) return false;
  const soldAt = car.sold_date_timestamp;
  if (typeof soldAt !== 'number') return false;
  return now - soldAt * 1000 <= features.soldCutoffDays * DAY_MS;
}

/**
 * The one tag a card shows (docs/cars.md, "Card rules"), first match wins, for a sellable car:
 * 1 electric / hybrid label (site switch), 2 RESERVED (or Reserved), 3 certified-used image
 * (Toyota, switch), 4 the car's own tag in red (or the site's colour for it, e.g. green for
 * runout sale), 5 COMING SOON, 6 New Arrival under 8 days old, 7 none.
 * A sold car shows SOLD, or JUST SOLD within the sold cutoff.
 */
export function carTag(car: CarLike, features: Features, now: number): CarTag | null {
  if (!isSellable(car))
    return isJustSold(car, features, now)
      ? { kind: 'just-sold', text: 'JUST SOLD' }
      : { kind: 'sold', text: 'SOLD' };
  if (features.electricHybridLabel) {
    const fuel = (car.simple_fuel ?? '').toLowerCase();
    if (fuel === 'electric') return { kind: 'electric', text: 'Electric' };
    if (fuel.includes('hybrid'))
      return {
        kind: 'hybrid',
        text: car.simple_fuel === 'Plug-in Hybrid' ? 'Plug-in Hybrid' : 'Hybrid',
      };
  }
  if (car.reserved) return { kind: 'reserved', text: features.reservedWording || 'RESERVED' };
  if (features.certifiedUsedBadge && car.make === CERTIFIED_MAKE && car.certified) {
    return { kind: 'certified', text: `${CERTIFIED_MAKE} Certified Pre-Owned` };
  }
  const own = (car.tag ?? '').trim();
  if (own)
    return { kind: 'own', text: own, colour: features.tagColours?.[own.toLowerCase()] ?? TAG_RED };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: 'COMING SOON' };
  const created = createdMs(car);
  if (created !== undefined && now - created < NEW_ARRIVAL_DAYS * DAY_MS)
    return { kind: 'new-arrival', text: 'New Arrival' };
  return null;
}
