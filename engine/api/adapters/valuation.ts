/**
 * Trade-in valuation. The local default is a simple estimator: the model's new price
 * from the catalogue (or a typical price for the make), depreciated by age, adjusted
 * for kilometres against 15,000 a year, then for the condition answers; the offer is
 * 85% of that (the dealer's margin and reconditioning). It honours the eligibility rule
 * (docs/forms.md, "Trade-in and sell my car"): cars older than 7 years or over 100,000 km
 * get no online estimate.
 */
import type { AdjustmentAnswers, Catalogue } from '../../../schemas/types.gen.ts';

export const MAX_AGE_YEARS = 7;
export const MAX_KMS = 100_000;

export interface VehicleForValuation {
  make: string;
  model: string;
  year: number;
  kms: number;
}

export type ValuationOutcome =
  | { eligible: true; estimate: { low: number; high: number }; offer_price: number }
  | { eligible: false; reason: string };

export interface TradeInValuer {
  value(
    vehicle: VehicleForValuation,
    answers: AdjustmentAnswers,
    now: Date,
  ): Promise<ValuationOutcome>;
}

/** Why a car gets no online estimate, or undefined when it can have one. */
export function ineligibleReason(
  vehicle: Pick<VehicleForValuation, 'year' | 'kms'>,
  now: Date,
): string | undefined {
  if (now.getFullYear() - vehicle.year > MAX_AGE_YEARS) {
    return `Cars older than ${MAX_AGE_YEARS} years can't be valued online. Our team will contact you with an offer.`;
  }
  if (vehicle.kms > MAX_KMS) {
    return "Cars with more than 100,000 km can't be valued online. Our team will contact you with an offer.";
  }
  return undefined;
}

const PREMIUM = new Set([
  'audi',
  'bmw',
  'genesis',
  'jaguar',
  'land rover',
  'lexus',
  'mercedes-benz',
  'porsche',
  'tesla',
  'volvo',
]);

/** Each answer's effect on the value, as a fraction (documented in docs/api.md). */
export function adjustmentFactor(a: AdjustmentAnswers): number {
  let f = 1;
  f *= { excellent: 1.03, good: 1, fair: 0.92, poor: 0.8 }[a.condition ?? 'good'];
  if (a.accident_history) f *= 0.9;
  f *= { full: 1, partial: 0.96, none: 0.9 }[a.service_history ?? 'full'];
  if (a.keys === 1) f *= 0.98;
  if (a.keys === 0) f *= 0.95;
  if (a.modifications) f *= 0.95;
  if (a.warning_lights) f *= 0.92;
  if (a.tyres === 'worn') f *= 0.97;
  return f;
}

export function localValuer(catalogue: Pick<Catalogue, 'models'>): TradeInValuer {
  const newPrice = (make: string, model: string) => {
    const m = catalogue.models.find(
      (x) =>
        x.manufacturer_name.toLowerCase() === make.toLowerCase() &&
        x.name.toLowerCase() === model.toLowerCase(),
    );
    return m?.from_price ?? (PREMIUM.has(make.toLowerCase()) ? 75_000 : 40_000);
  };
  return {
    async value(vehicle, answers, now) {
      const reason = ineligibleReason(vehicle, now);
      if (reason) return { eligible: false, reason };
      const age = Math.max(0, now.getFullYear() - vehicle.year);
      // About 18% in the first year, then 12% a year.
      const retained = age === 0 ? 0.9 : 0.82 * 0.88 ** (age - 1);
      const expectedKms = 15_000 * Math.max(age, 0.5);
      const kmFactor = Math.min(
        1.15,
        Math.max(0.85, 1 - ((vehicle.kms - expectedKms) / 10_000) * 0.015),
      );
      const retail =
        newPrice(vehicle.make, vehicle.model) * retained * kmFactor * adjustmentFactor(answers);
      const offer = roundTo(retail * 0.85, 50);
      return {
        eligible: true,
        offer_price: offer,
        estimate: { low: roundTo(offer * 0.95, 100), high: roundTo(offer * 1.05, 100) },
      };
    },
  };
}

const roundTo = (n: number, step: number) => Math.max(0, Math.round(n / step) * step);
