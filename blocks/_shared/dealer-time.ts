/**
 * The dealer's clock: its time zone and today's date there (docs/content-blocks.md, "Offers"
 * and "Opening hours"). A module of its own so the opening hours on every contact page
 * do not carry the offer rules with them (docs/cars.md, "Page weight").
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { zonedTime } from './opening-hours.ts';
import { dealerTimeZone } from './dealer-zone.ts';

export { dealerTimeZone };

/** Today's date (YYYY-MM-DD) where the dealer is. */
export function dealerToday(site: Pick<ResolvedSite, 'locations' | 'region'>, at = new Date()): string {
  return zonedTime(at, dealerTimeZone(site)).date;
}
