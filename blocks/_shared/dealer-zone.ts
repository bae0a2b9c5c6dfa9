/**
 * The dealer's time zone (docs/content-blocks.md, "The dealer's time zone"): the primary (or first)
 * location's that names one, else the region's. A module of its own, without the opening-hours
 * rules, because every page's footer and card grid need it.
 */
import { regionSettings } from '../../engine/region.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';

export function dealerTimeZone(site: Pick<ResolvedSite, 'locations' | 'region'>): string {
  const located =
    site.locations.find((l) => l.primary && l.time_zone) ?? site.locations.find((l) => l.time_zone);
  return located?.time_zone ?? regionSettings(site.region).timeZone;
}
