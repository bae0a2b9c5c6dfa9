/**
 * Today's date where the dealer is (docs/content-blocks.md, "Offers" and "Opening hours"; the
 * zone is dealer-zone.ts's). A module of its own so the opening hours on every contact page
 * do not carry the offer rules with them (docs/cars.md, "Page weight").
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { zonedTime } from './opening-hours.ts';
import { dealerTimeZone } from './dealer-zone.ts';

/** Today's date (YYYY-MM-DD) where the dealer is. */
export function dealerToday(
  site: Pick<ResolvedSite, 'locations' | 'region'>,
  at = new Date(),
): string {
  return zonedTime(at, dealerTimeZone(site)).date;
}
