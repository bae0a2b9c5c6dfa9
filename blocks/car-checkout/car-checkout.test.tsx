/**
 * The checkout block finds its car in the route (/cars/:slug/checkout) or in ?car_id= (the
 * online purchase journey, /checkout-journey?car_id={slug or id}); without a car it says
 * how to pick one, and an unknown car answers 404 with a way on to the stock search.
 */
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../engine/server/feeds.ts';
import { parseFilters } from '../../engine/search/filter-parser.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { car } from '../_cars/test-cars.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { NOT_FOR_PURCHASE } from '../../engine/api/reservations/terms.ts';
import carCheckout, { checkoutCarKey, loadCarCheckout, STOCK_SEARCH_HREF } from './index.tsx';

const cars: Car[] = [
  car(),
  car({
    id: 1002,
    objectID: '1002',
    slug: 'someone-elses-car-1002',
    dealership_slug: 'not-this-sites-dealer',
  }),
  car({ id: 1003, objectID: '1003', slug: 'reserved-car-1003', reserved: true }),
  car({ id: 1004, objectID: '1004', slug: 'new-car-1004', car_type: 'new' }),
  car({ id: 1005, objectID: '1005', slug: 'used-car-1005', car_type: 'used' }),
];
const search = async (filters: string, hitsPerPage: number) =>
  cars.filter((c) => matchesFilter(parseFilters(filters), c as never)).slice(0, hitsPerPage);
const { site } = prepareDemoSite({ site: 'southern-motor-group' });
const load = (route: string, params: Record<string, string> = {}) =>
  loadCarCheckout({ site, params, url: new URL(route, 'http://dealer.test') }, search);

describe('checkoutCarKey', () => {
  it('takes the route slug first, then ?car_id=', () => {
    const url = (q: string) => new URL(`/checkout-journey${q}`, 'http://dealer.test');
    expect(checkoutCarKey({ slug: 'a-1' }, url('?car_id=b-2'))).toBe('a-1');
    expect(checkoutCarKey({}, url('?car_id=b-2'))).toBe('b-2');
    expect(checkoutCarKey({}, url('?car_id=%20'))).toBeUndefined();
    expect(checkoutCarKey({}, url(''))).toBeUndefined();
  });
});

describe('loadCarCheckout', () => {
  it('finds the car by ?car_id= slug or id, and by route slug', async () => {
    expect(
      (await load('/checkout-journey?car_id=2022-toyota-corolla-ascent-sport-1001')).car?.id,
    ).toBe(1001);
    expect((await load('/checkout-journey?car_id=1001')).car?.id).toBe(1001);
    expect(
      (await load('/cars/x/checkout', { slug: '2022-toyota-corolla-ascent-sport-1001' })).car?.id,
    ).toBe(1001);
  });

  it("answers 404 (noindex) for an unknown car, another site's car or a malformed car_id", async () => {
    for (const route of [
      '/checkout-journey?car_id=nope-999',
      '/checkout-journey?car_id=1002',
      '/checkout-journey?car_id=%3Cscript%3E',
    ]) {
      const data = await load(route);
      expect(data.car).toBeUndefined();
      expect(data.requested).toBeTruthy();
      expect(data.head?.status).toBe(404);
      expect(data.head?.meta).toContainEqual({ name: 'robots', content: 'noindex' });
    }
  });

  it('without car_id: no car, no 404, not indexed', async () => {
    const data = await load('/checkout-journey');
    expect(data).toMatchObject({ noCar: true });
    expect(data.head?.status).toBeUndefined();
    expect(data.head?.meta).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('car-checkout block', () => {
  const show = async (route: string, props: Record<string, unknown> = {}) =>
    loadAndRender('car-checkout', carCheckout, {
      site: 'southern-motor-group',
      route,
      props,
      data: await load(route),
    });

  it('/checkout-journey?car_id= shows the car, the deposit and the reservation form', async () => {
    await show('/checkout-journey?car_id=2022-toyota-corolla-ascent-sport-1001', {
      heading: 'Buy this car online',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buy this car online');
    expect(
      screen.getByRole('link', { name: '2022 Toyota Corolla Ascent Sport' }).getAttribute('href'),
    ).toBe('/cars/2022-toyota-corolla-ascent-sport-1001');
    expect(document.querySelector('.fc-car-checkout__deposit')?.textContent).toContain(
      '$200 deposit',
    );
    screen.getByRole('button', { name: /Reserve with a \$200 deposit/ });
  });

  it('an unknown car: says so, with links to the stock search', async () => {
    await show('/checkout-journey?car_id=nope-999');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This car is no longer available',
    );
    expect(screen.getByRole('link', { name: 'Browse all our stock' }).getAttribute('href')).toBe(
      STOCK_SEARCH_HREF,
    );
    expect(
      screen.getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href'),
    ).toBe(STOCK_SEARCH_HREF);
    expect(document.querySelector('[data-car-missing="true"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
  });

  it('no car_id: explains how to pick a car and links to the stock search', async () => {
    await show('/checkout-journey');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Choose a car to buy online',
    );
    expect(screen.getByRole('link', { name: 'Browse our stock' }).getAttribute('href')).toBe(
      '/search/new-used-and-demo-cars',
    );
  });

  it('a car that cannot be reserved links back to its page', async () => {
    await show('/checkout-journey?car_id=reserved-car-1003');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This car cannot be reserved online',
    );
    expect(
      screen.getByRole('link', { name: '2022 Toyota Corolla Ascent Sport' }).getAttribute('href'),
    ).toBe('/cars/reserved-car-1003');
  });

  it('the online purchase journey refuses a new car, saying why, with a way to enquire', async () => {
    await show('/checkout-journey?car_id=new-car-1004', { journey: 'purchase' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This car cannot be bought online',
    );
    screen.getByText(NOT_FOR_PURCHASE);
    expect(screen.getByRole('link', { name: /Enquire about the/ }).getAttribute('href')).toBe(
      '/cars/new-car-1004',
    );
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
  });

  it('the online purchase journey takes a used car; Reserve online takes a new one', async () => {
    await show('/checkout-journey?car_id=used-car-1005', { journey: 'purchase' });
    screen.getByRole('button', { name: /Reserve with a \$200 deposit/ });
    cleanup();
    await show('/checkout-journey?car_id=new-car-1004');
    screen.getByRole('button', { name: /Reserve with a \$200 deposit/ });
  });
});
