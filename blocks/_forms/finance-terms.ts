/**
 * The calculator's starting terms for a car: the rate, deposit, term and balloon of the lender
 * whose weekly figure the car's card shows (docs/forms.md, "Finance"), so the calculator opened
 * from a car quotes what its card quoted. None when the card shows no weekly figure.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { financeInfo, type CarLike } from '../_cars/rules.ts';
import type { CarSummary } from './car.ts';
import type { CalculatorTerms } from './FinanceCalculator.tsx';

export function calculatorTerms(
  car: CarLike | CarSummary | undefined,
  site: Pick<ResolvedSite, 'features'>,
  now = Date.now(),
): CalculatorTerms | undefined {
  // A form's car summary carries the fields the card rule reads (make, status, price, lenders).
  const info = car ? financeInfo(car as CarLike, site, now) : null;
  if (!info) return undefined;
  const { lender } = info;
  const years = lender.termYears ?? (lender.termMonths ? lender.termMonths / 12 : undefined);
  if (!years || !Number.isInteger(years)) return undefined;
  return {
    rate: info.interestRate,
    deposit: lender.deposit ?? 0,
    years,
    balloon: lender.balloon ?? 0,
  };
}
