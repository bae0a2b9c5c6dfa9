/**
 * The demo inventory: a deterministic, seeded stock list for the demo sites' dealerships that
 * reads like a real dealer group's feed. Isomorphic (no node imports) so a static build can
 * make the same cars in the browser.
 *
 * Distributions, in short: franchised dealerships sell their own makes new and demo and take
 * any make as a used trade-in (own makes most often); a dealership without manufacturers is a
 * used-car yard. Used cars are mostly 2–8 years old, km grow with age, prices depreciate with
 * age and km from the model's new price. About 86% are in stock, 7% coming soon and 7% sold in
 * the last 12 days. Each car draws from its own stream (seed, n), so car n is the same whatever
 * the count.
 *
 * Each part of a car is drawn by a module of its own (car-kind.ts, year-and-odometer.ts,
 * pricing.ts, drivetrain.ts, car-photos.ts), called in a fixed order: the parts share the
 * car's one stream, so drawing them in another order would change every car.
 */
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { applyDerived } from '../../engine/inventory/derive.ts';
import { cumulativeWeights, Draw, mixSeed, mulberry32 } from '../prng.ts';
import { catalogueView } from './catalogue-view.ts';
import { regionSettings } from '../../engine/region.ts';
import { slugify } from '../../engine/slug.ts';
import {
  dealerComments,
  equipmentCache,
  isoDate,
  regplateFor,
  startOfUtcDay,
  vinFor,
  yearMonth,
} from './listing.ts';
import { outletsOf, type InventorySite } from './outlets.ts';
import { joinFlat, valuePool, type ValuePool } from './shared-values.ts';
import { COLOURS, FILTERED_FEATURES, USED_TAGS } from './vocab.ts';
import { drawKind } from './car-kind.ts';
import { drawYearAndOdometer } from './year-and-odometer.ts';
import { drawPriceExtras, drawTrimAndPrice } from './pricing.ts';
import { drawDrivetrain, drawVariant } from './drivetrain.ts';
import { drawPhotos } from './car-photos.ts';
import { categoriesOf } from './car-categories.ts';
import { sharedCarLocations } from './car-locations.ts';

export type { InventorySite } from './outlets.ts';
export { startOfUtcDay } from './listing.ts';
export { slugify } from '../../engine/slug.ts';

/** Bump when the generator's output changes, so caches keyed by it are not reused. */
export const INVENTORY_VERSION = 1;
export const DEFAULT_SEED = 20250101;
export const DEFAULT_COUNT = 20000;

export interface InventoryOptions {
  catalogue: Catalogue;
  sites: InventorySite[];
  count?: number;
  seed?: number;
  /** The generator's "today" in ms. Sold dates and listing ages count back from it. Default: the start of the current UTC day. */
  now?: number;
  /** Id of the first car (default 1): stock generated apart (new-dealerships.ts) takes ids of its own. */
  firstId?: number;
  /** Only the cars of these dealerships (default: all). Each car is the same as in a run that makes them all. */
  dealerships?: ReadonlySet<string>;
  /** Values held once across calls (generationShare); default: this call's own. */
  share?: GenerationShare;
}

/**
 * What the cars of several calls hold once: a server asks its provider for a few dealerships at
 * a time (engine/inventory/live-stock.ts, `warm`), and cars of separate calls would otherwise
 * each hold their own copy of every repeated text, list and location.
 */
export interface GenerationShare {
  pool: ValuePool;
  equipment: ReturnType<typeof equipmentCache>;
  carLocation: ReturnType<typeof sharedCarLocations>;
}

export function generationShare(): GenerationShare {
  const pool = valuePool();
  return { pool, equipment: equipmentCache(pool), carLocation: sharedCarLocations() };
}

const DAY = 86400;

const COLOUR_TABLE = cumulativeWeights(COLOURS.map((c) => c.weight));

export function generateInventory(options: InventoryOptions): Car[] {
  const count = options.count ?? DEFAULT_COUNT;
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? startOfUtcDay(Date.now());
  const nowS = Math.floor(now / 1000);
  const currentYear = new Date(now).getUTCFullYear();
  const outlets = outletsOf(options.sites);
  if (!outlets.length) return [];
  const view = catalogueView(options.catalogue);
  // Values equal across cars are held once (shared-values.ts, docs/deploy.md "Memory and start-up").
  const { pool, equipment, carLocation } = options.share ?? generationShare();
  const serials = new Map<string, number>();
  const cars: Car[] = [];

  for (let n = 0; n < count; n++) {
    const outlet = outlets[n % outlets.length];
    if (options.dealerships && !options.dealerships.has(outlet.dealership.slug)) {
      // The car is not made, but its stock number is taken, so the cars made are those of a whole run.
      serials.set(outlet.prefix, (serials.get(outlet.prefix) ?? 10000) + 1);
      continue;
    }
    const d = new Draw(mulberry32(mixSeed(seed, n)));
    const id = (options.firstId ?? 1) + n;
    const { region, dealership } = outlet;

    // What kind of car, and which make and model.
    const { carType, make, model, body, facts, itemType, simpleFuel } = drawKind(d, outlet, view);

    // Year and odometer.
    const { year, age, km, odometerUnit } = drawYearAndOdometer(
      d,
      { make, carType, itemType, body, simpleFuel },
      region,
      currentYear,
    );

    // Trim, price.
    const { badge, tier, price, poa } = drawTrimAndPrice(d, {
      make,
      model,
      carType,
      itemType,
      region,
      year,
      age,
      km,
    });

    // Status and dates.
    const status: Car['status'] = d.weighted(
      ['in_stock', 'coming_soon', 'sold'] as const,
      [86, 7, 7],
    );
    const soldAt = status === 'sold' ? nowS - Math.floor(d.range(0.05, 12) * DAY) : null;
    const createdAt =
      status === 'coming_soon'
        ? nowS - Math.floor(d.range(0, 14) * DAY)
        : status === 'sold'
          ? soldAt! - Math.floor((3 + d.exponential(35)) * DAY)
          : nowS - Math.floor(Math.min(360, d.exponential(40)) * DAY) - d.int(0, DAY - 1);
    const show = d.chance(0.97);
    const reserved = status === 'in_stock' && d.chance(0.025);
    const certified = make === 'Toyota' && carType === 'used' && age <= 5 && d.chance(0.45);

    const colour = d.fromTable(COLOURS, COLOUR_TABLE).name;
    const seats = itemType === 'caravan' && body === 'caravan' ? null : d.pick(facts.seats);
    const doors = itemType === 'motorcycle' ? 0 : facts.doors;

    // Drivetrain and engine.
    const { electric, litres, cylinders, simpleTransmission, trans, drive, fuel } = drawDrivetrain(
      d,
      pool,
      { itemType, body, simpleFuel, facts },
    );

    // Where it is.
    const loc = d.pick(outlet.sales);
    const phone = loc.contact_detail?.phone ?? null;
    const others = outlet.siteLocations.filter((l) => l.slug !== loc.slug).map((l) => l.slug);
    const serialKey = outlet.prefix;
    const serial = (serials.get(serialKey) ?? 10000) + 1;
    serials.set(serialKey, serial);
    const stocknum = `${outlet.prefix}${carType === 'new' ? 'N' : carType === 'demo' ? 'D' : 'U'}${serial}`;

    // Equipment, tags, money.
    const modern = year >= 2016;
    const equip =
      carType === 'used' && d.chance(0.1)
        ? pool.list([])
        : equipment(d, `${make}|${model.name}`, body, tier, modern, seats ?? 0, price);
    const filteredFeatures = pool.list(equip.filter((e) => FILTERED_FEATURES.has(e)));
    let tag: string | null = null;
    if (carType === 'new' && year < currentYear && d.chance(0.6)) tag = 'runout sale';
    else if (carType !== 'used' && status === 'in_stock' && d.chance(0.03)) tag = 'Test Drive Only';
    else if (carType === 'used' && d.chance(0.12)) {
      const used = d.pick(USED_TAGS);
      tag = regionSettings(region).odometerUnit === 'mi' && used === 'Low Kms' ? 'Low Miles' : used;
    }
    const { beforePrice, offerPrice, subscription, lenders, weekly, autograb } = drawPriceExtras(
      d,
      { carType, itemType, price, year, currentYear, make, body, region },
    );

    // Photos.
    const { photos, images, thumbnails } = drawPhotos(d, id, status, itemType);

    const buildMonth = d.int(1, 12);
    const name = pool.text(`${year} ${make} ${model.name}${badge ? ` ${badge}` : ''}`);
    const series = itemType === 'car' ? pool.text(`MY${String(year).slice(2)}`) : null;
    const categories = categoriesOf({
      itemType,
      body,
      seats,
      drive,
      electric,
      simpleFuel,
      model,
      tier,
      price,
    });

    const caravanLengthFt =
      itemType === 'caravan' && body === 'caravan'
        ? Number.parseInt(badge, 10) || d.int(16, 22)
        : 0;
    const partial = {
      year,
      make,
      model: model.name,
      badge,
      colour,
      km,
      car_type: carType,
      dealership_name: dealership.name,
      odometer_unit: odometerUnit,
    } as const;
    const comments = dealerComments(d, partial, equip, phone, region);
    const car: Car = {
      id,
      objectID: String(id),
      slug: slugify(`${name} ${id}`).slice(0, 80).replace(/-+$/, ''),
      name,
      carsales_title: pool.text(
        `${name}${series ? ` ${series}` : ''}${trans ? ` ${simpleTransmission}` : ''}${drive && drive !== 'Chain' ? ` ${drive}` : ''}`,
      ),
      year,
      make,
      model: model.name,
      badge,
      series,
      body,
      car_type: carType,
      item_type: itemType,
      status,
      sold: status === 'sold',
      sold_date_timestamp: soldAt,
      show_on_dealer_website: show,
      reserved,
      certified,
      preorder: status === 'coming_soon' && carType === 'new' && d.chance(0.3),
      has_nvic: carType !== 'new' && itemType === 'car' && d.chance(0.9),
      tag,
      created_at: new Date(createdAt * 1000).toISOString(),
      price,
      price_type: poa
        ? 'poa'
        : carType === 'used'
          ? d.weighted(['drive_away', 'excl_gov_charges'] as const, [70, 30])
          : d.weighted(['drive_away', 'plus_orc'] as const, [85, 15]),
      before_price: beforePrice,
      offer_price: offerPrice,
      subscription_price: subscription,
      weekly_price: weekly,
      currency: regionSettings(region).currency,
      km,
      odometer_unit: odometerUnit,
      stocknum,
      vin: vinFor(d, make, year, id),
      regplate:
        carType === 'new' || (itemType === 'caravan' && d.chance(0.3))
          ? null
          : regplateFor(d, region, loc.address.state),
      rego_expiry: carType === 'new' ? null : pool.text(isoDate(nowS + d.int(-30, 365) * DAY)),
      compliance_date: pool.text(
        yearMonth(buildMonth === 12 ? year + 1 : year, buildMonth === 12 ? 1 : buildMonth + 1),
      ),
      build_date: pool.text(yearMonth(year, buildMonth)),
      seats,
      doors,
      colour,
      drive,
      fuel,
      simple_fuel: simpleFuel,
      simple_body: facts.label,
      simple_transmission: simpleTransmission,
      trans,
      engine_size: electric ? 'Electric' : litres ? pool.text(`${litres.toFixed(1)}L`) : null,
      variant: drawVariant(d, {
        itemType,
        simpleFuel,
        electric,
        litres,
        cylinders,
        trans,
        year,
        caravanLengthFt,
      }),
      dealercomments: comments,
      description: comments.split('|')[0] ?? '',
      photos_count: photos,
      images,
      thumbnails,
      primary_image_url: photos ? images[0].url : null,
      file:
        carType === 'used' && d.chance(0.25) ? joinFlat('/cars/', id, '/history-report.pdf') : null,
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      dealership_name: dealership.name,
      location: carLocation(loc, phone, others.length && d.chance(0.5) ? others : []),
      location_id: loc.id,
      location_name: loc.name,
      city: loc.address.city,
      state: loc.address.state,
      private_suburb: null,
      private_postcode: null,
      standardEquipment: equip,
      views: Math.round(d.exponential(150)),
      payment_processors: pool.list(
        status === 'in_stock' && !reserved && price > 200 && d.chance(0.6) ? ['stripe'] : [],
      ),
      finance_lenders: lenders,
      autograb_data: autograb,
      categories: pool.list(categories),
      filtered_features: filteredFeatures,
      // Filled by applyDerived below.
      make_model: '',
      price_range: '',
      weekly_price_range: null,
      listing_state: 'available',
      listed_until: 0,
      created_at_timestamp: 0,
      custom_rank: 0,
    };
    if (itemType === 'caravan') {
      const lengthMm = caravanLengthFt ? Math.round(caravanLengthFt * 304.8) : d.int(6000, 7500);
      const tare = Math.round(lengthMm * d.range(0.34, 0.45));
      car.body_length = lengthMm;
      car.body_width = d.int(2250, 2500);
      car.tare_weight = tare;
      car.aggregate_trailer_mass = tare + d.int(450, 800);
      car.axle_type = body === 'motorhome' ? null : caravanLengthFt >= 18 ? 'Tandem' : 'Single';
      car.sleeps = d.int(2, 6);
    }
    cars.push(shareDerived(applyDerived(car, now), pool));
  }
  return cars;
}

/** The derived texts and tags repeat across cars too: one copy each (applyDerived makes new ones). */
function shareDerived(car: Car, pool: ValuePool): Car {
  car.make_model = pool.text(car.make_model);
  car.price_range = pool.text(car.price_range);
  car.weekly_price_range = pool.text(car.weekly_price_range ?? null);
  if (car._tags) car._tags = pool.list(car._tags);
  return car;
}
