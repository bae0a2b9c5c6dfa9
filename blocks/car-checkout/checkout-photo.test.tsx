/**
 * Checkout: the car's photo beside its name is asked for through the shared photo helper
 * (docs/cars.md, "Photos"): a platform photo at the ladder widths its 320 px place can show,
 * with `sizes` and its colour; an outside address as it is.
 */
import { describe, it } from 'vitest';
import { matchesFilter } from '../../engine/server/feeds.ts';
import { parseFilters } from '../../engine/search/filter-parser.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { car } from '../_cars/test-cars.ts';
import { expectLadderPhoto, expectPlainPhoto } from '../_shared/photo-expect.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import carCheckout, { CHECKOUT_PHOTO, loadCarCheckout } from './index.tsx';

const STOCK_PHOTO = '/assets/stock/corolla-0123456789ab-c7a6b5c.jpg';
const OUTSIDE_PHOTO = 'https://photos.dealer.test/corolla.jpg';
const { site } = prepareDemoSite({ site: 'southern-motor-group' });

async function show(photo: string) {
  const cars: Car[] = [car({ thumbnails: [photo] })];
  const search = async (filters: string, hitsPerPage: number) =>
    cars.filter((c) => matchesFilter(parseFilters(filters), c as never)).slice(0, hitsPerPage);
  const route = `/checkout-journey?car_id=${cars[0].slug}`;
  const data = await loadCarCheckout(
    { site, params: {}, url: new URL(route, 'http://dealer.test') },
    search,
  );
  const { container } = await loadAndRender('car-checkout', carCheckout, {
    site: 'southern-motor-group',
    route,
    props: {},
    data,
  });
  return container.querySelector('.fc-car-checkout__car img');
}

describe('checkout photo', () => {
  it('a platform photo gets the ladder widths of its place', async () => {
    expectLadderPhoto(await show(STOCK_PHOTO), STOCK_PHOTO, CHECKOUT_PHOTO);
  });

  it('an outside photo is used as it is', async () => {
    expectPlainPhoto(await show(OUTSIDE_PHOTO), OUTSIDE_PHOTO);
  });
});
