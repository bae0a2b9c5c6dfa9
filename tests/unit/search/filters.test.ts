/** The filter language: parser, evaluator, the array forms, and Algolia compatibility. */
import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../../engine/search/filter-parser.ts';
import { algoliaProblems } from '../../../engine/search/algolia-compat.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { ids, makeEngine } from './fixtures.ts';

const engine = makeEngine();
/** Record numbers a filters string selects, in default order. */
const select = (filters: string) => ids(engine.search('cars', { filters, hitsPerPage: 100 }).hits);
const selectWith = (params: Record<string, unknown>) =>
  ids(engine.search('cars', { ...params, hitsPerPage: 100 }).hits);

function errorOf(fn: () => unknown): SearchError {
  try {
    fn();
  } catch (err) {
    return err as SearchError;
  }
  throw new Error('expected an error');
}

describe('filters: comparisons', () => {
  it('facet attr:value, case-insensitive, quoted values with spaces', () => {
    expect(select('make:Toyota')).toEqual([6, 7, 8]);
    expect(select('make:toyota')).toEqual([6, 7, 8]);
    expect(select('make:"Land Rover"')).toEqual([10]);
    expect(select("model:'Range Rover'")).toEqual([10]);
    expect(select('"make":Mazda')).toEqual([9]);
    expect(select('make:Nope')).toEqual([]);
  });

  it('every numeric operator', () => {
    expect(select('price < 29990')).toEqual([7, 8]);
    expect(select('price <= 29990')).toEqual([4, 7, 8]);
    expect(select('price = 29990')).toEqual([4]);
    expect(select('price != 29990')).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(select('price >= 64990')).toEqual([2, 3, 10]);
    expect(select('price > 64990')).toEqual([2, 10]);
    expect(select('price>64990')).toEqual([2, 10]);
    expect(select('km > -1 AND km < 21')).toEqual([2]);
  });

  it('ranges attr:lo TO hi include both ends; decimals work', () => {
    expect(select('price:29990 TO 45990')).toEqual([4, 6, 9]);
    expect(select('year:2020.5 TO 2021')).toEqual([4, 9]);
  });

  it('booleans as facets and as 1/0', () => {
    expect(select('show_on_dealer_website:false')).toEqual([8]);
    expect(select('show_on_dealer_website:true')).toHaveLength(9);
    expect(select('show_on_dealer_website = 0')).toEqual([8]);
  });

  it('numbers as facet values and tags through _tags', () => {
    expect(select('year:2021')).toEqual([4, 9]);
    expect(select('_tags:new')).toEqual([2]);
    expect(select('_tags:"Test Drive Only"')).toEqual([6]);
    expect(select('features:"Tow Bar"')).toEqual([1, 2, 6]);
  });

  it('string = and != (the plain stock filter writes status=in_stock)', () => {
    expect(select('status=coming_soon')).toEqual([3]);
    expect(select('status!=in_stock')).toEqual([3, 4, 5]);
  });

  it('escaped quotes inside quoted values', () => {
    expect(parseFilters('badge:"Say \\"hi\\""')).toEqual({
      kind: 'facet',
      attribute: 'badge',
      value: 'Say "hi"',
      pos: 0,
    });
  });
});

describe('filters: boolean logic and precedence', () => {
  it('AND, OR, NOT', () => {
    expect(select('make:Ford AND status:sold')).toEqual([4, 5]);
    expect(select('make:Mazda OR make:"Land Rover"')).toEqual([9, 10]);
    expect(select('NOT make:Ford')).toEqual([6, 7, 8, 9, 10]);
    expect(select('NOT NOT make:Mazda')).toEqual([9]);
  });

  it('NOT binds tighter than AND, AND tighter than OR', () => {
    // (make:Mazda) OR (make:Ford AND (NOT status:in_stock))
    expect(select('make:Mazda OR make:Ford AND NOT status:in_stock')).toEqual([3, 4, 5, 9]);
    expect(select('make:Ford AND NOT status:in_stock OR make:Mazda')).toEqual([3, 4, 5, 9]);
  });

  it('parentheses override precedence, nest, and NOT applies to groups', () => {
    expect(select('(make:Mazda OR make:Ford) AND NOT status:in_stock')).toEqual([3, 4, 5]);
    expect(select('((make:Mazda) OR (make:Toyota AND price > 20000)) AND colour:White')).toEqual([
      6,
    ]);
    expect(select('NOT (make:Ford OR make:Toyota)')).toEqual([9, 10]);
  });

  it('the plain stock filter, mixing facet and numeric in one OR', () => {
    expect(
      select(
        '(status=in_stock OR status=coming_soon OR sold_date_timestamp>600000) AND show_on_dealer_website=true',
      ),
    ).toEqual([1, 2, 3, 4, 6, 7, 9, 10]);
  });

  it('an empty filter selects everything', () => {
    expect(select('   ')).toHaveLength(10);
  });
});

describe('filters: errors name the position', () => {
  const cases: [string, RegExp][] = [
    [
      'make:Ford AND',
      /unexpected end of filter, expected a filter such as attribute:value at position 14/,
    ],
    ['make:Ford OR OR make:Kia', /unexpected "OR".* at position 14/],
    ['(make:Ford', /missing "\)" for the "\(" opened at position 1/],
    ['make:Ford)', /unmatched "\)" at position 10/],
    ['make:"Ford', /unterminated quoted string at position 6/],
    ['price > abc', /">" needs a number, found "abc" at position 9/],
    ['price:10 TO', /expected a number after "TO" at position 12/],
    ['price:low TO 5', /range start "low" is not a number at position 7/],
    ['make Ford', /expected ":" or a comparison after "make" at position 6/],
    ['make:Ford and make:Kia', /unexpected "and".* at position 11/],
    ['price ! 5', /expected "!=" but found "!" at position 7/],
  ];
  for (const [filter, message] of cases) {
    it(`${filter} → 400`, () => {
      const err = errorOf(() => parseFilters(filter));
      expect(err).toBeInstanceOf(SearchError);
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
    });
  }

  it('a malformed filter in a search is a 400, not a crash', () => {
    const err = errorOf(() => engine.search('cars', { filters: 'make:Ford AND (' }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/position 16/);
  });
});

describe('facetFilters, numericFilters, tagFilters', () => {
  it('outer array is AND, nested array is OR', () => {
    expect(selectWith({ facetFilters: [['make:Mazda', 'make:Toyota'], 'colour:White'] })).toEqual([
      6,
    ]);
    expect(selectWith({ facetFilters: ['make:Ford', 'status:sold'] })).toEqual([4, 5]);
    expect(selectWith({ facetFilters: 'make:Mazda' })).toEqual([9]);
  });

  it('negation with "-" and a literal leading minus with "\\-"', () => {
    expect(selectWith({ facetFilters: ['make:-Ford', 'make:-Toyota'] })).toEqual([9, 10]);
    expect(selectWith({ facetFilters: ['make:\\-Ford'] })).toEqual([]);
  });

  it('values may contain spaces and colons after the first', () => {
    expect(selectWith({ facetFilters: ['model:Range Rover'] })).toEqual([10]);
  });

  it('numericFilters: comparisons and ranges, nested OR', () => {
    expect(selectWith({ numericFilters: ['price>=30000', 'price<=50000'] })).toEqual([6, 9]);
    expect(selectWith({ numericFilters: [['km<100', 'km>100000']] })).toEqual([2, 10]);
    expect(selectWith({ numericFilters: ['year:2022 TO 2023'] })).toEqual([1, 3, 8]);
  });

  it('tagFilters with negation', () => {
    expect(selectWith({ tagFilters: ['used', '-Test Drive Only'] })).toEqual([
      1, 4, 5, 7, 8, 9, 10,
    ]);
    expect(selectWith({ tagFilters: [['new', 'demo']] })).toEqual([2, 3]);
  });

  it('all four combine with AND', () => {
    expect(
      selectWith({
        filters: 'NOT colour:Red',
        facetFilters: ['make:Ford'],
        numericFilters: ['price>0'],
        tagFilters: ['used'],
      }),
    ).toEqual([1]);
  });

  it('bad entries are 400s', () => {
    expect(errorOf(() => engine.search('cars', { facetFilters: ['Ford'] })).message).toMatch(
      /attribute:value/,
    );
    expect(errorOf(() => engine.search('cars', { numericFilters: ['make:Ford'] })).message).toMatch(
      /not a numeric filter/,
    );
    expect(errorOf(() => engine.search('cars', { facetFilters: [1] })).status).toBe(400);
  });
});

describe('Algolia compatibility check', () => {
  it('accepts what Algolia accepts', () => {
    expect(
      algoliaProblems(
        'listed_until > 5 AND show_on_dealer_website:true AND (dealership_slug:"a" OR dealership_slug:"b") AND NOT make:"Suzuki"',
      ),
    ).toEqual([]);
    expect(algoliaProblems('(a:1 OR a:2) AND (price < 5 OR price > 10)')).toEqual([]);
  });

  it('flags what Algolia refuses', () => {
    expect(algoliaProblems('(status:in_stock OR sold_date_timestamp > 5) AND x:1')).toContain(
      'Different types are not allowed in the same OR',
    );
    expect(algoliaProblems('a:1 OR (b:1 AND c:1)')).toContain(
      'AND inside OR is not supported by Algolia',
    );
    expect(algoliaProblems('NOT (a:1 OR b:1)')).toContain(
      'NOT applies only to a single filter on Algolia',
    );
    expect(algoliaProblems('status=in_stock')[0]).toMatch(/compares strings with ":" only/);
  });
});
