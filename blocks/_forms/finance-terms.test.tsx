import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { financeLendersFor } from '../../engine/inventory/finance.ts';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { financeInfo } from '../_cars/rules.ts';
import { car, NOW } from '../_cars/test-cars.ts';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { FinanceCalculator } from './FinanceCalculator.tsx';
import { calculatorTerms } from './finance-terms.ts';

/** Draws that give each lender a different rate, deterministically. */
function draws(seed: number) {
  let x = seed;
  const next = () => (x = (x * 16807) % 2147483647) / 2147483647;
  return {
    range: (min: number, max: number) => min + next() * (max - min),
    chance: (p: number) => next() < p,
  };
}

function carWithFinance(price: number, seed: number) {
  const lenders = financeLendersFor(draws(seed), {
    price,
    year: 2022,
    currentYear: 2026,
    carType: 'used',
    make: 'Ford',
    body: 'ute',
    region: 'AU',
  });
  return car({ price, year: 2022, finance_lenders: lenders });
}

function calculatorWeekly(terms: ReturnType<typeof calculatorTerms>, price: number): number {
  const { site, data } = prepareDemoSite({ site: 'southern-motor-group' });
  const { container, unmount } = render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter>
        <FinanceCalculator price={price} terms={terms} />
      </MemoryRouter>
    </SiteProvider>,
  );
  const text = container.querySelector('.fc-result__value')!.textContent!;
  unmount();
  return Number(text.replace(/[^0-9.]/g, ''));
}

describe("the calculator opened from a car quotes the card's weekly figure", () => {
  const { site } = prepareDemoSite({ site: 'southern-motor-group' });

  it('for cars of many prices and lenders (rate, deposit, term, balloon)', () => {
    for (const [price, seed] of [
      [24_990, 1],
      [31_500, 7],
      [45_990, 42],
      [68_000, 99],
      [12_345, 5],
    ] as const) {
      const c = carWithFinance(price, seed);
      const card = financeInfo(c, site, NOW);
      expect(card, `${price}`).not.toBeNull();
      const terms = calculatorTerms(c, site, NOW);
      expect(terms).toMatchObject({
        rate: card!.lender.interestRate,
        deposit: card!.lender.deposit ?? 0,
      });
      expect(calculatorWeekly(terms, price), `${price} via ${card!.provider}`).toBe(card!.weekly);
    }
  }, 30_000);

  it("without the car's terms the site's defaults apply (a different figure)", () => {
    const c = carWithFinance(45_990, 42);
    const card = financeInfo(c, site, NOW)!;
    expect(calculatorWeekly(undefined, 45_990)).not.toBe(card.weekly);
  }, 30_000);

  it('no terms for a car whose card shows no weekly figure', () => {
    expect(calculatorTerms(car({ finance_lenders: {} }), site, NOW)).toBeUndefined();
    expect(calculatorTerms(undefined, site, NOW)).toBeUndefined();
  });
});
