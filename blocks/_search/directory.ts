/**
 * The directory searches (docs/search-ui.md, "Directories"): the model directory (manufacturer.name,
 * model.name, model.body, query, offset) and the dealer directory (categories, price, query,
 * offset), 21 to a page, on the engine's Model_production and Dealer_production indexes
 * (engine/search/directory-indexes.ts). Offset = page × 21.
 */
import { quote } from '../../engine/search/site-filter.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import { bodyTypeLabel, recogniseBodyType } from './budget.ts';

export const DIRECTORY_PAGE_SIZE = 21;
export const MODEL_INDEX = 'Model_production';
export const DEALER_INDEX = 'Dealer_production';

/** "suv" → "SUV", "cabChassis" → "Cab Chassis"; other words as they are. */
export function modelBodyLabel(key: string): string {
  const known = recogniseBodyType(key);
  return known ? bodyTypeLabel(known) : key;
}

/** The models a site's directory covers: the makes its dealerships sell new (all when none). */
export function modelScopeFilter(
  site: Pick<ResolvedSite, 'dealerships'>,
  scope: 'site' | 'all' = 'site',
): string | undefined {
  if (scope === 'all') return undefined;
  const makes = [...new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []))].sort();
  return makes.length ? makes.map((m) => `manufacturer.name:${quote(m)}`).join(' OR ') : undefined;
}

/** The dealerships a site's directory covers: its own, or every dealership on the platform. */
export function dealerScopeFilter(
  site: Pick<ResolvedSite, 'slug'>,
  scope: 'site' | 'all' = 'site',
): string | undefined {
  return scope === 'all' ? undefined : `site:${quote(site.slug)}`;
}
