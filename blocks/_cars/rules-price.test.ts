/** The car rules (rules.ts): the price shown and the weekly finance price per provider. */
import { describe, expect, it } from 'vitest';
import { financeDisclaimers, financeInfo, priceDisplay } from './rules.ts';
import { car, features, NOW } from './test-cars.ts';
import type { Car, FinanceLender } from '../../schemas/types.gen.ts';

describe('price display states', () => {
  const f = features();
  it('subscription first', () => {
    expect(priceDisplay(car({ subscription_price: 180 }), f)).toEqual({
      state: 'subscription',
      weekly: 180,
      price: 27990,
    });
  });
  it('reduced only when before_price is greater than the price', () => {
    expect(priceDisplay(car({ before_price: 29990 }), f)).toEqual({
      state: 'reduced',
      price: 27990,
      was: 29990,
    });
    expect(priceDisplay(car({ before_price: 27990 }), f)).toEqual({
      state: 'car-price',
      price: 27990,
    });
    expect(priceDisplay(car({ before_price: 20000 }), f)).toEqual({
      state: 'car-price',
      price: 27990,
    });
  });
  it('a price number only above 10', () => {
    expect(priceDisplay(car({ price: 11 }), f)).toEqual({ state: 'car-price', price: 11 });
    expect(priceDisplay(car({ price: 10 }), f)).toEqual({
      state: 'no-price',
      text: 'Enquire for price',
    });
  });
  it('PREORDER, then the site no-price text', () => {
    expect(priceDisplay(car({ price: 0, preorder: true }), f)).toEqual({
      state: 'preorder',
      text: 'PREORDER',
    });
    expect(priceDisplay(car({ price: 0 }), features({ noPriceText: 'Call for price' }))).toEqual({
      state: 'no-price',
      text: 'Call for price',
    });
  });
});

describe('weekly finance price per provider', () => {
  const site = { features: features({ financeExcludedDealerships: ['southern-kia'] }) };
  const lender = (extra: Partial<FinanceLender> = {}): FinanceLender => ({
    interestRate: 9.5,
    comparisonRate: 10.1,
    paymentWeek: 149.5,
    paymentMonth: 648,
    ...extra,
  });
  const withLender = (provider: string, l: FinanceLender, overrides: Partial<Car> = {}) =>
    car({ finance_lenders: { [provider]: l }, ...overrides });

  it('needs lender data, both rates, a make other than Suzuki and a dealership not excluded', () => {
    expect(financeInfo(car({ finance_lenders: {} }), site, NOW)).toBeNull();
    expect(financeInfo(car({ finance_lenders: undefined }), site, NOW)).toBeNull();
    expect(financeInfo(withLender('Taurus', lender({ interestRate: null })), site, NOW)).toBeNull();
    expect(
      financeInfo(withLender('Taurus', lender({ comparisonRate: null })), site, NOW),
    ).toBeNull();
    expect(financeInfo(withLender('Taurus', lender(), { make: 'Suzuki' }), site, NOW)).toBeNull();
    expect(
      financeInfo(withLender('Taurus', lender(), { dealership_slug: 'southern-kia' }), site, NOW),
    ).toBeNull();
    expect(financeInfo(withLender('Taurus', lender()), site, NOW)).toMatchObject({
      provider: 'Taurus',
      weekly: 150,
      interestRate: 9.5,
      comparisonRate: 10.1,
    });
  });

  it('Taurus: year newer than current year − 12, price over 500, available, weekly payment', () => {
    expect(financeInfo(withLender('Taurus', lender(), { year: 2015 }), site, NOW)).not.toBeNull();
    expect(financeInfo(withLender('Taurus', lender(), { year: 2014 }), site, NOW)).toBeNull();
    expect(financeInfo(withLender('Taurus', lender(), { price: 500 }), site, NOW)).toBeNull();
    expect(financeInfo(withLender('Taurus', lender(), { price: 501 }), site, NOW)).not.toBeNull();
    expect(
      financeInfo(withLender('Taurus', lender(), { status: 'sold', sold: true }), site, NOW),
    ).toBeNull();
    expect(
      financeInfo(withLender('Taurus', lender(), { status: 'coming_soon' }), site, NOW),
    ).not.toBeNull();
    expect(financeInfo(withLender('Taurus', lender({ paymentWeek: null })), site, NOW)).toBeNull();
  });

  it.each(['360 Finance', 'AusLoans'])('%s: available status only', (provider) => {
    expect(
      financeInfo(withLender(provider, lender(), { price: 100, year: 1990 }), site, NOW),
    ).toMatchObject({ provider, weekly: 150 });
    expect(
      financeInfo(withLender(provider, lender(), { status: 'sold', sold: true }), site, NOW),
    ).toBeNull();
  });

  it.each(['Manual', 'Angle', 'Powertorque'])(
    '%s: price over 500, available, weekly payment',
    (provider) => {
      expect(financeInfo(withLender(provider, lender(), { year: 1990 }), site, NOW)).toMatchObject({
        provider,
      });
      expect(financeInfo(withLender(provider, lender(), { price: 500 }), site, NOW)).toBeNull();
      expect(
        financeInfo(withLender(provider, lender(), { status: 'sold', sold: true }), site, NOW),
      ).toBeNull();
      expect(
        financeInfo(withLender(provider, lender({ paymentWeek: null })), site, NOW),
      ).toBeNull();
    },
  );

  it('Nissan Finance: price over 500, available, monthly payment (weekly = monthly × 12 / 52, whole dollars)', () => {
    const l = lender({ paymentWeek: null, paymentMonth: 650 });
    expect(
      financeInfo(withLender('Nissan Finance', l, { make: 'Nissan' }), site, NOW),
    ).toMatchObject({ provider: 'Nissan Finance', weekly: 150 });
    expect(
      financeInfo(
        withLender('Nissan Finance', lender({ paymentMonth: null }), { make: 'Nissan' }),
        site,
        NOW,
      ),
    ).toBeNull();
    expect(financeInfo(withLender('Nissan Finance', l, { price: 400 }), site, NOW)).toBeNull();
    expect(
      financeInfo(withLender('Nissan Finance', l, { status: 'sold', sold: true }), site, NOW),
    ).toBeNull();
  });

  it('falls through to the next provider whose rule passes', () => {
    const c = car({
      year: 2010,
      finance_lenders: { Taurus: lender(), AusLoans: lender({ paymentWeek: 88.4 }) },
    });
    expect(financeInfo(c, site, NOW)).toMatchObject({ provider: 'AusLoans', weekly: 88 });
  });

  it('lists disclaimers per provider', () => {
    const c = car({
      finance_lenders: {
        Taurus: lender({ disclaimer: 'T' }),
        Angle: lender({ disclaimer: null }),
        AusLoans: lender({ disclaimer: 'A' }),
      },
    });
    expect(financeDisclaimers(c)).toEqual([
      { provider: 'Taurus', text: 'T' },
      { provider: 'AusLoans', text: 'A' },
    ]);
    const shown = financeInfo(c, site, NOW);
    expect(financeDisclaimers(c, shown).map((d) => d.provider)).toEqual([
      'Taurus',
      'AusLoans',
      'Toyota Finance',
    ]);
    expect(financeDisclaimers({ ...c, make: 'Mazda' }, shown).map((d) => d.provider)).toEqual([
      'Taurus',
      'AusLoans',
    ]);
  });
});
