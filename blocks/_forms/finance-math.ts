/**
 * Finance calculator maths (pure). Repayments of an amortising loan with an optional
 * balloon; the calculator's fixed rules (docs/forms.md, "Finance"): weekly repayments
 * rounded to whole dollars, comparison rate basis a 5-year secured loan of $30,000, Taurus
 * deposit 10%, offer end one month from today.
 */
import { weeklyFromMonthly } from '../../engine/inventory/finance.ts';

export type Frequency = 'weekly' | 'fortnightly' | 'monthly';

export const PERIODS_PER_YEAR: Record<Frequency, number> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
};

/** The comparison rate's basis, named in the calculator's disclaimer: a secured loan of $30,000 over 5 years (docs/forms.md, "Finance"). */
export const COMPARISON_BASIS = { amount: 30_000, years: 5 } as const;
export const TAURUS_DEPOSIT_RATE = 0.1;
export const DEFAULT_INTEREST_RATE = 10;

export interface Loan {
  /** Amount borrowed (price − deposit). */
  principal: number;
  /** Yearly interest rate in percent (e.g. 8.5). */
  annualRatePct: number;
  years: number;
  /** Owed at the end, after the last repayment. */
  balloon?: number;
}

/** The repayment each period, unrounded. */
export function repayment(loan: Loan, frequency: Frequency): number {
  const n = PERIODS_PER_YEAR[frequency];
  const count = Math.round(loan.years * n);
  const principal = Math.max(0, loan.principal);
  const balloon = Math.min(Math.max(0, loan.balloon ?? 0), principal);
  if (count <= 0 || principal === 0) return 0;
  const r = loan.annualRatePct / 100 / n;
  if (r === 0) return (principal - balloon) / count;
  const growth = (1 + r) ** count;
  return ((principal - balloon / growth) * r) / (1 - 1 / growth);
}

/**
 * The weekly price: the monthly repayment × 12 / 52, in whole dollars, the same rule as the
 * weekly figure on a car's card (engine/inventory/finance.ts; docs/forms.md, "Finance").
 */
export function weeklyRepayment(loan: Loan): number {
  return weeklyFromMonthly(repayment(loan, 'monthly'));
}

/** The fortnightly price by the same rule: the monthly repayment × 12 / 26. */
export function fortnightlyRepayment(loan: Loan): number {
  return Math.round((repayment(loan, 'monthly') * 12) / 26);
}

export interface ScheduleRow {
  period: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/** Every repayment with its interest and principal parts; the balance ends at the balloon. */
export function amortisationSchedule(loan: Loan, frequency: Frequency): ScheduleRow[] {
  const n = PERIODS_PER_YEAR[frequency];
  const count = Math.round(loan.years * n);
  const r = loan.annualRatePct / 100 / n;
  const payment = repayment(loan, frequency);
  const rows: ScheduleRow[] = [];
  let balance = Math.max(0, loan.principal);
  for (let period = 1; period <= count; period++) {
    const interest = balance * r;
    const principal = payment - interest;
    balance = balance - principal;
    rows.push({
      period,
      payment,
      interest,
      principal,
      balance: Math.abs(balance) < 1e-6 ? 0 : balance,
    });
  }
  return rows;
}

export interface LoanSummary {
  principal: number;
  weekly: number;
  fortnightly: number;
  monthly: number;
  /** Interest over the whole term (monthly repayments). */
  totalInterest: number;
  /** Everything repaid, balloon included (monthly repayments). */
  totalRepaid: number;
}

export function loanSummary(loan: Loan): LoanSummary {
  const monthly = repayment(loan, 'monthly');
  const months = Math.round(loan.years * 12);
  const balloon = Math.min(Math.max(0, loan.balloon ?? 0), Math.max(0, loan.principal));
  const totalRepaid = monthly * months + balloon;
  return {
    principal: Math.max(0, loan.principal),
    weekly: weeklyRepayment(loan),
    fortnightly: fortnightlyRepayment(loan),
    monthly: Math.round(monthly),
    totalInterest: Math.max(0, Math.round(totalRepaid - Math.max(0, loan.principal))),
    totalRepaid: Math.round(totalRepaid),
  };
}

/** Taurus quotes start with a 10% deposit, in whole dollars. */
export function taurusDeposit(price: number): number {
  return Math.round(Math.max(0, price) * TAURUS_DEPOSIT_RATE);
}

/**
 * One month from today (the offer end date; docs/forms.md, "Finance"): the same day next month, or that
 * month's last day when it is shorter (31 January → 28 or 29 February).
 */
export function offerEndDate(today: { year: number; month: number; day: number }): {
  year: number;
  month: number;
  day: number;
} {
  let year = today.year;
  let month = today.month + 1;
  if (month > 12) {
    month = 1;
    year++;
  }
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(today.day, last) };
}

/** Today's date in a time zone (the dealer's), so the server and the browser agree. */
export function todayIn(
  timeZone: string | undefined,
  now = new Date(),
): { year: number; month: number; day: number } {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    return { year: get('year'), month: get('month'), day: get('day') };
  } catch {
    return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
  }
}

export function formatDay(
  date: { year: number; month: number; day: number },
  locale: string,
): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

/** "A $12,345 deposit" style input: text typed with $ and commas becomes a number (NaN when not a number). */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return NaN;
  return /^\d+(?:\.\d+)?$/.test(cleaned) ? Number(cleaned) : NaN;
}
