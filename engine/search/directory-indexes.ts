/**
 * The model and dealer directories' searches (docs/search-ui.md, "Directories"), as indexes
 * beside Car_production (page size 21 is the caller's hitsPerPage):
 *
 *  - Model_production: one record per catalogue model, filtered by manufacturer.name,
 *    model.name and model.body, searched by make and model name.
 *  - Dealer_production: one record per dealership of the demo sites, filtered by categories
 *    (New, Demo, Used, Caravans, Motorcycles, the makes it sells new) and price (its cheapest
 *    available car), searched by name, city and make.
 */
import type { Car, Catalogue, Dealership, Location } from '../../schemas/types.gen.ts';
import { DEFAULT_REGION } from '../region.ts';
import type { SearchEngine } from './engine.ts';
import type { IndexSettings } from './search-index.ts';

export const MODEL_INDEX = 'Model_production';
export const DEALER_INDEX = 'Dealer_production';
export const DIRECTORY_PAGE_SIZE = 21;

export interface DirectorySite {
  slug: string;
  region?: string;
  dealerships?: Dealership[];
  locations?: Location[];
}

export function modelRecords(catalogue: Catalogue): Record<string, unknown>[] {
  const makes = new Map(catalogue.manufacturers.map((m) => [m.name, m]));
  return catalogue.models.map((m, i) => {
    const make = makes.get(m.manufacturer_name);
    return {
      objectID: String(m.id),
      id: m.id,
      name: `${m.manufacturer_name} ${m.name}`,
      slug: m.slug,
      status: m.status ?? '',
      from_price: m.from_price ?? null,
      image_url: m.image?.url ?? null,
      short_description: m.short_description ?? '',
      manufacturer: {
        id: make?.id ?? null,
        name: m.manufacturer_name,
        slug: make?.slug ?? null,
        logo_url: make?.logo?.url ?? null,
      },
      model: {
        name: m.name,
        body: m.body ?? [],
        fuel: m.fuel ?? [],
        category: m.manufacturer_body ?? '',
      },
      popular: Boolean(make?.popular),
      // Catalogue order within a make, popular makes first.
      rank: (make?.popular ? 1_000_000 : 0) - i,
    };
  });
}

export function dealerRecords(
  sites: DirectorySite[],
  cars: readonly Car[],
): Record<string, unknown>[] {
  const bySlug = new Map<
    string,
    { minPrice: number; count: number; types: Set<string>; items: Set<string>; makes: Set<string> }
  >();
  for (const c of cars) {
    if (c.listing_state !== 'available') continue;
    let s = bySlug.get(c.dealership_slug);
    if (!s)
      bySlug.set(
        c.dealership_slug,
        (s = {
          minPrice: Infinity,
          count: 0,
          types: new Set(),
          items: new Set(),
          makes: new Set(),
        }),
      );
    s.count++;
    if (c.price > 0 && c.price < s.minPrice) s.minPrice = c.price;
    s.types.add(c.car_type);
    s.items.add(c.item_type);
    s.makes.add(c.make);
  }
  const label = { new: 'New', demo: 'Demo', used: 'Used' } as Record<string, string>;
  return sites.flatMap((site) =>
    (site.dealerships ?? []).map((d) => {
      const stock = bySlug.get(d.slug);
      const locations = (site.locations ?? []).filter((l) => l.dealership_slug === d.slug);
      const primary = locations.find((l) => l.primary) ?? locations[0];
      const categories = [
        ...['new', 'demo', 'used'].filter((t) => stock?.types.has(t)).map((t) => label[t]),
        ...(stock?.items.has('caravan') ? ['Caravans'] : []),
        ...(stock?.items.has('motorcycle') ? ['Motorcycles'] : []),
        ...(d.manufacturers ?? []),
      ];
      return {
        objectID: d.slug,
        id: d.id,
        name: d.name,
        slug: d.slug,
        site: site.slug,
        region: site.region ?? DEFAULT_REGION,
        categories,
        manufacturers: d.manufacturers ?? [],
        makes_in_stock: stock ? [...stock.makes].sort() : [],
        price: stock && Number.isFinite(stock.minPrice) ? stock.minPrice : null,
        stock_count: stock?.count ?? 0,
        city: primary?.address.city ?? '',
        state: primary?.address.state ?? '',
        phone: primary?.contact_detail?.phone ?? null,
        locations: locations.map((l) => ({
          id: l.id,
          name: l.name,
          slug: l.slug,
          location_type: l.location_type,
        })),
      };
    }),
  );
}

export const MODEL_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'manufacturer.name', 'model.name', 'model.category'],
  attributesForFaceting: [
    'manufacturer.name',
    'model.name',
    'model.body',
    'model.fuel',
    'model.category',
    'status',
    'popular',
  ],
  customRanking: [{ attribute: 'rank', order: 'desc' }],
};

export const DEALER_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'city', 'state', 'categories', 'makes_in_stock'],
  attributesForFaceting: [
    'categories',
    'price',
    'state',
    'city',
    'region',
    'site',
    'manufacturers',
  ],
  customRanking: [{ attribute: 'stock_count', order: 'desc' }],
};

/** Adds Model_production and Dealer_production to an engine. */
export function addDirectoryIndexes(
  engine: SearchEngine,
  catalogue: Catalogue,
  sites: DirectorySite[],
  cars: readonly Car[],
) {
  engine.addIndex(MODEL_INDEX, modelRecords(catalogue), MODEL_INDEX_SETTINGS);
  engine.addIndex(DEALER_INDEX, dealerRecords(sites, cars), DEALER_INDEX_SETTINGS);
}
