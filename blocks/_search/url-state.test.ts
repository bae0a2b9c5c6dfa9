import { describe, expect, it } from 'vitest';
import { parse, stringify } from './qs.ts';
import {
  bodyForSegment,
  budgetSearchUrl,
  dealershipSearchUrl,
  NameBook,
  normaliseState,
  parseSearchUrl,
  readSearchPath,
  searchUrlFor,
  withPageReset,
  type SearchRouteState,
} from './url-state.ts';
import { slugify } from '../../engine/slug.ts';

const paths = { paths: true };
const split = (url: string) => {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};
const book = new NameBook({
  makes: ['Ford', 'Land Rover', 'Mercedes-Benz', 'Lynk & Co', 'Mazda'],
  models: { Mazda: ['CX-5'], Ford: ['Ranger'] },
});
const roundTrip = (state: SearchRouteState) => {
  const [path, search] = split(searchUrlFor(state, paths));
  return parseSearchUrl(path, search, book);
};

describe('query-string codec', () => {
  it('writes nested keys readably and reads them back', () => {
    const q = {
      query: 'ford ranger',
      refinementList: { make: ['Ford', 'Land Rover'] },
      range: { price: '10000:50000' },
    };
    const text = stringify(q);
    expect(text).toBe(
      'query=ford%20ranger&refinementList[make][0]=Ford&refinementList[make][1]=Land%20Rover&range[price]=10000:50000',
    );
    expect(parse(text)).toEqual(q);
  });
  it('reads percent-encoded brackets, plus signs and holes', () => {
    expect(parse('?refinementList%5Bmake%5D%5B0%5D=Ford&query=a+b')).toEqual({
      refinementList: { make: ['Ford'] },
      query: 'a b',
    });
    expect(parse('refinementList[make][2]=Kia&refinementList[make][0]=Ford')).toEqual({
      refinementList: { make: ['Ford', 'Kia'] },
    });
  });
  it('refuses prototype keys', () => {
    const out = parse('__proto__[x]=1&constructor[prototype][y]=2&a=1') as Record<string, unknown>;
    expect(out).toEqual({ a: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('route rules', () => {
  it('a car type gives /search/{type}-cars; new plus demo gives /search/new-and-demo-cars', () => {
    expect(searchUrlFor({ refinementList: { car_type: ['new'] } }, paths)).toBe('/search/new-cars');
    expect(searchUrlFor({ refinementList: { car_type: ['demo'] } }, paths)).toBe(
      '/search/demo-cars',
    );
    expect(searchUrlFor({ refinementList: { car_type: ['used'] } }, paths)).toBe(
      '/search/used-cars',
    );
    expect(searchUrlFor({ refinementList: { car_type: ['demo', 'new'] } }, paths)).toBe(
      '/search/new-and-demo-cars',
    );
    expect(searchUrlFor({ refinementList: { car_type: ['used', 'new'] } }, paths)).toBe(
      '/search/new-used-and-demo-cars?refinementList[car_type][0]=new&refinementList[car_type][1]=used',
    );
    expect(searchUrlFor({}, paths)).toBe('/search/new-used-and-demo-cars');
  });
  it('a chosen make, or make and model, gives a brand path', () => {
    expect(searchUrlFor({ refinementList: { make: ['Land Rover'] } }, paths)).toBe(
      '/search/land-rover',
    );
    expect(searchUrlFor({ refinementList: { make: ['Mazda'], model: ['CX-5'] } }, paths)).toBe(
      '/search/mazda/cx-5',
    );
    expect(searchUrlFor({ refinementList: { make: ['Ford'], car_type: ['used'] } }, paths)).toBe(
      '/search/ford?refinementList[car_type][0]=used',
    );
    expect(searchUrlFor({ refinementList: { make: ['Ford', 'Mazda'] } }, paths)).toBe(
      '/search/new-used-and-demo-cars?refinementList[make][0]=Ford&refinementList[make][1]=Mazda',
    );
  });
  it('a single body type alone gives /search/{body}', () => {
    expect(searchUrlFor({ refinementList: { simple_body: ['People Mover'] } }, paths)).toBe(
      '/search/people-mover',
    );
    expect(
      searchUrlFor({ refinementList: { simple_body: ['SUV'], car_type: ['new'] } }, paths),
    ).toBe('/search/new-cars?refinementList[simple_body][0]=SUV');
  });
  it('reads paths back: types, bodies (incl. other names of body types), makes and models', () => {
    expect(readSearchPath('/search/used-cars')).toEqual({ carTypes: ['used'] });
    expect(readSearchPath('/search/new-used-and-demo-cars')).toEqual({});
    expect(readSearchPath('/search/cab-chassis')).toEqual({ body: 'Cab Chassis' });
    expect(readSearchPath('/search/4x4')).toEqual({ body: 'SUV' });
    expect(readSearchPath('/search/land-rover')).toEqual({ makeSlug: 'land-rover' });
    expect(readSearchPath('/search/mazda/cx-5')).toEqual({ makeSlug: 'mazda', modelSlug: 'cx-5' });
    expect(readSearchPath('/cars')).toEqual({});
    expect(bodyForSegment('truck')).toBe('Light Truck');
    expect(bodyForSegment('truck', true)).toBe('Ute');
  });
  it('names slugs with the index names it has seen, or a readable guess', () => {
    expect(parseSearchUrl('/search/mercedes-benz', '', book).refinementList).toEqual({
      make: ['Mercedes-Benz'],
    });
    expect(parseSearchUrl('/search/lynk-and-co', '', book).refinementList).toEqual({
      make: ['Lynk & Co'],
    });
    expect(parseSearchUrl('/search/mazda/cx-5', '', book).refinementList).toEqual({
      make: ['Mazda'],
      model: ['CX-5'],
    });
    expect(parseSearchUrl('/search/great-wall', '', new NameBook()).refinementList).toEqual({
      make: ['Great Wall'],
    });
  });
  it('slugs like the inventory', () => {
    expect(slugify('Lynk & Co')).toBe('lynk-and-co');
    expect(slugify('Citroën')).toBe('citroen');
    expect(slugify('CX-5')).toBe('cx-5');
  });
  it('outside /search keeps the path and puts everything in the query (the /cars listing route)', () => {
    expect(
      searchUrlFor(
        { refinementList: { make: ['Ford'] }, page: 2 },
        { paths: false, currentPath: '/cars' },
      ),
    ).toBe('/cars?refinementList[make][0]=Ford&page=2');
    expect(parseSearchUrl('/cars', '?refinementList[make][0]=Ford&page=2')).toEqual({
      page: 2,
      refinementList: { make: ['Ford'] },
    });
  });
});

describe('URL round trips', () => {
  const cases: SearchRouteState[] = [
    {},
    { query: 'ranger xlt' },
    { query: 'hilux', page: 3, sortBy: 'Car_production_price_asc' },
    {
      refinementList: { make: ['Ford'], model: ['Ranger'], car_type: ['used'] },
      range: { price: '10000:50000', km: ':80000' },
    },
    {
      refinementList: { car_type: ['new', 'demo'], simple_body: ['SUV', 'Ute'] },
      range: { year: '2019:' },
    },
    { refinementList: { make: ['Land Rover', 'Mazda'], dealership_slug: ['southern-mazda'] } },
    { refinementList: { simple_body: ['Cab Chassis'] } },
    { menu: { body: 'suv' }, range: { subscription_price: '100:300' } },
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c]))('state → URL → state: %s', (_, state) => {
    expect(normaliseState(roundTrip(state as SearchRouteState))).toEqual(
      normaliseState(state as SearchRouteState),
    );
  });
  it('URL → state → URL for canonical URLs', () => {
    for (const url of [
      '/search/ford/ranger?range[price]=10000:50000&sortBy=Car_production_price_desc&page=2',
      '/search/new-and-demo-cars?query=cx-5',
      '/search/used-cars?refinementList[make][0]=Ford&refinementList[make][1]=Mazda',
      '/search/new-used-and-demo-cars?refinementList[dealership_slug][0]=nerang-ford',
    ]) {
      const [path, search] = split(url);
      expect(searchUrlFor(parseSearchUrl(path, search, book), paths)).toBe(url);
    }
  });
  it('range values lose currency symbols and must look like min:max', () => {
    expect(
      parseSearchUrl(
        '/search/new-used-and-demo-cars',
        '?range[price]=$10,000:$50,000&range[km]=lots',
      ).range,
    ).toEqual({ price: '10000:50000' });
  });
  it('ignores a page below 2 and a sortBy that is not an index name', () => {
    expect(parseSearchUrl('/search/new-cars', '?page=1&sortBy=<x>')).toEqual({
      refinementList: { car_type: ['new'] },
    });
  });
});

describe('page parameter', () => {
  it('any filter change removes the page', () => {
    const prev: SearchRouteState = { refinementList: { make: ['Ford'] }, page: 3 };
    expect(withPageReset(prev, { refinementList: { make: ['Ford', 'Kia'] }, page: 3 })).toEqual({
      refinementList: { make: ['Ford', 'Kia'] },
    });
    expect(
      withPageReset(prev, {
        refinementList: { make: ['Ford'] },
        range: { price: ':5000' },
        page: 3,
      }).page,
    ).toBeUndefined();
    expect(
      withPageReset(prev, { refinementList: { make: ['Ford'] }, query: 'x', page: 3 }).page,
    ).toBeUndefined();
    expect(
      withPageReset(prev, {
        refinementList: { make: ['Ford'] },
        sortBy: 'Car_production_km_asc',
        page: 3,
      }).page,
    ).toBeUndefined();
  });
  it('paging alone keeps it', () => {
    expect(
      withPageReset(
        { refinementList: { make: ['Ford'] }, page: 3 },
        { refinementList: { make: ['Ford'] }, page: 4 },
      ).page,
    ).toBe(4);
    expect(withPageReset(undefined, { page: 2 }).page).toBe(2);
  });
});

describe('links into the search', () => {
  it('budget links carry range[price]=:{max}', () => {
    expect(budgetSearchUrl(54000)).toBe('/search/new-used-and-demo-cars?range[price]=:54000');
    expect(budgetSearchUrl(30000.4, { refinementList: { car_type: ['used'] } })).toBe(
      '/search/used-cars?range[price]=:30000',
    );
  });
  it('a dealer link filters by refinementList[dealership_slug][0]', () => {
    expect(dealershipSearchUrl('nerang-ford')).toBe(
      '/search/new-used-and-demo-cars?refinementList[dealership_slug][0]=nerang-ford',
    );
  });
});
