/** What kind of car (new, demo or used), and which make and model: a dealership's own makes most often. */
import type { Car } from '../../schemas/types.gen.ts';
import { DEFAULT_REGION } from '../../engine/region.ts';
import type { Draw } from '../prng.ts';
import type { CatalogueView } from './catalogue-view.ts';
import type { Outlet } from './outlets.ts';
import { BODIES } from './vocab.ts';

export function drawKind(d: Draw, outlet: Outlet, view: CatalogueView) {
  const { region } = outlet;
  const franchised = outlet.ownMakes.length > 0;
  const carType: Car['car_type'] = !franchised
    ? 'used'
    : d.weighted(['new', 'demo', 'used'] as const, [40, 10, 50]);
  let make: string;
  if (carType !== 'used' || (franchised && d.chance(0.35))) make = d.pick(outlet.ownMakes);
  else {
    const w = view.usedWeights.get(region) ?? view.usedWeights.get(DEFAULT_REGION)!;
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
  return { carType, make, model, body, facts, itemType, simpleFuel };
}
