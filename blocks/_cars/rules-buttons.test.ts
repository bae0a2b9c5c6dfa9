/** The car rules (rules.ts): card buttons, reserving, links, the card's class and the heart. */
import { describe, expect, it } from 'vitest';
import {
  cardButtons,
  cardStatusClass,
  carFinanceHref,
  carTag,
  isReservable,
  reservedBadge,
  showFavourite,
  similarHref,
} from './rules.ts';
import { car, features, NOW } from './test-cars.ts';
import type { Car } from '../../schemas/types.gen.ts';

const money = (n: number) => `$${n.toLocaleString('en-AU')}`;
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
