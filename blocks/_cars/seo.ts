/**
 * What search engines and link previews read about a car page: schema.org `Car` with an
 * `Offer` (model without trim, trim as vehicleConfiguration, mileage, VIN, condition,
 * price with its ISO 4217 currency, seller AutoDealer), Open Graph tags and the page
 * title and description. Given to the engine as the car-detail block's `head`
 * (engine/render/head.ts).
 */
import type { PageHead } from '../../engine/render/head.ts';
import { formatMoney, formatNumber, regionSettings } from '../../engine/region.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { CAR_SCHEMA_ORG, type CarSchemaOrgField } from '../../schemas/car-tables.gen.ts';
import { storedValue } from './field-values.ts';
import { carPhotos } from './images.ts';
import { isAvailable, isSellable, showsPrice } from './rules.ts';

type SiteLike = Pick<ResolvedSite, 'name' | 'region' | 'locations'>;

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url)
    ? url
    : `${origin.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

function condition(car: Car): string {
  return car.car_type === 'new'
    ? 'https://schema.org/NewCondition'
    : 'https://schema.org/UsedCondition';
}

function availability(car: Car): string {
  if (!isSellable(car)) return 'https://schema.org/SoldOut';
  if (car.status === 'coming_soon')
    return car.preorder ? 'https://schema.org/PreOrder' : 'https://schema.org/PreSale';
  return 'https://schema.org/InStock';
}

/** The seller: the car's location from the site document (address, phone), else its dealership name. */
export function sellerOf(car: Car, site: SiteLike): Record<string, unknown> {
  const loc =
    site.locations.find((l) => l.id === car.location_id) ??
    site.locations.find((l) => l.slug === car.location?.slug);
  const seller: Record<string, unknown> = {
    '@type': 'AutoDealer',
    name: car.dealership_name || loc?.name || site.name,
  };
  const phone = loc?.contact_detail?.phone ?? car.location?.phone;
  if (phone) seller.telephone = phone;
  const a = loc?.address;
  if (a) {
    seller.address = {
      '@type': 'PostalAddress',
      ...(a.street ? { streetAddress: a.street } : {}),
      ...(a.city ? { addressLocality: a.city } : {}),
      ...(a.state ? { addressRegion: a.state } : {}),
      ...(a.postcode ? { postalCode: a.postcode } : {}),
      addressCountry: site.region,
    };
  } else if (car.city || car.state) {
    seller.address = {
      '@type': 'PostalAddress',
      addressLocality: car.city,
      addressRegion: car.state,
      addressCountry: site.region,
    };
  }
  return seller;
}

/**
 * A stored value as its schema.org property takes it: by the field's format (condition,
 * odometer, year), and the brand as a Brand; anything else as stored.
 */
function schemaOrgValue(field: CarSchemaOrgField, property: string, value: unknown, car: Car) {
  if (property === 'brand') return { '@type': 'Brand', name: value };
  switch (field.format) {
    case 'carType':
      return condition(car);
    case 'odometer':
      return {
        '@type': 'QuantitativeValue',
        value,
        unitCode: car.odometer_unit === 'mi' ? 'SMI' : 'KMT',
      };
    case 'year':
      return String(value);
  }
  return value;
}

/** The car's schema.org Vehicle properties: one per x-schemaOrg property of a field with a value. */
export function schemaOrgProperties(
  car: Car,
  fields: readonly CarSchemaOrgField[] = CAR_SCHEMA_ORG,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const found = storedValue(car, field);
    if (!found) continue;
    for (const property of field.properties)
      out[property] = schemaOrgValue(field, property, found.value, car);
  }
  return out;
}

/** schema.org Car with an Offer; the car's own properties are the car schema's x-schemaOrg fields (docs/cars.md). */
export function carJsonLd(car: Car, site: SiteLike, origin: string): Record<string, unknown> {
  const currency = car.currency || regionSettings(site.region).currency;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    priceCurrency: currency,
    availability: availability(car),
    itemCondition: condition(car),
    seller: sellerOf(car, site),
  };
  if (showsPrice(car.price)) offer.price = car.price;
  const photos = carPhotos(car).map((p) => absolute(p, origin));
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    ...schemaOrgProperties(car),
    offers: offer,
  };
  if (photos.length) ld.image = photos.slice(0, 10);
  return ld;
}

/** Title, description, Open Graph and JSON-LD of a car page. */
export function carHead(car: Car, site: SiteLike, origin: string): PageHead {
  const price = showsPrice(car.price) ? formatMoney(car.price, site.region) : undefined;
  const unit = car.odometer_unit === 'mi' ? 'mi' : 'km';
  const sold = !isSellable(car);
  const parts = [
    car.carsales_title || car.name,
    car.car_type === 'new' ? 'new' : `${formatNumber(car.km, site.region)} ${unit}`,
    price,
    car.colour,
    car.stocknum ? `stock no. ${car.stocknum}` : undefined,
  ].filter(Boolean);
  const description = `${sold ? 'SOLD: ' : ''}${parts.join(', ')}. At ${car.dealership_name || site.name}${car.city ? `, ${car.city}` : ''}.`;
  const title = `${car.name}${price && isAvailable(car) ? ` – ${price}` : sold ? ' – SOLD' : ''} | ${site.name}`;
  const meta: PageHead['meta'] = [
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: car.name },
    { property: 'og:description', content: description },
  ];
  const photo = carPhotos(car)[0];
  if (photo) {
    meta.push(
      { property: 'og:image', content: absolute(photo, origin) },
      { property: 'og:image:alt', content: car.name },
    );
    meta.push({ name: 'twitter:card', content: 'summary_large_image' });
  }
  if (price) {
    meta.push(
      { property: 'product:price:amount', content: String(car.price) },
      {
        property: 'product:price:currency',
        content: car.currency || regionSettings(site.region).currency,
      },
    );
  }
  return { title, description, meta, jsonLd: [carJsonLd(car, site, origin)] };
}

/** The head of a car page whose car is gone: 404, not indexed. */
export function missingCarHead(site: Pick<SiteLike, 'name'>): PageHead {
  return {
    title: `Car not found | ${site.name}`,
    description: 'This car is no longer available. See similar cars in stock.',
    meta: [{ name: 'robots', content: 'noindex' }],
    status: 404,
  };
}
