import { describe, expect, it } from 'vitest';
import type { Page } from '../../engine/site/types.ts';
import {
  DEFAULT_SEARCH_PATH as SEARCH_DEFAULT,
  NameBook,
  parseSearchUrl,
} from '../_search/url-state.ts';
import {
  budgetSteps,
  choiceFromForm,
  DEFAULT_SEARCH_PATH,
  FIELD_NAMES,
  optionsFromFacets,
  searchTarget,
} from './rules.ts';
import { quickSearchState, quickSearchUrl } from './url.ts';

const search = (id: string, path: string): Page =>
  ({ id, path, title: id, blocks: [{ type: 'search-page', id: `${id}-block` }] }) as Page;
const FULL: Page[] = [
  { id: 'home', path: '/', title: 'Home', blocks: [] } as Page,
  search('search', '/search/new-used-and-demo-cars'),
  search('search-segment', '/search/:segment'),
  search('search-make-model', '/search/:make/:model'),
  search('cars', '/cars'),
];
const target = searchTarget(FULL);

describe('quick search: the address a choice opens', () => {
  it("goes to the search page's default address", () => {
    expect(DEFAULT_SEARCH_PATH).toBe(SEARCH_DEFAULT);
    expect(target).toEqual({ action: SEARCH_DEFAULT, paths: true });
  });

  it('puts one make and model in the path and the price limit in the query, as the search page writes it', () => {
    expect(
      quickSearchUrl({ make: 'Ford', model: 'Ranger', budget: 'price', max: 40000 }, target, FULL),
    ).toBe('/search/ford/ranger?range[price]=:40000');
  });

  it('uses the weekly repayment filter for a weekly budget', () => {
    expect(quickSearchUrl({ make: 'Land Rover', budget: 'weekly', max: 250 }, target, FULL)).toBe(
      '/search/land-rover?range[weekly_price]=:250',
    );
  });

  it('puts a body type alone in the path, and with a make in the query', () => {
    expect(quickSearchUrl({ body: 'SUV', budget: 'price' }, target, FULL)).toBe('/search/suv');
    expect(
      quickSearchUrl({ make: 'Kia', body: 'SUV', budget: 'price', max: 30000 }, target, FULL),
    ).toBe('/search/kia?refinementList[simple_body][0]=SUV&range[price]=:30000');
  });

  it('opens the whole stock when nothing is chosen', () => {
    expect(quickSearchUrl({ budget: 'price' }, target, FULL)).toBe(
      '/search/new-used-and-demo-cars',
    );
  });

  it('reads back on the search page (which knows the stock names of the slugs) as exactly the choice', () => {
    const url = quickSearchUrl(
      { make: 'Mazda', model: 'CX-5', body: 'SUV', budget: 'price', max: 35000 },
      target,
      FULL,
    );
    const [path, query] = url.split('?');
    expect(path).toBe('/search/mazda/cx-5');
    const state = parseSearchUrl(
      path,
      `?${query}`,
      new NameBook({ makes: ['Mazda'], models: { Mazda: ['CX-5'] } }),
    );
    expect(state.refinementList).toEqual({
      make: ['Mazda'],
      model: ['CX-5'],
      simple_body: ['SUV'],
    });
    expect(state.range).toEqual({ price: ':35000' });
  });

  it('falls back to the query string on a site without the make/model route', () => {
    const pages = FULL.filter((p) => p.id !== 'search-make-model');
    expect(
      quickSearchUrl(
        { make: 'Ford', model: 'Ranger', budget: 'price' },
        searchTarget(pages),
        pages,
      ),
    ).toBe(
      '/search/new-used-and-demo-cars?refinementList[make][0]=Ford&refinementList[model][0]=Ranger',
    );
  });

  it("goes to the site's listing page, filters in the query, when it has no /search pages", () => {
    const pages = FULL.filter((p) => p.id === 'home' || p.id === 'cars');
    const only = searchTarget(pages);
    expect(only).toEqual({ action: '/cars', paths: false });
    expect(quickSearchUrl({ make: 'Ford', budget: 'weekly', max: 150 }, only, pages)).toBe(
      '/cars?refinementList[make][0]=Ford&range[weekly_price]=:150',
    );
  });

  it('gives the same answers in the browser, where other pages come without their blocks (SiteData.pageTypes)', () => {
    const types = Object.fromEntries(FULL.map((p) => [p.id, p.blocks.map((b) => String(b.type))]));
    const outlines = FULL.map(({ blocks: _blocks, ...outline }) => outline as Page);
    for (const pages of [FULL.filter((p) => p.id !== 'search-make-model'), FULL]) {
      const ids = new Set(pages.map((p) => p.id));
      const shown = outlines.filter((p) => ids.has(p.id));
      const choice = { make: 'Ford', model: 'Ranger', budget: 'price' } as const;
      expect(searchTarget(shown, types)).toEqual(searchTarget(pages));
      expect(quickSearchUrl(choice, searchTarget(shown, types), shown, types)).toBe(
        quickSearchUrl(choice, searchTarget(pages), pages),
      );
    }
    const listing = outlines.filter((p) => p.id === 'home' || p.id === 'cars');
    expect(searchTarget(listing, types)).toEqual({ action: '/cars', paths: false });
    // Without the summary an outline holds nothing: the answer it gave would be wrong.
    expect(searchTarget(listing)).not.toEqual({ action: '/cars', paths: false });
  });

  it('leaves out a model without its make only when there is none, and an empty limit', () => {
    expect(quickSearchState({ model: 'Ranger', budget: 'price', max: 0 })).toEqual({
      refinementList: { model: ['Ranger'] },
    });
  });
});

describe('quick search: the form', () => {
  it("reads the chosen budget's list only", () => {
    const form = new URLSearchParams();
    form.set(FIELD_NAMES.make, 'Ford');
    form.set(FIELD_NAMES.model, '');
    form.set(FIELD_NAMES.budget, 'weekly');
    form.set(FIELD_NAMES.price, ':20000');
    form.set(FIELD_NAMES.weekly, ':150');
    expect(choiceFromForm(form, FIELD_NAMES)).toEqual({
      make: 'Ford',
      model: undefined,
      body: undefined,
      budget: 'weekly',
      max: 150,
    });
    form.set(FIELD_NAMES.budget, 'price');
    expect(choiceFromForm(form, FIELD_NAMES).max).toBe(20000);
  });

  it('names its fields as the search query string does, so it works as a plain form', () => {
    const query = `${encodeURI(FIELD_NAMES.make)}=Ford&${encodeURI(FIELD_NAMES.price)}=:30000&${FIELD_NAMES.budget}=price`;
    expect(parseSearchUrl('/search/new-used-and-demo-cars', `?${query}`)).toEqual({
      refinementList: { make: ['Ford'] },
      range: { price: ':30000' },
    });
  });
});

describe('quick search: choices from the stock', () => {
  it('groups models under the longest make they start with, A–Z, and keeps the maxima', () => {
    const data = optionsFromFacets({
      facets: {
        make: { Ford: 10, Land: 1, 'Land Rover': 3 },
        make_model: {
          'Ford Ranger': 6,
          'Ford Everest': 4,
          'Land Rover Defender': 2,
          'Land Rover Range Rover': 1,
          'Land Cruiser': 1,
        },
        simple_body: { Ute: 6, SUV: 8 },
      },
      facets_stats: { price: { min: 0, max: 88990 }, weekly_price: { min: 0, max: 0 } },
    });
    expect(data.makes).toEqual([
      { name: 'Ford', models: ['Everest', 'Ranger'] },
      { name: 'Land', models: ['Cruiser'] },
      { name: 'Land Rover', models: ['Defender', 'Range Rover'] },
    ]);
    expect(data.bodies).toEqual(['SUV', 'Ute']);
    expect(data.priceMax).toBe(88990);
    expect(data.weeklyMax).toBeUndefined();
  });

  it('offers the limits below the dearest car and the first one above it', () => {
    expect(budgetSteps([50000, 10000, 20000, 100000, 75000], 60000)).toEqual([
      10000, 20000, 50000, 75000,
    ]);
    expect(budgetSteps([100, 200], 900)).toEqual([100, 200]);
    expect(budgetSteps([200, 100], undefined)).toEqual([100, 200]);
  });
});
