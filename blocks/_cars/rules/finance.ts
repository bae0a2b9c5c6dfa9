/** The weekly finance indication and the finance disclaimers (docs/cars.md, "Card rules"). */
import type { FinanceLender, FinanceLenders } from '../../../schemas/types.gen.ts';
import { num, type CarLike, type SiteLike } from './car.ts';
import {
  CERTIFIED_MAKE,
  FINANCE_AGE_LIMIT_YEARS,
  FINANCE_EXCLUDED_MAKE,
  FINANCE_MIN_PRICE,
} from './constants.ts';
import { isAvailable } from './status.ts';

export type Provider = keyof FinanceLenders;
/** The order providers are tried in (the same order the indexer picks weekly_price with). */
export const PROVIDER_ORDER: Provider[] = [
  'Taurus',
  'Angle',
  'Powertorque',
  'AusLoans',
  '360 Finance',
  'Manual',
  'Nissan Finance',
];

export interface FinanceInfo {
  provider: Provider;
  /** Whole dollars a week. */
  weekly: number;
  interestRate: number;
  comparisonRate: number;
  lender: FinanceLender;
}

/** Whether one provider's rules pass for this car (docs/cars.md, "Card rules"). */
export function providerQualifies(
  provider: Provider,
  lender: FinanceLender,
  car: CarLike,
  now: number,
): boolean {
  const price = car.price ?? 0;
  const available = isAvailable(car);
  const currentYear = new Date(now).getUTCFullYear();
  switch (provider) {
    case 'Taurus':
      return (
        (car.year ?? 0) > currentYear - FINANCE_AGE_LIMIT_YEARS &&
        price > FINANCE_MIN_PRICE &&
        available &&
        num(lender.paymentWeek)
      );
    case '360 Finance':
    case 'AusLoans':
      return available;
    case 'Manual':
    case 'Angle':
    case 'Powertorque':
      return price > FINANCE_MIN_PRICE && available && num(lender.paymentWeek);
    case 'Nissan Finance':
      return price > FINANCE_MIN_PRICE && available && num(lender.paymentMonth);
    default:
      return false;
  }
}

/** A lender's weekly figure, rounded to whole dollars: its weekly payment, or its monthly × 12 / 52. */
export function weeklyOf(lender: FinanceLender): number | undefined {
  if (num(lender.paymentWeek)) return Math.round(lender.paymentWeek);
  if (num(lender.paymentMonth)) return Math.round((lender.paymentMonth * 12) / 52);
  return undefined;
}

/**
 * The weekly finance indication a card shows, or null (docs/cars.md, "Card rules"): lender data present,
 * interestRate and comparisonRate not null, the make not Suzuki, the dealership not
 * excluded by the site, and the provider's own rule.
 */
export function financeInfo(car: CarLike, site: SiteLike, now: number): FinanceInfo | null {
  const lenders = car.finance_lenders;
  if (!lenders || !Object.keys(lenders).length) return null;
  if ((car.make ?? '').trim().toLowerCase() === FINANCE_EXCLUDED_MAKE.toLowerCase()) return null;
  if (car.dealership_slug && site.features.financeExcludedDealerships.includes(car.dealership_slug))
    return null;
  for (const provider of PROVIDER_ORDER) {
    const lender = lenders[provider];
    if (!lender || !num(lender.interestRate) || !num(lender.comparisonRate)) continue;
    if (!providerQualifies(provider, lender, car, now)) continue;
    const weekly = weeklyOf(lender);
    if (weekly === undefined || weekly <= 0) continue;
    return {
      provider,
      weekly,
      interestRate: lender.interestRate,
      comparisonRate: lender.comparisonRate,
      lender,
    };
  }
  return null;
}

export const TOYOTA_FINANCE_DISCLAIMER =
  'Toyota Finance: indicative repayments only, based on the advertised price, term and rate shown, to approved applicants of Toyota Finance. Fees, charges and terms and conditions apply. Not a quote or an offer of finance.';

/**
 * The finance disclaimers of the detail page: one per provider with data and a disclaimer,
 * plus the Toyota Finance indicative-repayment disclaimer (docs/cars.md, "Choices we made") on Toyotas that show a
 * weekly figure.
 */
export function financeDisclaimers(
  car: CarLike,
  shown?: FinanceInfo | null,
): { provider: string; text: string }[] {
  const lenders = car.finance_lenders ?? {};
  const out: { provider: string; text: string }[] = PROVIDER_ORDER.flatMap((provider) => {
    const text = lenders[provider]?.disclaimer;
    return text ? [{ provider, text }] : [];
  });
  if (shown && car.make === CERTIFIED_MAKE)
    out.push({ provider: 'Toyota Finance', text: TOYOTA_FINANCE_DISCLAIMER });
  return out;
}
