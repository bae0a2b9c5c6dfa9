import { describe, expect, it } from 'vitest';
import {
  cardButtons,
  cardStatusClass,
  carFinanceHref,
  carTag,
  commentSections,
  cutText,
  feetFromBadge,
  feetToMetres,
  financeDisclaimers,
  financeInfo,
  hasValue,
  isBelowMarket,
  isCertifiedBadge,
  isReservable,
  listView,
  maskPhone,
  priceDisplay,
  regoExpiryFuture,
  reservedBadge,
  showFavourite,
  similarHref,
  specRows,
  toggleWords,
  type CarTag,
} from './rules.ts';
import { car, DAY, features, NOW } from './test-cars.ts';
import type { Car, FinanceLender } from '../../schemas/types.gen.ts';

const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

describe('tag precedence (first match wins)', () => {
  const all = features({
    electricHybridLabel: true,
    certifiedUsedBadge: true,
    reservedWording: 'Reserved',
    tagColours: { 'runout sale': '#1a7f37' },
  });
  const recent = new Date(NOW - 2 * DAY).toISOString();
  // Each row: a car that qualifies for every rule from `expected` down; the first one must win.
  const table: [string, Partial<Car>, Partial<CarTag> | null][] = [
    [
      'electric beats everything',
      {
        simple_fuel: 'Electric',
        reserved: true,
        certified: true,
        tag: 'x',
        status: 'in_stock',
        created_at: recent,
      },
      { kind: 'electric', text: 'Electric' },
    ],
    ['hybrid label', { simple_fuel: 'Hybrid', reserved: true }, { kind: 'hybrid', text: 'Hybrid' }],
    [
      'reserved beats certified',
      { reserved: true, certified: true, tag: 'x' },
      { kind: 'reserved', text: 'Reserved' },
    ],
    [
      'certified beats own tag',
      { certified: true, tag: 'Low kms', created_at: recent },
      { kind: 'certified' },
    ],
    [
      'own tag in red',
      { tag: 'Low kms', status: 'coming_soon', created_at: recent },
      { kind: 'own', text: 'Low kms', colour: '#c8102e' },
    ],
    [
      'runout sale in the site colour',
      { tag: 'runout sale', make: 'Ford' },
      { kind: 'own', text: 'runout sale', colour: '#1a7f37' },
    ],
    [
      'coming soon beats new arrival',
      { status: 'coming_soon', created_at: recent },
      { kind: 'coming-soon', text: 'COMING SOON' },
    ],
    [
      'new arrival under 8 days',
      { created_at: recent },
      { kind: 'new-arrival', text: 'New Arrival' },
    ],
    ['nothing otherwise', {}, null],
  ];
  it.each(table)('%s', (_name, overrides, expected) => {
    const tag = carTag(car({ created_at_timestamp: undefined as never, ...overrides }), all, NOW);
    if (expected === null) expect(tag).toBeNull();
    else expect(tag).toMatchObject(expected);
  });

  it('leaves out the electric label and the certified image where the site has them off', () => {
    const off = features();
    expect(carTag(car({ simple_fuel: 'Electric' }), off, NOW)).toBeNull();
    expect(carTag(car({ certified: true }), off, NOW)).toBeNull();
    expect(carTag(car({ reserved: true }), off, NOW)).toMatchObject({ text: 'RESERVED' });
  });

  it('certified image is for Toyota only', () => {
    expect(carTag(car({ certified: true, make: 'Mazda' }), all, NOW)).toBeNull();
  });

  it('new arrival ends at 8 days', () => {
    const at = (days: number) =>
      carTag(car({ created_at_timestamp: Math.floor((NOW - days * DAY) / 1000) }), features(), NOW);
    expect(at(7.9)).toMatchObject({ kind: 'new-arrival' });
    expect(at(8)).toBeNull();
  });

  it('sold cars show JUST SOLD within the cutoff, SOLD after', () => {
    const sold = (days: number) =>
      car({
        status: 'sold',
        sold: true,
        sold_date_timestamp: Math.floor((NOW - days * DAY) / 1000),
        reserved: true,
      });
    expect(carTag(sold(1), features(), NOW)).toEqual({ kind: 'just-sold', text: 'JUST SOLD' });
    expect(carTag(sold(4), features(), NOW)).toEqual({ kind: 'sold', text: 'SOLD' });
    expect(carTag(sold(4), features({ soldCutoffDays: 5 }), NOW)).toEqual({
      kind: 'just-sold',
      text: 'JUST SOLD',
    });
  });
});

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

describe('badges', () => {
  it('below market: at least 500 under the state average (preferred) and below it', () => {
    const at = (price: number, state: number | null, national: number | null) =>
      isBelowMarket(
        car({
          price,
          autograb_data: { state_average_market_price: state, average_market_price: national },
        }),
      );
    expect(at(29500, 30000, 40000)).toBe(true);
    expect(at(29501, 30000, 40000)).toBe(false); // 499 under
    expect(at(29500, null, 30000)).toBe(true); // national when no state average
    expect(at(29600, null, 30000)).toBe(false);
    expect(at(29000, 30000, 20000)).toBe(true); // state preferred over national
    expect(at(0, 30000, 30000)).toBe(false);
    expect(isBelowMarket(car({ autograb_data: null }))).toBe(false);
  });
  it('certified: Toyota, certified, switch on, not sold', () => {
    const on = features({ certifiedUsedBadge: true });
    expect(isCertifiedBadge(car({ certified: true }), on)).toBe(true);
    expect(isCertifiedBadge(car({ certified: true }), features())).toBe(false);
    expect(isCertifiedBadge(car({ certified: false }), on)).toBe(false);
    expect(isCertifiedBadge(car({ certified: true, make: 'Lexus' }), on)).toBe(false);
    expect(isCertifiedBadge(car({ certified: true, status: 'sold', sold: true }), on)).toBe(false);
  });
});

describe('card buttons', () => {
  const kinds = (c: Car, f = features()) => cardButtons(c, f, { money }).map((b) => b.kind);
  it('default list for an available car; reserve only with reserve buttons on', () => {
    expect(kinds(car())).toEqual(['viewDetails', 'enquire', 'testDrive', 'finance']);
    expect(kinds(car(), features({ reserveButtons: true }))).toEqual([
      'viewDetails',
      'enquire',
      'testDrive',
      'finance',
      'reserve',
    ]);
  });
  it('Reserve Now with the deposit amount (default $200) and the site reserve route', () => {
    const b = cardButtons(car(), features({ reserveButtons: true }), { money }).find(
      (x) => x.kind === 'reserve',
    );
    expect(b).toMatchObject({
      label: 'Reserve Now $200',
      href: '/cars/2022-toyota-corolla-ascent-sport-1001/checkout',
      amount: 200,
    });
    const c = cardButtons(
      car(),
      features({ reserveButtons: true, reserveDeposit: 500, reserveRoute: 'buy-online' }),
      { money },
    ).find((x) => x.kind === 'reserve');
    expect(c).toMatchObject({
      label: 'Reserve Now $500',
      href: '/cars/2022-toyota-corolla-ascent-sport-1001/buy-online',
    });
  });
  it("the car page's reserved badge shows only when the tag does not already say reserved", () => {
    const electricFirst = features({ electricHybridLabel: true, reservedWording: 'Reserved' });
    const held = car({
      reserved: true,
      reserved_until: '2026-06-17T12:00:00.000Z',
      simple_fuel: 'Electric',
    });
    expect(reservedBadge(held, carTag(held, electricFirst, NOW), electricFirst)).toBe('Reserved');
    const plain = car({ reserved: true });
    expect(reservedBadge(plain, carTag(plain, features(), NOW), features())).toBeUndefined();
    expect(carTag(plain, features(), NOW)).toMatchObject({ kind: 'reserved', text: 'RESERVED' });
    expect(reservedBadge(car(), null, features())).toBeUndefined();
    expect(
      reservedBadge(car({ reserved: true, status: 'sold', sold: true }), null, features()),
    ).toBeUndefined();
  });
  it('reservable: in stock, not reserved, priced, with a payment processor', () => {
    expect(isReservable(car())).toBe(true);
    expect(isReservable(car({ reserved: true }))).toBe(false);
    expect(isReservable(car({ status: 'coming_soon' }))).toBe(false);
    expect(isReservable(car({ payment_processors: [] }))).toBe(false);
    expect(isReservable(car({ price: 0 }))).toBe(false);
  });
  it('site wording and order', () => {
    const f = features({
      cardButtons: ['viewDetails', 'enquire', 'finance'],
      enquireButtonLabel: 'Enquiry',
      financeButtonText: 'Get Pre-Approved Now',
    });
    expect(cardButtons(car(), f, { money }).map((b) => b.label)).toEqual([
      'View Details',
      'Enquiry',
      'Get Pre-Approved Now',
    ]);
  });
  it('Test Drive Only: Book a Test Drive (even when the site lists none), no enquiry', () => {
    expect(kinds(car({ tag: 'Test Drive Only' }))).toEqual(['viewDetails', 'testDrive', 'finance']);
    expect(
      kinds(
        car({ tag: 'test drive only ' }),
        features({ cardButtons: ['viewDetails', 'enquire'] }),
      ),
    ).toEqual(['viewDetails', 'testDrive']);
  });
  it('unavailable cars get Find Me Something Similar (site wording)', () => {
    const sold = car({ status: 'sold', sold: true });
    expect(kinds(sold)).toEqual(['viewDetails', 'findSimilar']);
    const b = cardButtons(sold, features({ findSimilarLabel: 'Find me something similar' }), {
      money,
    }).at(-1);
    expect(b).toEqual({
      kind: 'findSimilar',
      label: 'Find me something similar',
      href: '/search/toyota/corolla',
    });
    expect(kinds(car({ show_on_dealer_website: false }))).toEqual(['viewDetails', 'findSimilar']);
  });
  it('finance link per site with preferredDealership, vehiclePriceBudget, car_id, car_type and #finance-form', () => {
    expect(carFinanceHref(car(), features({ financeLink: '/apply-for-finance' }))).toBe(
      '/apply-for-finance?preferredDealership=southern-toyota&vehiclePriceBudget=27990&car_id=1001&car_type=used#finance-form',
    );
    expect(carFinanceHref(car({ price: 0 }), features())).toBe(
      '/finance?preferredDealership=southern-toyota&car_id=1001&car_type=used#finance-form',
    );
  });
  it('similar search path', () => {
    expect(similarHref(car({ make: 'Land Rover', model: 'Range Rover Sport' }))).toBe(
      '/search/land-rover/range-rover-sport',
    );
    expect(similarHref(undefined)).toBe('/search/new-used-and-demo-cars');
  });
  it('card class follows status', () => {
    expect(cardStatusClass(car())).toBe('fc-car-card--in-stock');
    expect(cardStatusClass(car({ status: 'coming_soon' }))).toBe('fc-car-card--coming-soon');
    expect(cardStatusClass(car({ reserved: true }))).toBe(
      'fc-car-card--in-stock fc-car-card--reserved',
    );
    expect(cardStatusClass(car({ status: 'sold', sold: true }))).toBe('fc-car-card--sold');
  });
});

describe('favourite visibility', () => {
  const on = features({ favourites: true });
  it('sellable cars on sites that store favourites', () => {
    expect(showFavourite(car(), on)).toBe(true);
    expect(showFavourite(car(), features())).toBe(false);
    expect(showFavourite(car({ status: 'sold', sold: true }), on)).toBe(false);
  });
  it('garage rules: no heart for a price of 0 or less, or without photos', () => {
    const garage = features({ favourites: true, favouritesGarageRules: true });
    expect(showFavourite(car(), garage)).toBe(true);
    expect(showFavourite(car({ price: 0 }), garage)).toBe(false);
    expect(
      showFavourite(
        car({ photos_count: 0, images: [], thumbnails: [], primary_image_url: null }),
        garage,
      ),
    ).toBe(false);
    expect(showFavourite(car({ price: 0 }), on)).toBe(true);
  });
  it('used-only sites: no heart on new or demo cars', () => {
    const used = features({ favourites: true, favouritesUsedOnly: true });
    expect(showFavourite(car({ car_type: 'used' }), used)).toBe(true);
    expect(showFavourite(car({ car_type: 'new' }), used)).toBe(false);
    expect(showFavourite(car({ car_type: 'demo' }), used)).toBe(false);
  });
});

describe('masks, cuts and lists', () => {
  it('phone mask keeps the first 5 characters', () => {
    expect(maskPhone('0412 345 678')).toBe('0412 *******');
    expect(maskPhone('(07) 5555 0101')).toBe('(07) *********');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone(null)).toBe('');
  });
  it('description cut at 400 characters', () => {
    const short = 'a'.repeat(400);
    expect(cutText(short)).toEqual({ text: short, cut: false });
    const long = 'word '.repeat(100);
    const r = cutText(long);
    expect(r.cut).toBe(true);
    expect(r.text.length).toBeLessThanOrEqual(401);
    expect(r.text.endsWith('…')).toBe(true);
  });
  it('dealer comments split on |, empty sections dropped', () => {
    expect(commentSections('One owner.| |Full history.|')).toEqual(['One owner.', 'Full history.']);
    expect(commentSections('')).toEqual([]);
    expect(commentSections(null)).toEqual([]);
  });
  it('empty, null and "null" specs are hidden', () => {
    expect([null, undefined, '', '  ', 'null', 'NULL', NaN].map(hasValue)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 'x', false].map(hasValue)).toEqual([true, true, true]);
    expect(
      specRows([
        { label: 'A', value: 'null' },
        { label: 'B', value: 4 },
        { label: 'C', value: '' },
      ]),
    ).toEqual([{ label: 'B', value: '4' }]);
  });
  it('lists show 4 then toggle; wording per site', () => {
    const items = [1, 2, 3, 4, 5, 6];
    expect(listView(items, false)).toEqual({ shown: [1, 2, 3, 4], hasToggle: true });
    expect(listView(items, true)).toEqual({ shown: items, hasToggle: true });
    expect(listView([1, 2, 3, 4], false)).toEqual({ shown: [1, 2, 3, 4], hasToggle: false });
    expect(toggleWords(features())).toEqual({ more: 'Show More', less: 'Show Less' });
    expect(toggleWords(features({ specToggleWording: 'Show All' }))).toEqual({
      more: 'Show All',
      less: 'Hide',
    });
  });
  it('feet to metres at 0.3048', () => {
    expect(feetToMetres(19)).toBe(5.79);
    expect(feetToMetres(10)).toBe(3.05);
    expect(feetFromBadge('19ft')).toBe(19);
    expect(feetFromBadge("21'")).toBe(21);
    expect(feetFromBadge('XLT')).toBeUndefined();
  });
  it('rego expiry only in the future', () => {
    expect(regoExpiryFuture('2026-06-16', NOW)).toBe(true);
    expect(regoExpiryFuture('2026-06-15', NOW)).toBe(true); // until the end of that day
    expect(regoExpiryFuture('2026-06-14', NOW)).toBe(false);
    expect(regoExpiryFuture(null, NOW)).toBe(false);
  });
});
