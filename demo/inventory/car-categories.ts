/** The categories a car is listed under (Family, 4x4, Budget, First Car…), from what it is and costs. */
import type { Car, Model } from '../../schemas/types.gen.ts';

export function categoriesOf(car: {
  itemType: Car['item_type'];
  body: string;
  seats: number | null;
  drive: string | null;
  electric: boolean;
  simpleFuel: string;
  model: Model;
  tier: number;
  price: number;
}): string[] {
  const { itemType, body, seats, drive, electric, simpleFuel, model, tier, price } = car;
  const categories: string[] = [];
  if (itemType === 'motorcycle') categories.push('Motorcycles');
  else if (itemType === 'caravan') categories.push('Caravans & RVs');
  else {
    if (['suv', 'peopleMover', 'wagon'].includes(body) && (seats ?? 0) >= 5)
      categories.push('Family');
    if (drive === '4x4' || (drive === 'AWD' && body === 'suv')) categories.push('4x4');
    if (electric || simpleFuel.includes('Hybrid')) categories.push('Electric & Hybrid');
    if (model.manufacturer_body === 'Performance') categories.push('Performance');
    if (['van', 'cabChassis', 'lightTruck', 'bus'].includes(body) || (body === 'ute' && tier === 0))
      categories.push('Commercial');
    if (price > 80000) categories.push('Luxury');
    if (price > 0 && price < 15000) categories.push('Budget');
    if (price > 0 && price < 20000 && (body === 'hatch' || body === 'sedan'))
      categories.push('First Car');
  }
  return categories;
}
