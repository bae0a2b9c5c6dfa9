import { describe, expect, it } from 'vitest';
import type { Page } from '../../engine/site/types.ts';
import { parseFilters } from '../../engine/search/filter-parser.ts';
import { NameBook } from '../_search/url-state.ts';
import { AVAILABLE, featuredFilter, pathNames, stateFilters } from './filter.ts';

const sorts = {
  relevance: 'Car_production',
  newest: 'Car_production_newest',
  price_asc: 'Car_production_price_asc',
};
const pages = [
  {
    id: 'cars',
    path: '/cars',
    title: 'Cars',
    blocks: [{ type: 'search-page', id: 'cars-results' }],
  },
  { id: 'about', path: '/about-us', title: 'About', blocks: [] },
] as unknown as Page[];

const ok = (result: ReturnType<typeof featuredFilter>) => {
  if (!result.ok) throw new Error(result.problem);
  return result.query;
};

describe('featured stock: which cars', () => {
  it('new arrivals: the newest-first replica, available cars, See all sorted the same way', () => {
    expect(ok(featuredFilter({ source: 'new-arrivals' }, sorts, pages))).toEqual({
      indexName: 'Car_production_newest',
      filters: [AVAILABLE],
      seeAll: '/search/new-used-and-demo-cars?sortBy=Car_production_newest',
    });
  });

  it('specials: priced cars with a was-price, kept only when reduced, with no See all (the search has no such filter)', () => {
    const q = ok(featuredFilter({ source: 'specials' }, sorts, pages));
    expect(q.filters).toEqual([AVAILABLE, 'price > 0', 'before_price > 0']);
    expect(q.reducedOnly).toBe(true);
    expect(q.seeAll).toBeUndefined();
  });

  it('one make: the make quoted, See all on the make page; without a make it says what is missing', () => {
    const q = ok(featuredFilter({ source: 'make', make: 'Land Rover' }, sorts, pages));
    expect(q.filters).toEqual([AVAILABLE, 'make:"Land Rover"']);
    expect(q.seeAll).toBe('/search/land-rover');
    expect(featuredFilter({ source: 'make' }, sorts, pages)).toEqual({
      ok: false,
      problem: expect.stringContaining('Choose the make'),
    });
  });

  it('a search address: its filters, query and sort, and See all is that search in canonical form', () => {
    const q = ok(
      featuredFilter(
        {
          source: 'search',
          search:
            '/search/used-cars?range[price]=10000:30000&refinementList[simple_body][0]=SUV&refinementList[simple_body][1]=Hatch&query=auto&sortBy=Car_production_price_asc&page=3',
        },
        sorts,
        pages,
      ),
    );
    expect(q.indexName).toBe('Car_production_price_asc');
    expect(q.query).toBe('auto');
    expect(q.filters).toEqual([
      AVAILABLE,
      '(simple_body:"SUV" OR simple_body:"Hatch")',
      'car_type:"used"',
      'price >= 10000',
      'price <= 30000',
    ]);
    expect(q.seeAll).toBe(
      '/search/used-cars?query=auto&refinementList[simple_body][0]=SUV&refinementList[simple_body][1]=Hatch&range[price]=10000:30000&sortBy=Car_production_price_asc',
    );
  });

  it('a search address naming a make and model by slug uses the stock names given', () => {
    expect(pathNames('/search/land-rover/range-rover-sport?range[price]=:90000')).toEqual({
      makeSlug: 'land-rover',
      modelSlug: 'range-rover-sport',
    });
    const names = new NameBook({
      makes: ['Land Rover'],
      models: { 'Land Rover': ['Range Rover Sport'] },
    });
    const q = ok(
      featuredFilter(
        { source: 'search', search: '/search/land-rover/range-rover-sport?range[price]=:90000' },
        sorts,
        pages,
        names,
      ),
    );
    expect(q.filters).toEqual([
      AVAILABLE,
      'make:"Land Rover"',
      'model:"Range Rover Sport"',
      'price <= 90000',
    ]);
    expect(q.seeAll).toBe('/search/land-rover/range-rover-sport?range[price]=:90000');
  });

  it("accepts the site's own listing page, keeping its filters in the query", () => {
    const q = ok(
      featuredFilter(
        { source: 'search', search: '/cars?refinementList[make][0]=Kia' },
        sorts,
        pages,
      ),
    );
    expect(q.filters).toEqual([AVAILABLE, 'make:"Kia"']);
    expect(q.seeAll).toBe('/cars?refinementList[make][0]=Kia');
  });

  it('knows the listing page in the browser too, where other pages come without their blocks', () => {
    const outlines = pages.map(({ blocks: _blocks, ...outline }) => outline as Page);
    const types = { cars: ['search-page'], about: [] };
    const props = { source: 'search', search: '/cars?refinementList[make][0]=Kia' } as const;
    const names = new NameBook();
    expect(featuredFilter(props, sorts, outlines, names, types)).toEqual(
      featuredFilter(props, sorts, pages),
    );
    expect(featuredFilter(props, sorts, outlines).ok).toBe(false); // what the summary is for
    const about = { source: 'search', search: '/about-us' } as const;
    expect(featuredFilter(about, sorts, outlines, names, types).ok).toBe(false);
  });

  it('builds filters the search engine parses, whatever the dealer typed in a value', () => {
    const q = ok(
      featuredFilter(
        {
          source: 'search',
          search: '/search/new-used-and-demo-cars?refinementList[tag][0]=Runout" OR make:"x',
        },
        sorts,
        pages,
      ),
    );
    expect(q.filters[1]).toBe('tag:"Runout\\" OR make:\\"x"');
    expect(() => parseFilters(q.filters.join(' AND '))).not.toThrow();
  });
});

describe('featured stock: search addresses refused like the search page refuses them', () => {
  const refused = (search: string) => {
    const result = featuredFilter({ source: 'search', search }, sorts, pages);
    expect(result.ok, search).toBe(false);
    return result.ok ? '' : result.problem;
  };

  it('a page that is not a stock search', () => {
    expect(refused('/about-us?refinementList[make][0]=Ford')).toContain(
      'is not a stock search page',
    );
    expect(refused('/search/ford/ranger/xlt')).toContain('is not a stock search page');
  });

  it('another site, or an anchor', () => {
    expect(refused('https://example.com/search/used-cars')).toContain(
      'must be a page of this site',
    );
    expect(refused('/search/used-cars#top')).toContain('must be a page of this site');
  });

  it('filters the search page has no section or route for', () => {
    expect(refused('/search/used-cars?refinementList[vin][0]=X')).toBe(
      '"vin" is not a filter of the stock search',
    );
    expect(refused('/search/used-cars?range[before_price]=1:')).toBe(
      '"before_price" is not a range filter of the stock search',
    );
    expect(refused('/search/used-cars?menu[show_on_dealer_website]=false')).toBe(
      '"show_on_dealer_website" is not a filter of the stock search',
    );
  });

  it('a sort order that is not one of the search', () => {
    expect(refused('/search/used-cars?sortBy=Other_index')).toBe(
      '"Other_index" is not a sort order of the stock search',
    );
  });

  it('no address', () => {
    expect(featuredFilter({ source: 'search' }, sorts, pages)).toEqual({
      ok: false,
      problem: expect.stringContaining('Give the stock search address'),
    });
  });

  it('range values that are not numbers never reach a filter', () => {
    expect(stateFilters({ range: { price: '1000:2000' } })).toEqual({
      filters: ['price >= 1000', 'price <= 2000'],
    });
    const q = ok(
      featuredFilter(
        { source: 'search', search: '/search/used-cars?range[price]=abc:1 OR 1' },
        sorts,
        pages,
      ),
    );
    expect(q.filters).toEqual([AVAILABLE, 'car_type:"used"']);
  });
});
