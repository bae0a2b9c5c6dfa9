import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { car, NOW } from '../_cars/test-cars.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import FeaturedStockApp from './FeaturedStockApp.tsx';
import FeaturedStock from './index.tsx';
import type { FeaturedStockData } from './load.ts';

const cars = [1, 2, 3, 4].map((n) =>
  car({
    id: 2000 + n,
    objectID: String(2000 + n),
    slug: `car-${n}`,
    name: `2024 Ford Ranger XLT ${n}`,
  }),
);
/** The row's UI as the page hydrates it (index.tsx wraps it in the lazily hydrated block). */
const ui = { component: FeaturedStockApp };
const data: FeaturedStockData = {
  cars,
  seeAll: '/search/new-used-and-demo-cars?sortBy=Car_production_newest',
  now: NOW,
};

afterEach(() => {
  vi.doUnmock('../_search/client.ts');
});

describe('featured stock block', () => {
  it('shows the heading, a See all link to the matching search and the cars as full car cards', async () => {
    await loadAndRender('featured-stock', ui, { props: {}, data });
    const section = screen.getByRole('region', { name: 'New arrivals' });
    within(section).getByRole('heading', { level: 2, name: 'New arrivals' });
    expect(
      within(section)
        .getByRole('link', { name: /^See all\s*New arrivals$/ })
        .getAttribute('href'),
    ).toBe(data.seeAll);
    const row = within(section).getByRole('region', { name: 'New arrivals, 4 cars' });
    expect(row.tabIndex).toBe(0);
    expect(row.querySelectorAll('.fc-car-card')).toHaveLength(4);
    // The search page's card: same title heading, link to the car page and price.
    expect(
      within(row)
        .getByRole('heading', { level: 3, name: '2024 Ford Ranger XLT 1' })
        .querySelector('a')!
        .getAttribute('href'),
    ).toBe('/cars/car-1');
  });

  it('photos have their size, load lazily and never compete with the hero for priority', async () => {
    await loadAndRender('featured-stock', ui, { props: {}, data });
    const photos = document.querySelectorAll<HTMLImageElement>('.fc-featured-stock img');
    expect(photos).toHaveLength(4);
    for (const img of photos) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('fetchpriority')).toBeNull();
    }
  });

  it('has labelled previous/next buttons that control the row; previous is disabled at the start', async () => {
    await loadAndRender('featured-stock', ui, { props: {}, data });
    const prev = screen.getByRole('button', { name: 'Previous cars' });
    const next = screen.getByRole('button', { name: 'Next cars' });
    const row = screen.getByRole('region', { name: 'New arrivals, 4 cars' });
    expect(prev.getAttribute('aria-controls')).toBe(row.id);
    expect(next.getAttribute('aria-controls')).toBe(row.id);
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    // jsdom lays nothing out: the row is as wide as it scrolls, so both ends are reached.
    const scrollBy = vi.fn();
    row.scrollBy = scrollBy as never;
    fireEvent.click(prev);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('scrolls one card with the arrow keys and to the ends with Home and End, on the row only', async () => {
    await loadAndRender('featured-stock', ui, { props: {}, data });
    const row = screen.getByRole('region', { name: 'New arrivals, 4 cars' });
    const items = row.querySelectorAll<HTMLElement>('[data-scroll-item]');
    Object.defineProperty(items[0], 'offsetLeft', { value: 0 });
    Object.defineProperty(items[1], 'offsetLeft', { value: 316 });
    Object.defineProperty(row, 'scrollWidth', { value: 1300 });
    const scrollTo = vi.fn();
    row.scrollTo = scrollTo as never;
    fireEvent.keyDown(row, { key: 'ArrowRight' });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 316, behavior: expect.any(String) });
    fireEvent.keyDown(row, { key: 'End' });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 1300, behavior: expect.any(String) });
    fireEvent.keyDown(row, { key: 'Home' });
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: expect.any(String) });
    const calls = scrollTo.mock.calls.length;
    fireEvent.keyDown(within(row).getAllByRole('link')[0], { key: 'ArrowRight' });
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it('shows nothing to visitors without cars, and staff the reason in development', async () => {
    const { container } = await loadAndRender('featured-stock', ui, {
      props: {},
      data: { cars: [], now: NOW, problem: 'The cars could not be looked up' },
    });
    expect(container.querySelector('.fc-featured-stock')).toBeNull();
    // loadAndRender renders in development mode.
    expect(container.textContent).toContain('The cars could not be looked up');
  });
});

describe('featured stock load', () => {
  const ctx = (props: Record<string, unknown>) => {
    const { site, data: siteData } = prepareDemoSite({ site: 'southern-motor-group' });
    return {
      props: { limit: 2, ...props },
      block: { type: 'featured-stock', id: 'f' },
      site,
      siteData,
      params: {},
      url: new URL('http://dealer.test/'),
    } as never;
  };
  const mockSearch = (
    answer: (request: { indexName: string; params: Record<string, any> }) => unknown,
  ) => {
    const requests: { indexName: string; params: Record<string, any> }[] = [];
    vi.doMock('../_search/client.ts', async (original) => ({
      ...(await original<typeof import('../_search/client.ts')>()),
      searchClientFor: () => ({
        search: async (list: { indexName: string; params: Record<string, any> }[]) => {
          requests.push(...list);
          return { results: list.map(answer) };
        },
      }),
    }));
    return requests;
  };

  it("new arrivals: the newest-first replica with the site's own filter, card fields only", async () => {
    const requests = mockSearch(() => ({ hits: cars }));
    const result = (await FeaturedStock.load!(
      ctx({ source: 'new-arrivals' }),
    )) as FeaturedStockData;
    expect(result.cars.map((c) => c.slug)).toEqual(['car-1', 'car-2']);
    expect(result.seeAll).toBe('/search/new-used-and-demo-cars?sortBy=Car_production_newest');
    expect(requests[0].indexName).toBe('Car_production_newest');
    expect(requests[0].params.filters).toMatch(
      /show_on_dealer_website:true.* AND NOT make:"Suzuki" .*listing_state:available$/,
    );
    expect(requests[0].params.attributesToRetrieve).toContain('before_price');
    expect(requests[0].params.hitsPerPage).toBe(2);
  });

  it('brings the row UI with the cars, so a page made after a client-side navigation shows them at once', async () => {
    mockSearch(() => ({ hits: cars }));
    const result = await FeaturedStock.load!(ctx({ source: 'new-arrivals' }));
    // The page's own module is the lazily hydrated wrapper; once load has run its UI renders without waiting.
    await loadAndRender('featured-stock', FeaturedStock, { props: { limit: 2 }, data: result });
    expect(document.querySelectorAll('[data-lazy-ui="featured-stock"] .fc-car-card')).toHaveLength(
      2,
    );
  });

  it('specials keep only cars whose card shows a reduced price', async () => {
    mockSearch(() => ({
      hits: [
        car({ slug: 'same', price: 20000, before_price: 20000 }),
        car({ slug: 'cut', price: 20000, before_price: 22000 }),
      ],
    }));
    const result = (await FeaturedStock.load!(ctx({ source: 'specials' }))) as FeaturedStockData;
    expect(result.cars.map((c) => c.slug)).toEqual(['cut']);
    expect(result.seeAll).toBeUndefined();
  });

  it("a search address's make and model slugs become the stock's names first", async () => {
    const requests = mockSearch((r) =>
      r.params.hitsPerPage === 0
        ? {
            hits: [],
            facets: {
              make: { 'Land Rover': 4 },
              make_model: { 'Land Rover Range Rover Sport': 2 },
            },
          }
        : { hits: cars },
    );
    const result = (await FeaturedStock.load!(
      ctx({ source: 'search', search: '/search/land-rover/range-rover-sport' }),
    )) as FeaturedStockData;
    expect(requests[1].params.filters).toContain('make:"Land Rover" AND model:"Range Rover Sport"');
    expect(result.seeAll).toBe('/search/land-rover/range-rover-sport');
  });

  it('a refused address or a failed search gives no cars and a reason', async () => {
    mockSearch(() => {
      throw new Error('down');
    });
    expect(
      (
        (await FeaturedStock.load!(
          ctx({ source: 'search', search: '/about-us' }),
        )) as FeaturedStockData
      ).problem,
    ).toContain('is not a stock search page');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await FeaturedStock.load!(ctx({ source: 'make', make: 'Kia' }))).toMatchObject({
      cars: [],
      problem: 'The cars could not be looked up',
    });
    error.mockRestore();
  });
});
