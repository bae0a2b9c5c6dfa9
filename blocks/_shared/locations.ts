/**
 * Rules of the locations blocks (docs/content-blocks.md, "Locations"): which locations
 * a block shows, which variant it uses, Get Directions links, and the schema.org
 * AutoDealer description of a location page. Pure functions, no React.
 */
import type { Location, ResolvedSite } from '../../engine/site/types.ts';
import { pointOf } from './distance.ts';
import type { OpeningHour, SpecialHour } from '../../schemas/types.gen.ts';
import { WEEKDAYS } from './opening-hours.ts';
import type { MapPoint } from './StaticMap.tsx';

/** Keyword filters of a locations block; a number picks one location by id. */
export const LOCATION_FILTERS = [
  'primary',
  'sales',
  'service',
  'parts',
  'service-and-parts',
  'all',
] as const;
export type LocationFilterKeyword = (typeof LOCATION_FILTERS)[number];
export type LocationFilter = LocationFilterKeyword | number;

/**
 * Locations a block shows, in document order.
 *  - keywords consider visible locations only (visible: false is left out of every list);
 *  - primary: the location(s) marked primary, else the first visible one;
 *  - sales / service / parts: that location_type; service-and-parts: either;
 *  - all: every visible location;
 *  - a location id: that location, even when hidden from lists (the dealer asked for it).
 */
export function filterLocations(
  locations: readonly Location[],
  filter: LocationFilter | string | undefined,
): Location[] {
  if (typeof filter === 'number' || (typeof filter === 'string' && /^\d+$/.test(filter))) {
    const id = Number(filter);
    return locations.filter((l) => l.id === id);
  }
  const visible = locations.filter((l) => l.visible !== false);
  switch (filter) {
    case 'primary': {
      const primary = visible.filter((l) => l.primary);
      return primary.length ? primary : visible.slice(0, 1);
    }
    case 'sales':
    case 'service':
    case 'parts':
      return visible.filter((l) => l.location_type === filter);
    case 'service-and-parts':
      return visible.filter((l) => l.location_type === 'service' || l.location_type === 'parts');
    case 'all':
    default:
      return visible;
  }
}

export type LocationsVariant = 'map' | 'list' | 'hero-map';
export const LOCATIONS_VARIANTS: readonly LocationsVariant[] = ['map', 'list', 'hero-map'];

/**
 * The variant a locations block uses when left on "auto" — chosen by the number of
 * locations shown and the number of dealerships they belong to:
 *  1. one location (or none) → `map`: a single card beside a map;
 *  2. locations of more than one dealership (a dealer group) → `hero-map`: a wide map of
 *     every location heading the block, then the card grid;
 *  3. several locations of one dealership that are all service or parts centres →
 *     `list`: the list of service locations (cards without a map);
 *  4. otherwise (several sales locations of one dealership) → `map`: a map above the card grid.
 */
export function chooseLocationsVariant(locations: readonly Location[]): LocationsVariant {
  if (locations.length <= 1) return 'map';
  const dealerships = new Set(locations.map((l) => l.dealership_slug));
  if (dealerships.size > 1) return 'hero-map';
  if (locations.every((l) => l.location_type === 'service' || l.location_type === 'parts'))
    return 'list';
  return 'map';
}

/** Google Maps directions to the location: by coordinates when known, else by address. A link, never an embed. */
export function directionsUrl(location: Pick<Location, 'address'>): string {
  const { lat, long } = location.address;
  const destination =
    typeof lat === 'number' && typeof long === 'number'
      ? `${lat},${long}`
      : addressLines(location).join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination).replace(/%2C/g, ',')}`;
}

/** ["120 Ferry Road", "Southport QLD 4215"], leaving out empty parts. */
export function addressLines(location: Pick<Location, 'address'>): string[] {
  const { street, city, state, postcode } = location.address;
  const second = [city, state, postcode]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return [street?.trim(), second].filter((s): s is string => Boolean(s));
}

const TYPE_LABELS: Record<string, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  other: 'Other',
};

/** "Sales", "Service", "Parts" (nothing for an empty type). */
export function locationTypeLabel(
  location: Pick<Location, 'location_type' | 'location_subtype'>,
): string | undefined {
  if (location.location_subtype?.trim().toLowerCase() === 'buying') return 'Car buying centre';
  return TYPE_LABELS[location.location_type];
}

export function locationPagePath(location: Pick<Location, 'slug'>, base = '/locations'): string {
  return `${base}/${location.slug}`;
}

/** The location with that slug (visible or not: a location page is reachable by its address). */
export function findLocation(
  locations: readonly Location[],
  slug: string | undefined,
): Location | undefined {
  if (!slug) return undefined;
  const wanted = slug.toLowerCase();
  return locations.find((l) => l.slug === wanted);
}

/** The contact details a card shows: only those that exist. */
export function contactOf(location: Location): {
  phone?: string;
  landline?: string;
  email?: string;
} {
  const c = location.contact_detail ?? {};
  const phone = c.phone?.trim() || undefined;
  const landline = c.landline_phone?.trim() || undefined;
  return {
    phone,
    landline: landline && landline !== phone ? landline : undefined,
    email: c.email?.trim() || undefined,
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: `<`, `>`, `&` and the line
 * separators are escaped so dealer text can never close the script or break parsing.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const SCHEMA_DAY = (weekday: number) => `https://schema.org/${WEEKDAYS[weekday]}`;

/** schema.org AutoDealer for a location page, with weekly and holiday opening hours. */
export function autoDealerJsonLd(
  location: Location,
  site: Pick<ResolvedSite, 'name' | 'hostnames'>,
  options: { url?: string } = {},
): Record<string, unknown> {
  const contact = contactOf(location);
  const weekly: OpeningHour[] = location.contact_detail?.opening_hours ?? [];
  const special: SpecialHour[] = location.contact_detail?.special_hours ?? [];
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: location.name,
    brand: location.manufacturers?.length
      ? location.manufacturers.map((name) => ({ '@type': 'Brand', name }))
      : undefined,
    parentOrganization:
      site.name !== location.name ? { '@type': 'Organization', name: site.name } : undefined,
    url: options.url,
    telephone: contact.phone ?? contact.landline,
    email: contact.email,
    image: location.image?.src,
    address: {
      '@type': 'PostalAddress',
      streetAddress: location.address.street,
      addressLocality: location.address.city,
      addressRegion: location.address.state,
      postalCode: location.address.postcode,
    },
    geo:
      typeof location.address.lat === 'number' && typeof location.address.long === 'number'
        ? {
            '@type': 'GeoCoordinates',
            latitude: location.address.lat,
            longitude: location.address.long,
          }
        : undefined,
    openingHoursSpecification: weekly
      .filter((h) => h.status === 'Open' && h.open && h.close)
      .map((h) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: SCHEMA_DAY(h.weekday),
        opens: h.open,
        closes: h.close,
      })),
    specialOpeningHoursSpecification: special.length
      ? special.map((s) =>
          s.status === 'Open' && s.start_hour && s.end_hour
            ? {
                '@type': 'OpeningHoursSpecification',
                validFrom: s.date,
                validThrough: s.date,
                opens: s.start_hour,
                closes: s.end_hour,
              }
            : // schema.org: closed all day is opens = closes = 00:00.
              {
                '@type': 'OpeningHoursSpecification',
                validFrom: s.date,
                validThrough: s.date,
                opens: '00:00',
                closes: '00:00',
              },
        )
      : undefined,
  };
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

/** Map pins for the locations that have coordinates. */
export function mapPoints(locations: readonly Location[]): MapPoint[] {
  return locations.flatMap((l) => {
    const p = pointOf(l.address);
    return p
      ? [
          {
            id: l.id,
            lat: p.lat,
            long: p.long,
            label: l.name,
            description: addressLines(l).join(', '),
          },
        ]
      : [];
  });
}
