/**
 * The calculator's starting terms for a car: the rate, deposit, term and balloon of the lender
 * whose weekly figure the car's card shows (docs/forms.md, "Finance"), so the calculator opened
 * from a car quotes what its card quoted. None when the card shows no weekly figure.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { financeInfo, type CarLike } from '../_cars/rules.ts';
import type { CalculatorTerms } from './FinanceCalculator.tsx';

export function calculatorTerms(car: CarLike | undefined, site: Pick<ResolvedSite, 'features'>, now = Date.now()): CalculatorTerms | undefined {
  const info = car ? financeInfo(car, site, now) : null;
  if (!info) return undefined;
  const { lender } = info;
  const years = lender.termYears ?? (lender.termMonths ? lender.termMonths / 12 : undefined);
  if (!years || !Number.isInteger(years)) return undefined;
  return { rate: lender.interestRate, deposit: lender.deposit ?? 0, years, balloon: lender.balloon ?? 0 };
}
