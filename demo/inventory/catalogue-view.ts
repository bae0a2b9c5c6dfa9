/**
 * The catalogue as the generator draws from it: the makes with models, the used-car make
 * weights per region, the model tables per make, and each model's trim ladder.
 */
import type { Catalogue, Manufacturer, Model, Region } from '../../schemas/types.gen.ts';
import { knownRegions } from '../../engine/region.ts';
import { cumulativeWeights } from '../prng.ts';
import {
  CARAVAN_BADGES,
  ELECTRIC_BADGES,
  GENERIC_BADGES,
  MAKE_BADGES,
  MODEL_BADGES,
  MOTORCYCLE_BADGES,
} from './vocab.ts';

const HYPERCAR_MAKES = new Set(['Bugatti', 'Koenigsegg', 'Pagani', 'Rimac', 'Hennessey', 'SSC']);

const US_MAKES = new Set([
  'Chevrolet',
  'Ford',
  'Toyota',
  'Honda',
  'Nissan',
  'Jeep',
  'Ram',
  'GMC',
  'Dodge',
  'Tesla',
  'Hyundai',
  'Kia',
  'Subaru',
  'BMW',
  'Mercedes-Benz',
  'Buick',
  'Lincoln',
  'Cadillac',
  'Acura',
  'Mazda',
  'Volkswagen',
  'Audi',
  'Lexus',
  'Chrysler',
  'Harley-Davidson',
  'Indian',
  'Rivian',
  'Pontiac',
  'Saturn',
  'Mercury',
  'Hummer',
  'Scion',
  'Infiniti',
  'Jayco',
]);
const NZ_FAVOURITES = new Set([
  'Toyota',
  'Mazda',
  'Nissan',
  'Honda',
  'Mitsubishi',
  'Subaru',
  'Suzuki',
  'Holden',
  'Ford',
  'Hyundai',
  'Kia',
  'Volkswagen',
]);

/**
 * The demo's markets: the makes that trade there (all when not listed) and those that sell
 * three times as well. Demo data, not a platform fact: a region without an entry here trades
 * every make evenly.
 */
const MARKETS: Partial<Record<Region, { makes?: Set<string>; favourites: Set<string> }>> = {
  NZ: { favourites: NZ_FAVOURITES },
  US: { makes: US_MAKES, favourites: new Set(['Chevrolet', 'Ford', 'Toyota']) },
};

export interface CatalogueView {
  makes: Manufacturer[];
  modelsByMake: Map<string, Model[]>;
  usedWeights: Map<Region, { makes: Manufacturer[]; cumulative: Float64Array }>;
  /** Models a car type may be drawn from, with their weights (earlier models in the catalogue sell more). */
  modelTable(make: string, used: boolean): { models: Model[]; cumulative: Float64Array };
}

export function catalogueView(catalogue: Catalogue): CatalogueView {
  const modelsByMake = new Map<string, Model[]>();
  for (const m of catalogue.models) {
    if (!m.from_price && m.status === 'coming_soon') continue;
    const list = modelsByMake.get(m.manufacturer_name) ?? [];
    list.push(m);
    modelsByMake.set(m.manufacturer_name, list);
  }
  const makes = catalogue.manufacturers.filter((mk) => modelsByMake.has(mk.name));
  const usedWeights = new Map<Region, { makes: Manufacturer[]; cumulative: Float64Array }>();
  for (const region of knownRegions()) {
    const market = MARKETS[region];
    const list = makes.filter((mk) => !market?.makes || market.makes.has(mk.name));
    const weights = list.map((mk) => {
      let w = mk.popular ? 10 : 1;
      if (mk.vehicle_type === 'motorcycle') w = mk.popular ? 3 : 0.4;
      if (mk.vehicle_type === 'caravan') w = mk.popular ? 4 : 0.35;
      if (mk.vehicle_type === 'truck') w = 0.3;
      // Hypercars are in the catalogue (make lists) but no franchise yard trades them in.
      if (HYPERCAR_MAKES.has(mk.name)) w = 0;
      if (market?.favourites.has(mk.name)) w *= 3;
      return w;
    });
    usedWeights.set(region, { makes: list, cumulative: cumulativeWeights(weights) });
  }
  const tables = new Map<string, { models: Model[]; cumulative: Float64Array }>();
  const modelTable = (make: string, used: boolean) => {
    const key = `${used}|${make}`;
    let table = tables.get(key);
    if (!table) {
      const all = modelsByMake.get(make) ?? modelsByMake.get(makes[0].name)!;
      // New and demo stock is cars only: the demo sites have no caravan or motorbike franchises.
      const current = used
        ? all
        : all.filter((m) => m.body?.[0] !== 'motorcycle' && m.body?.[0] !== 'caravan');
      const models = current.length ? current : all;
      table = { models, cumulative: cumulativeWeights(models.map((_, i) => 1 / (1 + i * 0.12))) };
      tables.set(key, table);
    }
    return table;
  };
  return { makes, modelsByMake, usedWeights, modelTable };
}

export function badgesFor(make: string, model: Model): string[] {
  const body = model.body?.[0] ?? 'sedan';
  if (body === 'motorcycle') return MOTORCYCLE_BADGES;
  if (body === 'caravan') return CARAVAN_BADGES;
  return (
    MODEL_BADGES[`${make} ${model.name}`] ??
    (model.fuel?.[0] === 'Electric' ? ELECTRIC_BADGES : undefined) ??
    MAKE_BADGES[make] ??
    GENERIC_BADGES
  );
}
