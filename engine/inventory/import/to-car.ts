/**
 * One feed row as a whole car record: the dealer's fields, the dealership and location of
 * the site, sensible values for what a feed seldom carries (docs/cars.md, "Stock import"),
 * and the derived attributes (engine/inventory/derive.ts). The result is then checked
 * against the car schema like any other car.
 */
import type { Car, Catalogue, Dealership, Location, Region } from '../../../schemas/types.gen.ts';
import { regionSettings } from '../../region.ts';
import { slugify } from '../../slug.ts';
import { applyDerived } from '../derive.ts';
import type { FeedField } from './columns.ts';

export interface DealershipContext {
  region: Region;
  dealership: Dealership;
  /** The site's locations of the dealership, sales locations first (the first is where a car without a Location stands). */
  locations: Location[];
  catalogue: Catalogue;
}

/** Body keys and the words visitors read (the search's simple_body facet). */
const BODY_LABELS: Record<string, string> = {
  suv: 'SUV',
  '4x4': 'SUV',
  ute: 'Ute',
  hatch: 'Hatch',
  sedan: 'Sedan',
  wagon: 'Wagon',
  coupe: 'Coupe',
  convertible: 'Convertible',
  van: 'Van',
  peopleMover: 'People Mover',
  bus: 'Bus',
  cabChassis: 'Cab Chassis',
  lightTruck: 'Light Truck',
  motorhome: 'Motorhome',
  motorcycle: 'Motorcycle',
  caravan: 'Caravan',
};

function bodyKeyOf(label: string): string | undefined {
  const key = label.toLowerCase().replace(/[^a-z0-9]/g, '');
  return Object.keys(BODY_LABELS).find(
    (k) =>
      k.toLowerCase() === key || BODY_LABELS[k].toLowerCase().replace(/[^a-z0-9]/g, '') === key,
  );
}

function simpleFuel(fuel: string | undefined, body: string): string {
  const f = (fuel ?? '').toLowerCase();
  if (!f) return body === 'caravan' ? 'None' : 'Petrol';
  if (f.includes('plug')) return 'Plug-in Hybrid';
  if (f.includes('hybrid')) return 'Hybrid';
  if (f.includes('electric') || f === 'ev') return 'Electric';
  if (f.includes('diesel')) return 'Diesel';
  if (f === 'none') return 'None';
  return 'Petrol';
}

const unixSeconds = (date: string) =>
  Math.floor(Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000);

export interface CarInput {
  values: Partial<Record<FeedField, unknown>>;
  id: number;
  /** The car as the previous import left it (same stock number), if any. */
  previous?: Car;
  /** The car's photos as the platform serves them (stored by the import). */
  images: string[];
  now: number;
}

/** The car record a feed row describes (not yet checked against the schema). */
export function feedRowToCar(ctx: DealershipContext, input: CarInput): Car {
  const v = input.values as Record<string, unknown> & Partial<Car>;
  const { previous, now } = input;
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const make = str(v.make) ?? '';
  const model = str(v.model) ?? '';
  const badge = str(v.badge) ?? '';
  const year = v.year as number;
  const catalogueModel = ctx.catalogue.models.find(
    (m) =>
      m.manufacturer_name.toLowerCase() === make.toLowerCase() &&
      m.name.toLowerCase() === model.toLowerCase(),
  );
  // "Ute", "SUV" or "Cab Chassis" as the feed words it → the body key; the catalogue knows the model's otherwise.
  const bodyText = str(v.body) ?? str(v.simple_body);
  const body =
    (bodyText && (bodyKeyOf(bodyText) ?? slugify(bodyText))) ||
    catalogueModel?.body?.[0] ||
    'sedan';
  const itemType: Car['item_type'] =
    v.item_type ??
    (body === 'motorcycle'
      ? 'motorcycle'
      : body === 'caravan' || body === 'motorhome'
        ? 'caravan'
        : 'car');
  const status: Car['status'] = v.status ?? 'in_stock';
  const price = typeof v.price === 'number' ? v.price : 0;
  const locationKey = str(v.location_slug)?.toLowerCase();
  const location =
    (locationKey &&
      ctx.locations.find((l) => l.slug === locationKey || l.name.toLowerCase() === locationKey)) ||
    ctx.locations[0];
  const nowIso = new Date(now).toISOString();
  // A sold car keeps the day it sold; one newly sold in the feed sells today.
  const soldAt =
    status === 'sold'
      ? typeof v.sold_date_timestamp === 'string'
        ? unixSeconds(v.sold_date_timestamp)
        : (previous?.sold_date_timestamp ?? Math.floor(now / 1000))
      : null;
  const createdAt = str(v.created_at)
    ? new Date(unixSeconds(v.created_at!) * 1000).toISOString()
    : (previous?.created_at ?? nowIso);
  const name = `${year} ${make} ${model}${badge ? ` ${badge}` : ''}`;
  const comments = str(v.dealercomments) ?? '';
  const trans = str(v.trans) ?? null;
  const images = input.images.map((url) => ({ url, thumb_url: url }));
  const car: Car = {
    ...(v as Partial<Car>),
    id: input.id,
    objectID: String(input.id),
    slug: slugify(`${name} ${input.id}`).slice(0, 80).replace(/-+$/, ''),
    name,
    year,
    make,
    model,
    badge,
    series: str(v.series) ?? null,
    body,
    car_type: v.car_type ?? 'used',
    item_type: itemType,
    status,
    sold: status === 'sold',
    sold_date_timestamp: soldAt,
    show_on_dealer_website: v.show_on_dealer_website ?? true,
    reserved: v.reserved ?? false,
    certified: v.certified ?? false,
    tag: str(v.tag) ?? null,
    created_at: createdAt,
    price,
    price_type: v.price_type ?? (price > 0 ? 'drive_away' : 'poa'),
    currency: regionSettings(ctx.region).currency,
    km: typeof v.km === 'number' ? v.km : 0,
    odometer_unit: regionSettings(ctx.region).odometerUnit,
    stocknum: str(v.stocknum) ?? '',
    vin: (str(v.vin) ?? '').toUpperCase(),
    regplate: str(v.regplate) ?? null,
    colour: str(v.colour) ?? '',
    simple_body: str(v.simple_body) ?? BODY_LABELS[body] ?? bodyText ?? 'Sedan',
    simple_fuel: v.simple_fuel ?? simpleFuel(str(v.fuel), body),
    simple_transmission:
      v.simple_transmission ??
      (itemType === 'caravan' ? 'None' : /manual/i.test(trans ?? '') ? 'Manual' : 'Automatic'),
    trans,
    dealercomments: comments,
    description: v.description ?? comments.split('|')[0] ?? '',
    photos_count: images.length,
    images,
    thumbnails: input.images,
    primary_image_url: input.images[0] ?? null,
    dealership_id: ctx.dealership.id,
    dealership_slug: ctx.dealership.slug,
    dealership_name: ctx.dealership.name,
    location: {
      id: location.id,
      slug: location.slug,
      phone: location.contact_detail?.phone ?? null,
      city: location.address.city,
      state: location.address.state,
      location_name: location.name,
      distribution_locations: [],
    },
    location_id: location.id,
    location_name: location.name,
    city: location.address.city,
    state: location.address.state,
    standardEquipment: (v.standardEquipment as string[] | undefined) ?? [],
    views: previous?.views ?? 0,
    finance_lenders: v.finance_lenders ?? {},
    variant: v.variant ?? {},
    categories: v.categories ?? [],
    filtered_features: v.filtered_features ?? [],
    make_model: '',
    price_range: '',
    weekly_price_range: null,
    listing_state: 'available',
    listed_until: 0,
    created_at_timestamp: 0,
    custom_rank: 0,
  };
  delete (car as Partial<Record<FeedField, unknown>>).photos;
  delete (car as Partial<Record<FeedField, unknown>>).location_slug;
  if (car.rego_expiry === undefined) delete car.rego_expiry;
  return applyDerived(car, now);
}
