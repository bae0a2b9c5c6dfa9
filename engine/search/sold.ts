/**
 * How long a sold car stays (docs/cars.md, "Card rules" and "Stock import"): a sold car is
 * shown, as JUST SOLD, while it sold within the site's `soldCutoffDays` (default 3), which
 * is exactly while the search's stock filter still selects it (listed_until > the cutoff,
 * engine/search/site-filter.ts). Imported stock drops it after that.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { DEFAULT_SOLD_CUTOFF_DAYS, soldCutoff } from './site-filter.ts';

interface SoldSite {
  dealerships: { slug: string }[];
  features?: { soldCutoffDays?: number };
}

/** The longest sold window of the sites showing this dealership (so no site loses a car it still shows). */
export function soldWindowDays(sites: readonly SoldSite[], dealershipSlug: string): number {
  const days = sites
    .filter((s) => s.dealerships.some((d) => d.slug === dealershipSlug))
    .map((s) => s.features?.soldCutoffDays ?? DEFAULT_SOLD_CUTOFF_DAYS);
  return days.length ? Math.max(...days) : DEFAULT_SOLD_CUTOFF_DAYS;
}

/** Whether a sold car has left every site's stock filter and can go. */
export function soldAndExpired(
  car: Pick<Car, 'status' | 'sold_date_timestamp'>,
  nowMs: number,
  windowDays: number,
): boolean {
  if (car.status !== 'sold') return false;
  return (car.sold_date_timestamp ?? 0) <= soldCutoff(nowMs, windowDays);
}
