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
 */
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { applyDerived } from '../../engine/inventory/derive.ts';
import { financeLendersFor, headlineWeekly } from '../../engine/inventory/finance.ts';
import { cumulativeWeights, Draw, mixSeed, mulberry32 } from '../prng.ts';
import { badgesFor, catalogueView } from './catalogue-view.ts';
import { slugify } from '../../engine/slug.ts';
import {
  dealerComments,
  equipmentCache,
  isoDate,
  niceRound,
  regplateFor,
  startOfUtcDay,
  vinFor,
  yearMonth,
} from './listing.ts';
import { outletsOf, type InventorySite } from './outlets.ts';
import { joinFlat, valuePool, type ValuePool } from './shared-values.ts';
import { BODIES, COLOURS, FILTERED_FEATURES, MAKE_ERAS, MAKE_SINCE, USED_TAGS } from './vocab.ts';

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
}

const DAY = 86400;
const REGION_CURRENCY = { AU: 'AUD', NZ: 'NZD', US: 'USD' } as const;
/** Price level against the AUD catalogue prices. */
const REGION_PRICE = { AU: 1, NZ: 1.08, US: 0.68 } as const;

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
  const pool = valuePool();
  const equipment = equipmentCache(pool);
  const serials = new Map<string, number>();
  const cars: Car[] = [];
  // The cars of one location share its location object (two: with and without the locations
  // it also lists at), as a feed's rows repeat it: one object, not one per car (docs/deploy.md, "Memory and start-up").
  const locations = new Map<string, Car['location']>();
  const carLocation = (
    loc: (typeof outlets)[number]['sales'][number],
    phone: string | null,
    distribution: string[],
  ): Car['location'] => {
    const key = `${loc.slug}\u0000${distribution.length > 0}`;
    let shared = locations.get(key);
    if (!shared) {
      shared = {
        id: loc.id,
        slug: loc.slug,
        phone,
        city: loc.address.city,
        state: loc.address.state,
        location_name: loc.name,
        distribution_locations: distribution,
      };
      locations.set(key, shared);
    }
    return shared;
  };

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
    const franchised = outlet.ownMakes.length > 0;

    // What kind of car, and which make and model.
    const carType: Car['car_type'] = !franchised
      ? 'used'
      : d.weighted(['new', 'demo', 'used'] as const, [40, 10, 50]);
    let make: string;
    if (carType !== 'used' || (franchised && d.chance(0.35))) make = d.pick(outlet.ownMakes);
    else {
      const w = view.usedWeights.get(region)!;
      make = d.fromTable(w.makes, w.cumulative).name;
    }
    const table = view.modelTable(make, carType === 'used');
    const model = d.fromTable(table.models, table.cumulative);
    const body = model.body?.[0] ?? 'sedan';
    const facts = BODIES[body] ?? BODIES.sedan;
    const itemType: Car['item_type'] =
      body === 'motorcycle'
        ? 'motorcycle'
        : body === 'caravan' || body === 'motorhome'
          ? 'caravan'
          : 'car';
    const simpleFuel =
      model.fuel?.[0] ?? (itemType === 'caravan' && body === 'caravan' ? 'None' : 'Petrol');

    // Year and odometer.
    const era = MAKE_ERAS[make];
    const since = Math.max(
      MAKE_SINCE[make] ?? 1990,
      simpleFuel === 'Electric' ? currentYear - 7 : 1990,
    );
    let year: number;
    if (carType === 'new') year = d.chance(0.85) ? currentYear : currentYear - 1;
    else if (carType === 'demo') year = d.chance(0.6) ? currentYear : currentYear - 1;
    else if (era) year = d.int(era[0], era[1]);
    else {
      const age = Math.min(
        25,
        Math.max(1, Math.round(Math.abs(d.normal()) * 4.5 + d.exponential(1.5))),
      );
      year = Math.max(since, currentYear - age);
    }
    const age = Math.max(0, currentYear - year);
    const annualKm = itemType === 'motorcycle' ? d.range(2500, 7000) : d.range(9000, 21000);
    let km =
      itemType === 'caravan' && body === 'caravan'
        ? 0
        : carType === 'new'
          ? d.int(2, 60)
          : carType === 'demo'
            ? d.int(800, 14000)
            : Math.round((Math.max(0.4, age) * annualKm * (0.75 + d.next() * 0.5)) / 10) * 10;
    const odometerUnit = region === 'US' ? 'mi' : 'km';
    if (region === 'US') km = Math.round(km * 0.62);

    // Trim, price.
    const badges = badgesFor(make, model);
    const badgeIndex = Math.min(
      badges.length - 1,
      Math.floor(Math.pow(d.next(), 1.4) * badges.length),
    );
    const badge = badges[badgeIndex];
    const tier = Math.min(
      3,
      Math.floor(
        (badgeIndex / Math.max(1, badges.length - 1)) * 3 +
          (model.from_price && model.from_price > 80000 ? 1 : 0),
      ),
    );
    const newPrice = (model.from_price ?? 35000) * (1 + badgeIndex * 0.11) * REGION_PRICE[region];
    let price: number;
    if (carType === 'new') price = niceRound(newPrice * d.range(0.98, 1.04));
    else if (carType === 'demo') price = niceRound(newPrice * d.range(0.86, 0.94));
    else {
      const rate = itemType === 'car' ? 0.86 : 0.9;
      const kmFactor = Math.exp(-km / (region === 'US' ? 250000 : 400000));
      const listPriceThen = newPrice * Math.max(0.6, 1 - 0.015 * age);
      const classic = year < 1985 ? 2.5 : 1;
      price = niceRound(
        Math.max(
          2990,
          listPriceThen * Math.pow(rate, age) * kmFactor * d.range(0.88, 1.12) * classic,
        ),
      );
    }
    const poa = d.chance(0.015);
    if (poa) price = 0;

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
    const electric = simpleFuel === 'Electric';
    const litres =
      electric || simpleFuel === 'None'
        ? 0
        : Math.round(d.range(facts.litres[0], facts.litres[1]) * 10) / 10;
    const cylinders =
      electric || simpleFuel === 'None'
        ? null
        : itemType === 'motorcycle'
          ? litres < 0.5
            ? 1
            : litres < 1
              ? 2
              : d.pick([2, 3, 4])
          : litres < 1.3
            ? 3
            : litres < 2.6
              ? 4
              : litres < 3.7
                ? 6
                : 8;
    const manual =
      itemType === 'motorcycle' ||
      (!electric &&
        simpleFuel !== 'None' &&
        d.chance(body === 'ute' ? 0.2 : body === 'coupe' ? 0.25 : 0.08));
    const gears = electric
      ? 1
      : itemType === 'motorcycle'
        ? 6
        : manual
          ? d.pick([5, 6])
          : d.pick([6, 8, 9, 10]);
    const simpleTransmission = simpleFuel === 'None' ? 'None' : manual ? 'Manual' : 'Automatic';
    const trans =
      simpleFuel === 'None'
        ? null
        : pool.text(
            `${gears} Speed ${manual ? 'Manual' : itemType === 'car' && !electric && d.chance(0.15) ? 'CVT' : 'Automatic'}`,
          );
    const drive =
      itemType === 'motorcycle'
        ? 'Chain'
        : simpleFuel === 'None'
          ? null
          : body === 'ute' || body === '4x4'
            ? d.weighted(['4x4', '4x2'], [75, 25])
            : body === 'suv'
              ? d.weighted(['AWD', 'FWD', '4x4'], [50, 35, 15])
              : body === 'coupe' || body === 'convertible'
                ? 'RWD'
                : electric
                  ? d.pick(['RWD', 'AWD'])
                  : 'FWD';
    const fuel =
      simpleFuel === 'Petrol'
        ? d.pick([
            'Petrol - Unleaded ULP',
            'Petrol - Premium ULP (95 RON)',
            'Petrol - Premium ULP (98 RON)',
          ])
        : simpleFuel === 'Hybrid'
          ? 'Hybrid (Petrol)'
          : simpleFuel === 'Plug-in Hybrid'
            ? 'Plug-in Hybrid (Petrol)'
            : simpleFuel === 'None'
              ? null
              : simpleFuel;

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
      tag = region === 'US' && used === 'Low Kms' ? 'Low Miles' : used;
    }
    const beforePrice = price > 0 && d.chance(0.08) ? niceRound(price * d.range(1.03, 1.12)) : null;
    const offerPrice =
      carType === 'new' && price > 0 && d.chance(0.03)
        ? niceRound(price - d.int(1000, 3000))
        : null;
    const subscription =
      carType !== 'used' && itemType === 'car' && price > 0 && price < 80000 && d.chance(0.06)
        ? Math.round(price * 0.0062)
        : null;
    const lenders = financeLendersFor(d, { price, year, currentYear, carType, make, body, region });
    const weekly = headlineWeekly(lenders);
    const autograb =
      carType === 'used' && price > 0 && region === 'AU' && d.chance(0.75)
        ? (() => {
            const avg = Math.round((price * d.range(0.92, 1.12)) / 100) * 100;
            return {
              average_market_price: avg,
              state_average_market_price: Math.round((avg * d.range(0.96, 1.04)) / 100) * 100,
            };
          })()
        : null;

    // Photos.
    const photos =
      (status === 'coming_soon' && d.chance(0.25)) || d.chance(0.03)
        ? 0
        : itemType === 'motorcycle'
          ? d.int(4, 8)
          : d.int(6, 16);
    const images: Car['images'] = new Array(photos);
    const thumbnails: string[] = new Array(photos);
    for (let p = 0; p < photos; p++) {
      // One address per photo for every list: the photo server draws it at any width (?w=,
      // which pages always set: blocks/_cars/images.ts), 800 wide when none is asked for.
      // 20,000 cars hold a quarter of a million of these (docs/deploy.md, "Memory and start-up").
      const photo = joinFlat('/assets/cars/', id, '/', p + 1, '.svg');
      images[p] = { url: photo, thumb_url: photo };
      thumbnails[p] = photo;
    }

    const buildMonth = d.int(1, 12);
    const name = pool.text(`${year} ${make} ${model.name}${badge ? ` ${badge}` : ''}`);
    const series = itemType === 'car' ? pool.text(`MY${String(year).slice(2)}`) : null;
    const categories: string[] = [];
    if (itemType === 'motorcycle') categories.push('Motorcycles');
    else if (itemType === 'caravan') categories.push('Caravans & RVs');
    else {
      if (['suv', 'peopleMover', 'wagon'].includes(body) && (seats ?? 0) >= 5)
        categories.push('Family');
      if (drive === '4x4' || (drive === 'AWD' && body === 'suv')) categories.push('4x4');
      if (electric || simpleFuel.includes('Hybrid')) categories.push('Electric & Hybrid');
      if (model.manufacturer_body === 'Performance') categories.push('Performance');
      if (
        ['van', 'cabChassis', 'lightTruck', 'bus'].includes(body) ||
        (body === 'ute' && tier === 0)
      )
        categories.push('Commercial');
      if (price > 80000) categories.push('Luxury');
      if (price > 0 && price < 15000) categories.push('Budget');
      if (price > 0 && price < 20000 && (body === 'hatch' || body === 'sedan'))
        categories.push('First Car');
    }

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
      currency: REGION_CURRENCY[region],
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
      variant: {
        cylinders,
        enginesize: litres ? Math.round(litres * 1000) : null,
        enginesize_litres: litres || null,
        induction: electric
          ? 'Electric'
          : simpleFuel === 'None'
            ? null
            : simpleFuel === 'Diesel'
              ? 'Turbo'
              : d.pick(['Turbo', 'Aspirated']),
        geartype: trans,
        power:
          simpleFuel === 'None'
            ? null
            : Math.round(
                (electric ? d.range(100, 300) : litres * d.range(45, 75)) *
                  (itemType === 'motorcycle' ? 0.9 : 1),
              ),
        torque:
          simpleFuel === 'None'
            ? null
            : Math.round(electric ? d.range(250, 650) : litres * d.range(80, 190)),
        fuelconsumptioncombined:
          electric || simpleFuel === 'None'
            ? null
            : Math.round(litres * d.range(2.4, 3.6) * 10) / 10,
        fuelcapacity:
          electric || simpleFuel === 'None'
            ? null
            : itemType === 'motorcycle'
              ? d.int(10, 22)
              : d.int(40, 90),
        grossvehiclemass: itemType === 'car' ? d.int(1500, 3500) : null,
        vehiclelength:
          itemType === 'car'
            ? d.int(3800, 5400)
            : caravanLengthFt
              ? Math.round(caravanLengthFt * 304.8)
              : null,
        vehicleheight: itemType === 'car' ? d.int(1400, 1950) : null,
        vehiclewidth: itemType === 'car' ? d.int(1700, 2050) : null,
        ancaprating:
          itemType === 'car' && year >= 2012
            ? d.weighted([5, 4, 3, 0], [70, 15, 5, 10]) || null
            : null,
      },
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
