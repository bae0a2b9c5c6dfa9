/**
 * The dealer's clock: its time zone and today's date there (docs/content-blocks.md, "Offers"
 * and "Opening hours"). A module of its own so the opening hours on every contact page
 * do not carry the offer rules with them (docs/cars.md, "Page weight").
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { zonedTime } from './opening-hours.ts';

const REGION_TIME_ZONES: Record<string, string> = {
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  US: 'America/Chicago',
};

/** The dealer's time zone: the primary (or first) location's, else the region's. */
export function dealerTimeZone(site: Pick<ResolvedSite, 'locations' | 'region'>): string {
  const located = site.locations.find((l) => l.primary && l.time_zone) ?? site.locations.find((l) => l.time_zone);
  return located?.time_zone ?? REGION_TIME_ZONES[site.region] ?? 'UTC';
}

/** Today's date (YYYY-MM-DD) where the dealer is. */
export function dealerToday(site: Pick<ResolvedSite, 'locations' | 'region'>, at = new Date()): string {
  return zonedTime(at, dealerTimeZone(site)).date;
}
