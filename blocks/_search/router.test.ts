// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchRouter, searchStateMapping } from './router.ts';
import { tidyRanges } from './slider-rules.ts';
import { NameBook, type SearchRouteState } from './url-state.ts';

const INDEX = 'Car_production';
const SORTS = [INDEX, `${INDEX}_price_asc`, `${INDEX}_price_desc`];

function router(
  keepPage = true,
  onWrite = vi.fn(),
  tidy?: (s: SearchRouteState) => SearchRouteState,
) {
  return createSearchRouter({
    tidy,
    indexName: INDEX,
    basename: '/sites/demo',
    location: { pathname: '/', search: '' },
    book: new NameBook({ makes: ['Ford', 'Land Rover'] }),
    sortIndices: SORTS,
    keepPage,
    onWrite,
  });
}

beforeEach(() => {
  window.history.replaceState(
    { usr: null, key: 'start', idx: 0 },
    '',
    '/sites/demo/search/new-used-and-demo-cars',
  );
});
afterEach(() => vi.useRealTimers());

describe('search router', () => {
  it('reads the address under the site base path', () => {
    window.history.replaceState(
      null,
      '',
      '/sites/demo/search/land-rover?range[price]=:50000&page=2',
    );
    expect(router().read()).toEqual({
      page: 2,
      refinementList: { make: ['Land Rover'] },
      range: { price: ':50000' },
    });
  });

  it('writes with pushState under the base path, with the history state react-router expects', () => {
    const onWrite = vi.fn();
    const r = router(true, onWrite);
    r.read();
    r.write({ refinementList: { make: ['Ford'] } });
    expect(window.location.pathname + window.location.search).toBe('/sites/demo/search/ford');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(typeof window.history.state.key).toBe('string');
    expect(onWrite).toHaveBeenCalledWith('/search/ford', { refinementList: { make: ['Ford'] } });
  });

  it('does not push when the address already says the same search', () => {
    window.history.replaceState(
      { idx: 0 },
      '',
      '/sites/demo/search/new-used-and-demo-cars?refinementList[make][0]=Ford',
    );
    const push = vi.spyOn(window.history, 'pushState');
    const r = router();
    r.read();
    r.write({ refinementList: { make: ['Ford'] } });
    expect(push).not.toHaveBeenCalled();
    push.mockRestore();
  });

  it('drops the page when a filter changes, keeps it when only the page changes', () => {
    const r = router();
    r.read();
    r.write({ refinementList: { make: ['Ford'] } });
    r.write({ refinementList: { make: ['Ford'] }, page: 3 });
    expect(window.location.search).toBe('?page=3');
    r.write({ refinementList: { make: ['Ford'] }, range: { price: '10000:20000' }, page: 3 });
    expect(window.location.search).toBe('?range[price]=10000:20000');
  });

  it('never writes the page with infinite scroll', () => {
    const r = router(false);
    r.read();
    r.write({ query: 'ranger', page: 4 });
    expect(window.location.search).toBe('?query=ranger');
    expect(r.createURL({ page: 2 })).toBe('/sites/demo/search/new-used-and-demo-cars');
  });

  it('replaces instead of pushing while the visitor keeps typing', () => {
    const r = router();
    r.read();
    const before = window.history.length;
    r.write({ query: 'ran' });
    r.write({ query: 'ranger' });
    expect(window.history.length).toBe(before + 1);
    expect(window.location.search).toBe('?query=ranger');
  });

  it('keeps a filter change as its own entry when typing follows it at once', () => {
    const r = router();
    r.read();
    const before = window.history.length;
    r.write({ refinementList: { make: ['Ford'] } });
    r.write({ refinementList: { make: ['Ford'] }, query: 'r' });
    r.write({ refinementList: { make: ['Ford'] }, query: 'ranger' });
    // One entry for the make, one for the typing: Back from the query returns to the make.
    expect(window.history.length).toBe(before + 2);
    expect(window.location.pathname + window.location.search).toBe(
      '/sites/demo/search/ford?query=ranger',
    );
  });

  it('collapses typing with pauses (under the typing window) into one entry, and starts a new one after a pause', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const r = router();
    r.read();
    const before = window.history.length;
    r.write({ query: 'ran' });
    vi.advanceTimersByTime(1500);
    r.write({ query: 'range' });
    vi.advanceTimersByTime(1500);
    r.write({ query: 'ranger' });
    expect(window.history.length).toBe(before + 1);
    vi.advanceTimersByTime(5000);
    r.write({ query: 'ranger xlt' });
    expect(window.history.length).toBe(before + 2);
  });

  it('writes nothing once frozen (a page going away removes its widgets; that is no visitor action)', () => {
    const r = router();
    const cb = vi.fn();
    r.onUpdate(cb);
    r.read();
    r.write({ refinementList: { car_type: ['used'] } });
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    r.freeze();
    r.write({});
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(push).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(cb).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/sites/demo/search/used-cars');
    push.mockRestore();
    replace.mockRestore();
  });

  it('ignores slider values outside the stock or inverted: read without them, and the address says so', () => {
    const stats: Record<string, { min: number; max: number }> = {
      price: { min: 4990, max: 88_450 },
      year: { min: 2008, max: 2025 },
    };
    const tidy = (s: SearchRouteState) => ({ ...s, range: tidyRanges(s.range, (a) => stats[a]) });
    window.history.replaceState(
      { idx: 0 },
      '',
      '/sites/demo/search/used-cars?range[price]=-500:950000&range[year]=2024:2010&range[km]=:50000',
    );
    const r = router(true, vi.fn(), tidy);
    expect(r.read()).toEqual({ refinementList: { car_type: ['used'] }, range: { km: ':50000' } });
    expect(window.location.pathname + window.location.search).toBe(
      '/sites/demo/search/used-cars?range[km]=:50000',
    );
    // Back to an address with such values: the same rule, the address replaced, not pushed.
    const cb = vi.fn();
    r.onUpdate(cb);
    const length = window.history.length;
    window.history.pushState(null, '', '/sites/demo/search/used-cars?range[price]=20000:900000');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(cb).toHaveBeenLastCalledWith({
      refinementList: { car_type: ['used'] },
      range: { price: '20000:' },
    });
    expect(window.location.search).toBe('?range[price]=20000:');
    expect(window.history.length).toBe(length + 1);
  });

  it('hands back/forward to InstantSearch', () => {
    const r = router();
    const cb = vi.fn();
    r.onUpdate(cb);
    r.read();
    r.write({ refinementList: { make: ['Ford'] } });
    window.history.replaceState(null, '', '/sites/demo/search/used-cars');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(cb).toHaveBeenLastCalledWith({ refinementList: { car_type: ['used'] } });
    r.dispose();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('follows navigations made elsewhere (sync) only when the search changed', () => {
    const r = router();
    const cb = vi.fn();
    r.onUpdate(cb);
    r.read();
    r.sync();
    expect(cb).not.toHaveBeenCalled();
    window.history.pushState(null, '', '/sites/demo/search/new-cars?query=xlt');
    r.sync();
    expect(cb).toHaveBeenCalledWith({ query: 'xlt', refinementList: { car_type: ['new'] } });
  });

  it('outside /search keeps the page path (the /cars listing route)', () => {
    window.history.replaceState(null, '', '/sites/demo/cars');
    const r = router();
    r.read();
    r.write({ refinementList: { make: ['Ford'] } });
    expect(window.location.pathname + window.location.search).toBe(
      '/sites/demo/cars?refinementList[make][0]=Ford',
    );
  });
});

describe('state mapping', () => {
  const mapping = searchStateMapping(INDEX, SORTS);
  it('maps the index ui state to route state and back, dropping unknown sorts and the configure part', () => {
    const ui = {
      [INDEX]: {
        query: 'x',
        sortBy: `${INDEX}_price_asc`,
        refinementList: { make: ['Ford'] },
        configure: { hitsPerPage: 21 },
      },
    };
    const route = mapping.stateToRoute(ui);
    expect(route).toEqual({
      query: 'x',
      sortBy: `${INDEX}_price_asc`,
      refinementList: { make: ['Ford'] },
    });
    expect(mapping.routeToState(route)).toEqual({
      [INDEX]: { query: 'x', sortBy: `${INDEX}_price_asc`, refinementList: { make: ['Ford'] } },
    });
    expect(mapping.routeToState({ sortBy: 'Other_index' })).toEqual({ [INDEX]: {} });
    expect(mapping.stateToRoute({ [INDEX]: { sortBy: INDEX } })).toEqual({});
  });
});
