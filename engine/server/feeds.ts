/**
 * Vehicle listings feed per site (SEO; docs/cars.md, "Vehicle listings feed"): the site's stock as tab-separated values
 * for ad and marketplace platforms (vehicle listing ads), one car per line:
 *
 *   id vin store_code dealership_name dealership_address price condition make model trim
 *   year mileage image_link additional_image_link link date_in_stock certified_pre_owned
 *
 * Cars: the ones the site's base filter shows (engine/search/site-filter.ts, evaluated here
 * on the inventory) that are not sold — a sold car cannot be advertised. Values never
 * contain a tab or a line break (replaced by spaces), and a value that a spreadsheet would
 * read as a formula (`=`, `+`, `-`, `@`) starts with `'` (engine/sanitize/spreadsheet-cell.ts). Prices are "41990.00 AUD", mileage
 * "55270 km" (or mi), dates YYYY-MM-DD, links absolute.
 *
 * Routes (mount the router at the root of the app, before the site pages):
 *   GET /sites/:slug/feeds/vehicles.tsv   every site side by side (development, demos)
 *   GET /feeds/vehicles.tsv               the site whose hostnames include the request's host
 */
import { Router, type Request, type Response } from 'express';
import type { Car } from '../../schemas/types.gen.ts';
import { parseFilters } from '../search/filter-parser.ts';
import type { FilterNode } from '../search/filter-ast.ts';
import { buildSiteFilter } from '../search/site-filter.ts';
import type { ResolvedSite } from '../site/types.ts';
import type { SiteEntry } from './sites.ts';
import { pageOrigin } from './request-guard.ts';
import { tsvCell } from '../sanitize/spreadsheet-cell.ts';

export const FEED_COLUMNS = [
  'id',
  'vin',
  'store_code',
  'dealership_name',
  'dealership_address',
  'price',
  'condition',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'image_link',
  'additional_image_link',
  'link',
  'date_in_stock',
  'certified_pre_owned',
] as const;

export interface FeedSites {
  get(slug: string): SiteEntry | undefined;
  byHostname(host: string): SiteEntry | undefined;
}

/** A TSV cell: no tabs or line breaks, and no formula (engine/sanitize/spreadsheet-cell.ts). */
export { tsvCell };

function fieldValues(record: Record<string, unknown>, attribute: string): unknown[] {
  const v = record[attribute];
  return Array.isArray(v) ? v : [v];
}

/** Whether a car passes a parsed filter (the search engine's semantics: facets compare case-insensitively, arrays match any element). */
// eslint-disable-next-line forecourt/one-block-tree -- a search filter's tree (and/or/not), not a block tree
export function matchesFilter(
  node: FilterNode | undefined,
  record: Record<string, unknown>,
): boolean {
  if (!node) return true;
  switch (node.kind) {
    case 'and':
      return node.children.every((c) => matchesFilter(c, record));
    case 'or':
      return node.children.some((c) => matchesFilter(c, record));
    case 'not':
      return !matchesFilter(node.child, record);
    case 'facet': {
      const want = node.value.toLowerCase();
      return fieldValues(record, node.attribute).some(
        (v) => v !== null && v !== undefined && String(v).toLowerCase() === want,
      );
    }
    case 'numeric':
      return fieldValues(record, node.attribute).some((v) => {
        if (typeof v !== 'number' && typeof v !== 'boolean') return false;
        const n = Number(v);
        switch (node.op) {
          case '<':
            return n < node.value;
          case '<=':
            return n <= node.value;
          case '=':
            return n === node.value;
          case '!=':
            return n !== node.value;
          case '>=':
            return n >= node.value;
          case '>':
            return n > node.value;
        }
        return false;
      });
    case 'range':
      return fieldValues(record, node.attribute).some(
        (v) => typeof v === 'number' && v >= node.lo && v <= node.hi,
      );
  }
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function addressOf(car: Car, site: ResolvedSite): string {
  const loc =
    site.locations.find((l) => l.id === car.location_id) ??
    site.locations.find((l) => l.slug === car.location?.slug);
  const a = loc?.address;
  if (a)
    return [a.street, a.city, [a.state, a.postcode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
  return [car.city, car.state].filter(Boolean).join(', ');
}

/** One feed line. `siteBase` is the absolute address of the site's root (origin plus base path). */
export function feedRow(car: Car, site: ResolvedSite, origin: string, siteBase: string): string[] {
  const photos = (car.images ?? []).map((i) => absolute(i.url, origin));
  const values: Record<(typeof FEED_COLUMNS)[number], unknown> = {
    id: car.id,
    vin: car.vin,
    store_code: car.location?.slug ?? car.dealership_slug,
    dealership_name: car.dealership_name,
    dealership_address: addressOf(car, site),
    price: car.price > 10 ? `${car.price.toFixed(2)} ${car.currency}` : '',
    condition: car.car_type === 'new' ? 'new' : 'used',
    make: car.make,
    model: car.model,
    trim: car.badge,
    year: car.year,
    mileage: `${car.km} ${car.odometer_unit === 'mi' ? 'mi' : 'km'}`,
    image_link: photos[0] ?? '',
    additional_image_link: photos.slice(1, 11).join(','),
    link: `${siteBase}/cars/${car.slug}`,
    date_in_stock: car.created_at.slice(0, 10),
    certified_pre_owned: car.certified && car.car_type !== 'new' ? 'true' : 'false',
  };
  return FEED_COLUMNS.map((c) => tsvCell(values[c]));
}

/** The cars of a site's feed: shown by its base filter, not sold. */
export function feedCars(site: ResolvedSite, cars: readonly Car[], now = Date.now()): Car[] {
  const filter = parseFilters(buildSiteFilter(site, { now }));
  return cars.filter(
    (c) =>
      c.status !== 'sold' &&
      !c.sold &&
      matchesFilter(filter, c as unknown as Record<string, unknown>),
  );
}

export function vehicleFeed(
  site: ResolvedSite,
  cars: readonly Car[],
  origin: string,
  siteBase: string,
  now = Date.now(),
): string {
  const lines = [FEED_COLUMNS.join('\t')];
  for (const car of feedCars(site, cars, now))
    lines.push(feedRow(car, site, origin, siteBase).join('\t'));
  return `${lines.join('\n')}\n`;
}

/** `cars`: every car served, asked for when a feed is made (the server makes its stock as sites are asked for). */
export function createFeedsRouter({
  sites,
  cars,
}: {
  sites: FeedSites;
  cars: () => readonly Car[];
}) {
  const router = Router();
  const cache = new Map<string, { hour: number; body: string }>();
  const send = (
    req: Request,
    res: Response,
    entry: SiteEntry | undefined,
    basePath: string,
    byHost = false,
  ) => {
    if (!entry) return res.status(404).type('text/plain').send('No site is configured here.');
    if (!entry.ok)
      return res
        .status(503)
        .type('text/plain')
        .send('This site is being updated. Please try again shortly.');
    // The site's own host name (or the configured public origin), never the Host header as sent.
    const siteHost = byHost
      ? entry.site.hostnames?.find((h) => h.toLowerCase() === req.hostname.toLowerCase())
      : undefined;
    const origin = pageOrigin(req, siteHost);
    const hour = Math.floor(Date.now() / 3_600_000);
    const key = `${entry.slug}|${origin}|${basePath}`;
    let hit = cache.get(key);
    if (!hit || hit.hour !== hour) {
      hit = { hour, body: vehicleFeed(entry.site, cars(), origin, origin + basePath) };
      cache.set(key, hit);
      if (cache.size > 50) cache.delete(cache.keys().next().value!);
    }
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/tab-separated-values; charset=utf-8').send(hit.body);
  };
  router.get('/sites/:slug/feeds/vehicles.tsv', (req, res) => {
    const slug = String(req.params.slug);
    send(req, res, sites.get(slug), `/sites/${slug}`);
  });
  router.get('/feeds/vehicles.tsv', (req, res) =>
    send(req, res, sites.byHostname(req.hostname), '', true),
  );
  return router;
}
