/**
 * A site's base filter, built from its document, in Algolia's own filter syntax so it runs
 * unchanged on the embedded engine and on a hosted Algolia index.
 *
 * Presets (site.search.preset, default 3):
 *   1  everything shown on the website        show_on_dealer_website:true
 *   2  available only (in stock, coming soon) listing_state:available AND show_on_dealer_website:true
 *   3  available plus recently sold           listed_until > {cutoff} AND show_on_dealer_website:true
 *   4  in stock only                          status:in_stock AND show_on_dealer_website:true
 *
 * Preset 3 is the plain stock filter (engine/search/README.md, "Site base filters"),
 * (status=in_stock OR status=coming_soon OR sold_date_timestamp>{cutoff}) AND
 * show_on_dealer_website=true, which Algolia refuses (an OR
 * of facet and numeric filters); the indexer's listed_until (far future for available cars,
 * the sold date for sold ones) makes it one numeric filter. The cutoff is soldCutoffDays
 * (default 3) before now, rounded down to the hour so the filter, and so caches, stay the
 * same for an hour.
 *
 * Then, as the document says: usedOnly adds car_type:used; inStockOnly adds status:in_stock;
 * each excluded make adds NOT make:"…"; the site's own dealerships are ORed; sorting by
 * lowest price on a site with priceAscendingExcludesZero adds price > 0.
 */
import type { Dealership } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';

export const DEFAULT_SOLD_CUTOFF_DAYS = 3;
export const DEFAULT_PRESET = 3;

export interface SiteFilterSource {
  search: Partial<
    Pick<ResolvedSite['search'], 'preset' | 'usedOnly' | 'inStockOnly' | 'excludedMakes'>
  >;
  features?: Partial<
    Pick<ResolvedSite['features'], 'soldCutoffDays' | 'priceAscendingExcludesZero'>
  >;
  dealerships?: Pick<Dealership, 'slug'>[];
}

export interface SiteFilterOptions {
  /** Now, in ms (default Date.now()). */
  now?: number;
  /** The index or replica being searched; a *_price_asc replica may exclude price 0. */
  indexName?: string;
  /** Limit to one dealership (a dealer link), on top of the site's own. */
  dealershipSlug?: string;
  /** Leave out the site's dealership list (a directory or group search across sites). */
  allDealerships?: boolean;
}

/** A filter value in double quotes, with quotes and backslashes escaped. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The sold cutoff in Unix seconds: now minus the days, rounded down to the hour. */
export function soldCutoff(nowMs: number, days: number = DEFAULT_SOLD_CUTOFF_DAYS): number {
  const seconds = Math.floor(nowMs / 1000) - days * 86400;
  return seconds - (seconds % 3600);
}

export function presetFilter(preset: number, cutoff: number): string {
  switch (preset) {
    case 1:
      return 'show_on_dealer_website:true';
    case 2:
      return 'listing_state:available AND show_on_dealer_website:true';
    case 4:
      return 'status:in_stock AND show_on_dealer_website:true';
    case 3:
    default:
      return `listed_until > ${cutoff} AND show_on_dealer_website:true`;
  }
}

/** Preset 3 as the plain stock filter, word for word (the embedded engine runs it; Algolia would refuse it). */
export function plainStockFilter(cutoff: number): string {
  return `(status=in_stock OR status=coming_soon OR sold_date_timestamp>${cutoff}) AND show_on_dealer_website=true`;
}

/**
 * Everything the site shows anywhere on its website, whatever its sold cutoff: preset 1 with
 * the site's own limits (car types, makes, dealerships). The widest filter the site's pages
 * search with (a car page of a long-sold car included), so the search service can hold the
 * site's public requests to it (public-access.ts).
 */
export function siteShownFilter(site: SiteFilterSource): string {
  return buildSiteFilter({ ...site, search: { ...site.search, preset: 1, inStockOnly: false } });
}

export function dealerFilter(slug: string): string {
  return `dealership_slug:${quote(slug)}`;
}

export function buildSiteFilter(site: SiteFilterSource, options: SiteFilterOptions = {}): string {
  const search = site.search ?? {};
  const features = site.features ?? {};
  const cutoff = soldCutoff(
    options.now ?? Date.now(),
    features.soldCutoffDays ?? DEFAULT_SOLD_CUTOFF_DAYS,
  );
  const parts = [presetFilter(search.preset ?? DEFAULT_PRESET, cutoff)];
  if (search.inStockOnly && search.preset !== 4) parts.push('status:in_stock');
  if (search.usedOnly) parts.push('car_type:used');
  for (const make of search.excludedMakes ?? []) parts.push(`NOT make:${quote(make)}`);
  const slugs = options.allDealerships ? [] : (site.dealerships ?? []).map((d) => d.slug);
  if (slugs.length === 1) parts.push(dealerFilter(slugs[0]));
  else if (slugs.length > 1) parts.push(`(${slugs.map(dealerFilter).join(' OR ')})`);
  if (options.dealershipSlug) parts.push(dealerFilter(options.dealershipSlug));
  if (features.priceAscendingExcludesZero && options.indexName?.endsWith('_price_asc'))
    parts.push('price > 0');
  return parts.join(' AND ');
}
