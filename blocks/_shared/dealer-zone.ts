/**
 * The dealer's time zone (docs/content-blocks.md, "The dealer's time zone"): the primary (or first)
 * location's that names one, else the region's. A module of its own, without the opening-hours
 * rules, because every page's footer and card grid need it.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';

const REGION_TIME_ZONES: Record<ResolvedSite['region'], string> = {
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  US: 'America/Chicago',
};

export function dealerTimeZone(site: Pick<ResolvedSite, 'locations' | 'region'>): string {
  const located =
    site.locations.find((l) => l.primary && l.time_zone) ?? site.locations.find((l) => l.time_zone);
  return located?.time_zone ?? REGION_TIME_ZONES[site.region] ?? 'UTC';
}
