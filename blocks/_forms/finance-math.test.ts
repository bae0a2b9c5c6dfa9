import { describe, expect, it } from 'vitest';
import {
  COMPARISON_BASIS,
  TAURUS_DEPOSIT_RATE,
  amortisationSchedule,
  formatDay,
  loanSummary,
  offerEndDate,
  parseAmount,
  repayment,
  taurusDeposit,
  todayIn,
  weeklyRepayment,
} from './finance-math.ts';

describe('repayments', () => {
  it('matches the annuity formula (30,000 over 5 years at 10%)', () => {
    // Standard result: $637.41 a month.
    expect(repayment({ principal: 30_000, annualRatePct: 10, years: 5 }, 'monthly')).toBeCloseTo(
      637.41,
      2,
    );
    expect(weeklyRepayment({ principal: 30_000, annualRatePct: 10, years: 5 })).toBe(147);
  });

  it('rounds the weekly price to whole dollars', () => {
    const w = weeklyRepayment({ principal: 45_990, annualRatePct: 8.5, years: 5 });
    expect(Number.isInteger(w)).toBe(true);
    // The weekly rule of the cards: the monthly repayment × 12 / 52.
    expect(w).toBe(
      Math.round(
        (repayment({ principal: 45_990, annualRatePct: 8.5, years: 5 }, 'monthly') * 12) / 52,
      ),
    );
  });

  it('handles a zero rate and nothing borrowed', () => {
    expect(repayment({ principal: 12_000, annualRatePct: 0, years: 1 }, 'monthly')).toBe(1000);
    expect(repayment({ principal: 0, annualRatePct: 10, years: 5 }, 'weekly')).toBe(0);
    expect(repayment({ principal: -5, annualRatePct: 10, years: 5 }, 'weekly')).toBe(0);
  });

  it('a balloon lowers the repayment and is what remains at the end', () => {
    const loan = { principal: 30_000, annualRatePct: 10, years: 5, balloon: 9_000 };
    expect(repayment(loan, 'monthly')).toBeLessThan(repayment({ ...loan, balloon: 0 }, 'monthly'));
    const rows = amortisationSchedule(loan, 'monthly');
    expect(rows).toHaveLength(60);
    expect(rows[59].balance).toBeCloseTo(9_000, 4);
  });

  it('the schedule pays the loan off exactly, interest falling and principal rising', () => {
    const rows = amortisationSchedule({ principal: 30_000, annualRatePct: 10, years: 5 }, 'weekly');
    expect(rows).toHaveLength(260);
    expect(rows[259].balance).toBeCloseTo(0, 6);
    expect(rows[0].interest).toBeGreaterThan(rows[100].interest);
    expect(rows[0].principal).toBeLessThan(rows[100].principal);
    const paid = rows.reduce((s, r) => s + r.principal, 0);
    expect(paid).toBeCloseTo(30_000, 4);
  });

  it('sums up the loan', () => {
    const s = loanSummary({ principal: 30_000, annualRatePct: 10, years: 5 });
    expect(s).toMatchObject({ principal: 30_000, weekly: 147, monthly: 637 });
    expect(s.totalRepaid).toBe(Math.round(637.4113 * 60));
    expect(s.totalInterest).toBe(s.totalRepaid - 30_000);
  });
});

describe('the calculator\'s fixed rules (docs/forms.md, "Finance")', () => {
  it('comparison rate basis: a 5-year secured loan of $30,000; Taurus deposit 10%', () => {
    expect(COMPARISON_BASIS).toEqual({ amount: 30_000, years: 5 });
    expect(TAURUS_DEPOSIT_RATE).toBe(0.1);
    expect(taurusDeposit(45_990)).toBe(4599);
    expect(taurusDeposit(-1)).toBe(0);
  });

  it('offer end: one month from today, clamped to the month end', () => {
    expect(offerEndDate({ year: 2025, month: 3, day: 15 })).toEqual({
      year: 2025,
      month: 4,
      day: 15,
    });
    expect(offerEndDate({ year: 2025, month: 1, day: 31 })).toEqual({
      year: 2025,
      month: 2,
      day: 28,
    });
    expect(offerEndDate({ year: 2024, month: 1, day: 31 })).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(offerEndDate({ year: 2025, month: 12, day: 20 })).toEqual({
      year: 2026,
      month: 1,
      day: 20,
    });
    expect(formatDay({ year: 2026, month: 1, day: 20 }, 'en-AU')).toBe('20 January 2026');
    expect(formatDay({ year: 2026, month: 1, day: 20 }, 'en-US')).toBe('January 20, 2026');
  });

  it("today is the dealer's date, not the server's", () => {
    const now = new Date('2025-03-31T20:00:00Z'); // already 1 April in Brisbane
    expect(todayIn('Australia/Brisbane', now)).toEqual({ year: 2025, month: 4, day: 1 });
    expect(todayIn('America/Chicago', now)).toEqual({ year: 2025, month: 3, day: 31 });
    expect(todayIn('Not/AZone', now)).toEqual({ year: 2025, month: 3, day: 31 });
  });

  it('reads amounts typed with $ and commas', () => {
    expect(parseAmount('$30,000')).toBe(30000);
    expect(parseAmount(' 2500.50 ')).toBe(2500.5);
    expect(parseAmount('')).toBeNaN();
    expect(parseAmount('12k')).toBeNaN();
  });
});
