/**
 * The demo's registration lookup: a fake registry in which the same plate and state always
 * give the same plausible vehicle (make and model from the shared catalogue), so trade-in
 * flows can be clicked through and tested without a paid data service. Plates starting with
 * NOTREG are unregistered (not found).
 */
import type { Catalogue } from '../schemas/types.gen.ts';
import { normaliseRego, type RegoRegistry } from '../engine/api/adapters/rego.ts';
import { hashString, pick, prng } from './prng.ts';

const COLOURS = ['White', 'Silver', 'Grey', 'Black', 'Blue', 'Red', 'Green', 'Bronze'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'; // VINs never use I, O or Q

export function fakeRegoRegistry(catalogue: Pick<Catalogue, 'models'>): RegoRegistry {
  const models = catalogue.models.filter(
    (m) => m.body?.length && !m.body.includes('motorcycle') && !m.body.includes('caravan'),
  );
  return {
    async lookup(rego, state, now) {
      const plate = normaliseRego(rego);
      if (!plate || plate.startsWith('NOTREG') || models.length === 0) return undefined;
      const rand = prng(hashString(`${state}:${plate}`));
      const model = pick(rand, models);
      const year = now.getFullYear() - Math.floor(rand() * 15);
      const fuel = model.fuel?.[0] ?? 'Petrol';
      const vin = Array.from({ length: 17 }, () => pick(rand, [...VIN_CHARS])).join('');
      const expiry = new Date(now.getTime() + (30 + Math.floor(rand() * 330)) * 86_400_000);
      return {
        year,
        make: model.manufacturer_name,
        model: model.name,
        body: model.body![0],
        colour: pick(rand, COLOURS),
        fuel,
        transmission: fuel === 'Electric' || rand() < 0.8 ? 'Automatic' : 'Manual',
        vin,
        rego_expiry: expiry.toISOString().slice(0, 10),
      };
    },
  };
}
