/**
 * Indicative finance per provider, as dealer feeds carry it (finance_lenders keyed by
 * provider). Repayments use the standard amortisation formula so weekly and monthly figures
 * agree with the rate, term, deposit and balloon shown beside them.
 */
import type { FinanceLender, FinanceLenders, Region } from '../../schemas/types.gen.ts';
import { regionSettings } from '../region.ts';

/** The draws a lender offer needs (the stock's generator passes its seeded PRNG, demo/prng.ts). */
export interface FinanceDraw {
  /** A number in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Monthly repayment of a loan with a balloon (residual) paid with the last instalment. */
export function monthlyRepayment(
  principal: number,
  annualRatePct: number,
  months: number,
  balloon: number,
): number {
  const r = annualRatePct / 100 / 12;
  if (r === 0) return (principal - balloon) / months;
  const pow = Math.pow(1 + r, months);
  return ((principal - balloon / pow) * r) / (1 - 1 / pow);
}

/**
 * The weekly figure of a monthly repayment, in whole dollars (monthly × 12 / 52): the one
 * weekly rule of the stock's lender figures, the cards and the finance calculator
 * (docs/forms.md, "Finance"), so a car's card and its calculator quote the same amount.
 */
export function weeklyFromMonthly(monthly: number): number {
  return Math.round((monthly * 12) / 52);
}

const DISCLAIMERS: Record<keyof FinanceLenders, string> = {
  Taurus:
    'Indicative repayments based on a 10% deposit over the term shown at the advertised rate. Comparison rate based on a 5-year secured loan of $30,000. Fees and charges apply. Subject to Taurus Finance approval criteria.',
  '360 Finance':
    'Estimate only, from 360 Finance. Rates depend on your credit history. Comparison rate based on a 5-year secured loan of $30,000.',
  AusLoans:
    'AusLoans indicative weekly repayment. Terms, conditions, fees and lending criteria apply.',
  Manual: 'Dealer indicative repayment. Not a finance offer. Terms and conditions apply.',
  Angle:
    'Angle Finance indicative repayment for approved business and personal applicants. Fees apply.',
  Powertorque: 'Powertorque Finance estimate for approved applicants. Conditions apply.',
  'Nissan Finance':
    'Nissan Financial Services monthly repayment, approved applicants only. Fees and charges apply.',
};

export interface FinanceInput {
  price: number;
  year: number;
  currentYear: number;
  carType: 'new' | 'demo' | 'used';
  make: string;
  body: string;
  region: Region;
}

function lender(
  d: FinanceDraw,
  provider: keyof FinanceLenders,
  price: number,
  rate: number,
  termMonths: number,
  depositPct: number,
  balloonPct: number,
): FinanceLender {
  const deposit = Math.round(price * depositPct);
  const balloon = Math.round(price * balloonPct);
  const monthly = monthlyRepayment(price - deposit, rate, termMonths, balloon);
  return {
    interestRate: rate,
    comparisonRate: round2(rate + d.range(0.35, 1.3)),
    paymentWeek: weeklyFromMonthly(monthly),
    paymentMonth: Math.round(monthly),
    termMonths,
    termYears: termMonths / 12,
    deposit,
    balloon,
    disclaimer: DISCLAIMERS[provider],
  };
}

/** The lenders a car of this kind would carry; empty when it is too cheap to finance. */
export function financeLendersFor(d: FinanceDraw, input: FinanceInput): FinanceLenders {
  const { price } = input;
  const lenders: FinanceLenders = {};
  if (price <= 500) return lenders;
  const rate = () => round2(d.range(7.49, 12.99));
  if (!regionSettings(input.region).financePartners) {
    lenders.Manual = lender(d, 'Manual', price, rate(), 60, 0.1, 0);
    return lenders;
  }
  if (input.year > input.currentYear - 12)
    lenders.Taurus = lender(d, 'Taurus', price, rate(), 60, 0.1, 0);
  if (input.carType === 'used' && d.chance(0.5))
    lenders['360 Finance'] = lender(d, '360 Finance', price, rate(), 60, 0, 0);
  if (d.chance(0.3)) lenders.AusLoans = lender(d, 'AusLoans', price, rate(), 84, 0, 0);
  if (input.carType !== 'used' && d.chance(0.4))
    lenders.Angle = lender(d, 'Angle', price, rate(), 48, 0, 0.3);
  if (
    (input.body === 'ute' || input.body === 'cabChassis' || input.body === 'lightTruck') &&
    d.chance(0.3)
  ) {
    lenders.Powertorque = lender(d, 'Powertorque', price, rate(), 60, 0, 0.25);
  }
  if (input.make === 'Nissan' && input.carType !== 'used')
    lenders['Nissan Finance'] = lender(d, 'Nissan Finance', price, rate(), 48, 0.1, 0.35);
  if (!Object.keys(lenders).length) lenders.Manual = lender(d, 'Manual', price, rate(), 60, 0.1, 0);
  return lenders;
}

/** The weekly figure a card shows: the first lender with one, in the order sites prefer. */
export function headlineWeekly(lenders: FinanceLenders): number | null {
  for (const key of [
    'Taurus',
    'Angle',
    'Powertorque',
    'AusLoans',
    '360 Finance',
    'Manual',
  ] as const) {
    const w = lenders[key]?.paymentWeek;
    if (typeof w === 'number') return w;
  }
  const m = lenders['Nissan Finance']?.paymentMonth;
  return typeof m === 'number' ? Math.round((m * 12) / 52) : null;
}
