/**
 * The search page and budget finder UIs on the real engine, in process (the search client
 * is the engine's local InstantSearch client; it can be told to fail).
 */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBlock, type RenderedBlock } from '../_shared/test-utils.tsx';
import BudgetFinderApp from '../budget-finder/BudgetFinderApp.tsx';
import SearchPageApp from './SearchPageApp.tsx';
import { engineSearchClient } from './test-search-client.ts';
import { QUERY_CUT_NOTE } from '../_search/SearchBox.tsx';
import { MAX_QUERY_LENGTH } from '../_search/url-state.ts';

/** The words box of the search, not the make finder's box (it is a searchbox too). */
const queryBox = (r: Pick<RenderedBlock<unknown>, 'getByRole'>) =>
  r.getByRole('searchbox', { name: (name) => name !== 'Find a make' });

const h = vi.hoisted(() => ({ client: undefined as unknown, fail: false }));
vi.mock('../_search/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../_search/client.ts')>();
  return { ...real, searchClientFor: () => h.client };
});

beforeAll(() => {
  h.client = engineSearchClient(h);
}, 60_000);

beforeEach(() => {
  h.fail = false;
  window.history.replaceState(null, '', '/search/new-used-and-demo-cars');
});

const searchPage = { component: SearchPageApp };
const cardsIn = (root: HTMLElement) =>
  root.querySelectorAll('.fc-search-page__results .fc-car-card');

/**
 * The select a label names, or throws. A label query over the whole page (getByLabelText)
 * fails with a print of the page each time waitFor tries it, which in jsdom takes long enough
 * to starve the renders it waits for.
 */
function selectLabelled(root: HTMLElement, text: string): HTMLSelectElement {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent === text);
  const select = label && root.ownerDocument.getElementById(label.htmlFor);
  if (!(select instanceof HTMLSelectElement)) throw new Error(`no select labelled ${text}`);
  return select;
}

/** kiwi-car-yard's used cars with makes as a select (make cards off). */
function usedCarsWithMakeSelect() {
  window.history.replaceState(null, '', '/search/used-cars');
  const r = renderBlock('search-page', searchPage, {
    site: 'kiwi-car-yard',
    route: '/search/used-cars',
    patch: (doc) => (doc.features.makeCards = false),
    props: {},
  });
  const make = r.getByLabelText('Make') as HTMLSelectElement;
  const choices = () => [...make.querySelectorAll('option')].filter((o) => o.value);
  return { r, make, choices };
}

describe('search page', () => {
  it('lists cars with their count and a heading worded from the search', async () => {
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBe(21));
    expect(r.getByRole('heading', { level: 1 }).textContent).toBe('Cars for sale');
    expect(r.container.querySelector('.fc-search-count')!.textContent).toMatch(/^[\d,]+ cars$/);
    expect(r.container.querySelector('.fc-search-show-me')!.textContent).toMatch(
      /^Show Me [\d,]+ Cars$/,
    );
  });

  it('never skips a heading level: h1, then h2 for the filters and the results, then h3 for sections and cars', async () => {
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBe(21));
    const levels = [...r.container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
      Number(h.tagName[1]),
    );
    expect(levels[0]).toBe(1);
    expect(levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1)).toEqual([]);
    expect(r.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Filters',
      'Search results',
    ]);
    expect(levels.filter((l) => l === 3).length).toBeGreaterThan(21);
  });

  it('searches 300 ms after the last keystroke, not before', async () => {
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    const box = queryBox(r);
    // The search box's own clock is faked, so a loaded machine cannot stretch 150 ms past 300.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(box, { target: { value: 'ranger' } });
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(window.location.search).toBe('');
      await act(() => vi.advanceTimersByTimeAsync(200));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(window.location.search).toBe('?query=ranger'));
    await waitFor(() => expect(cardsIn(r.container)[0].textContent).toMatch(/Ranger/));
  });

  it('searches a shared link with words over the engine limit with its first words, and says so', async () => {
    const words = 'ranger '.repeat(100);
    const route = `/search/new-used-and-demo-cars?query=${encodeURIComponent(words)}`;
    window.history.replaceState(null, '', route);
    const error = vi.spyOn(console, 'error');
    const r = renderBlock('search-page', searchPage, { route, props: {} });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    expect(cardsIn(r.container)[0].textContent).toMatch(/Ranger/);
    const box = queryBox(r) as HTMLInputElement;
    expect(box.value).toBe(words.slice(0, MAX_QUERY_LENGTH).trim());
    expect(r.getByText(QUERY_CUT_NOTE).id).toBe(box.getAttribute('aria-describedby'));
    expect(r.container.querySelector('.fc-search-status--error')).toBeNull();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('keeps the previous cars and count on screen when a search fails, and says so', async () => {
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBe(21));
    const before = [...cardsIn(r.container)].map((c) => c.getAttribute('data-car-id'));
    const count = r.container.querySelector('.fc-search-count')!.textContent;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    h.fail = true;
    fireEvent.click(r.container.querySelector('.fc-search-make')!);
    // A polite status, not an alarm: the cars on screen stay and the message says whose they are.
    await waitFor(() =>
      expect(r.container.querySelector('.fc-search-status--error')).not.toBeNull(),
    );
    const alert = r.container.querySelector<HTMLElement>('.fc-search-status--error')!;
    expect(alert.getAttribute('role')).toBe('status');
    expect(r.queryByRole('alert')).toBeNull();
    expect(alert.textContent).toContain('from your last search');
    expect([...cardsIn(r.container)].map((c) => c.getAttribute('data-car-id'))).toEqual(before);
    expect(r.container.querySelector('.fc-search-count')!.textContent).toBe(count);
    h.fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(r.container.querySelector('.fc-search-status--error')).toBeNull());
    // Searching works again from what is on screen.
    fireEvent.click(r.container.querySelector('.fc-search-make')!);
    await waitFor(() =>
      expect(r.container.querySelector('.fc-search-count')!.textContent).not.toBe(count),
    );
    expect(window.location.pathname).toMatch(/^\/search\/[a-z-]+$/);
    error.mockRestore();
  });

  it('shows makes as a select with the Popular makes and All makes headers when make cards are off', async () => {
    const r = renderBlock('search-page', searchPage, {
      site: 'kiwi-car-yard',
      route: '/search/used-cars',
      patch: (doc) => (doc.features.makeCards = false),
      props: {},
    });
    window.history.replaceState(null, '', '/search/used-cars');
    await waitFor(() => expect(r.container.querySelectorAll('optgroup').length).toBe(2));
    const select = r.getByLabelText('Make') as HTMLSelectElement;
    const groups = select.querySelectorAll('optgroup');
    expect(groups[0].label).toBe('Popular makes');
    expect(groups[0].querySelectorAll('option')).toHaveLength(19);
    expect(groups[1].label).toBe('All makes');
    const all = [...groups[1].querySelectorAll('option')].map((o) => o.value);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it('still offers every make once a model is chosen, and choosing another make drops the model', async () => {
    const { r, make, choices } = usedCarsWithMakeSelect();
    await waitFor(() => expect(choices().length).toBeGreaterThan(5));
    const [first, second] = choices().map((o) => o.value);
    fireEvent.change(make, { target: { value: first } });
    const model = await waitFor(() => selectLabelled(r.container, 'Model'));
    await waitFor(() => expect(model.querySelectorAll('option').length).toBeGreaterThan(2));
    const chosenModel = model.querySelectorAll('option')[1].value;
    fireEvent.change(model, { target: { value: chosenModel } });
    await waitFor(() => expect(window.location.pathname.split('/')).toHaveLength(4));
    await waitFor(() =>
      expect(cardsIn(r.container)[0].textContent).toContain(`${first} ${chosenModel}`),
    );
    // The make list is not narrowed to the makes that have that model.
    expect(make.value).toBe(first);
    expect(choices().map((o) => o.value)).toContain(second);
    fireEvent.change(make, { target: { value: second } });
    await waitFor(() => expect(window.location.pathname.split('/')).toHaveLength(3));
    await waitFor(() => expect(cardsIn(r.container)[0].textContent).toContain(second));
    // The model list is the new make's, which may arrive after its cars.
    await waitFor(() => expect(selectLabelled(r.container, 'Model').value).toBe(''));
  });

  it('Clear all takes every filter away, the car type too, and keeps the words', async () => {
    const { r, make, choices } = usedCarsWithMakeSelect();
    await waitFor(() => expect(choices().length).toBeGreaterThan(1));
    const chosen = choices()[0].value;
    const words = () => new URLSearchParams(window.location.search).get('query');
    fireEvent.change(queryBox(r), { target: { value: chosen } });
    await waitFor(() => expect(words()).toBe(chosen));
    fireEvent.change(make, { target: { value: chosen } });
    await waitFor(() => expect(window.location.pathname).not.toBe('/search/used-cars'));
    fireEvent.click(await waitFor(() => r.getByRole('button', { name: 'Clear all' })));
    // Every chip goes, the car type's (Used) too, as InstantSearch's own Clear all does.
    await waitFor(() => expect(window.location.pathname).toBe('/search/new-used-and-demo-cars'));
    // The address is written as the search starts; the form shows it in the render that follows.
    await waitFor(() => expect(make.value).toBe(''));
    expect(words()).toBe(chosen);
    expect(queryBox(r)).toHaveProperty('value', chosen);
    await waitFor(() => expect(r.queryByRole('button', { name: 'Clear all' })).toBeNull());
  });

  it('calls used cars Pre-Owned where the site says so and orders car types new, demo, used', async () => {
    const r = renderBlock('search-page', searchPage, {
      site: 'lakeside-chevrolet',
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() =>
      expect(r.container.querySelectorAll('.fc-search-checkboxes__label').length).toBeGreaterThan(
        2,
      ),
    );
    const section = r.container.querySelector('[data-filter$="-car_type"]')!;
    expect(
      [...section.querySelectorAll('.fc-search-checkboxes__label')].map((l) => l.textContent),
    ).toEqual(['New', 'Demo', 'Pre-Owned']);
  });
});

describe('search page switches and helpers', () => {
  it('remembers opened and closed filter sections when the site says so', async () => {
    const patch = (doc: Record<string, any>) => (doc.features.persistFilterSections = true);
    const first = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
      patch,
    });
    await waitFor(() => expect(cardsIn(first.container).length).toBeGreaterThan(0));
    const toggle = () => first.getByRole('button', { name: /^Body type/ });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    first.unmount();
    const second = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
      patch,
    });
    await waitFor(() =>
      expect(second.getByRole('button', { name: /^Body type/ }).getAttribute('aria-expanded')).toBe(
        'false',
      ),
    );
    window.localStorage.clear();
  });

  it('Show Me takes the visitor to the results', async () => {
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    fireEvent.click(r.getByRole('link', { name: /^Show Me/ }));
    expect(document.activeElement).toBe(r.container.querySelector('.fc-search-page__results'));
  });

  it('leaves cars without a price out of the lowest-price order where the site says so', async () => {
    window.history.replaceState(null, '', '/search/used-cars?sortBy=Car_production_price_asc');
    const r = renderBlock('search-page', searchPage, {
      site: 'kiwi-car-yard',
      route: '/search/used-cars?sortBy=Car_production_price_asc',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    const states = [...cardsIn(r.container)].map((c) =>
      c.querySelector('.fc-car-price')?.getAttribute('data-price-state'),
    );
    expect(states).not.toContain('no-price');
    expect((r.getByLabelText('Sort by') as HTMLSelectElement).value).toBe(
      'Car_production_price_asc',
    );
  });

  it('ignores slider values from the URL outside the stock range or inverted, and says so in the address', async () => {
    const route =
      '/search/used-cars?range[price]=50000:10000&range[km]=-20:999999999&range[year]=2015:';
    window.history.replaceState(null, '', route);
    const data = { now: Date.UTC(2025, 5, 15), rangeStats: { km: { min: 0, max: 300_000 } } };
    const withData = {
      component: (p: Parameters<typeof SearchPageApp>[0]) => <SearchPageApp {...p} data={data} />,
    };
    const r = renderBlock('search-page', withData, { route, props: {} });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    expect(window.location.pathname + decodeURIComponent(window.location.search)).toBe(
      '/search/used-cars?range[year]=2015:',
    );
    const chips = [...r.container.querySelectorAll('.fc-search-chip')].map((c) => c.textContent);
    expect(chips.some((c) => /Price|Kilomet/i.test(c ?? ''))).toBe(false);
    expect(chips.some((c) => /2015/.test(c ?? ''))).toBe(true);
  });

  it('lists the searches the visitor made', async () => {
    window.localStorage.clear();
    const r = renderBlock('search-page', searchPage, {
      route: '/search/new-used-and-demo-cars',
      props: {},
    });
    await waitFor(() => expect(cardsIn(r.container).length).toBeGreaterThan(0));
    fireEvent.change(queryBox(r), { target: { value: 'everest' } });
    // A cheap query: a role query over the whole page, run on every change, starves the renders it waits for.
    const recent = await waitFor(
      () => {
        const nav = r.container.querySelector<HTMLElement>('nav[aria-label="Recent searches"]');
        if (!nav) throw new Error('no Recent searches yet');
        return nav;
      },
      { timeout: 4000 },
    );
    expect(within(recent).getByRole('heading').textContent).toBe('Recent searches');
    expect(within(recent).getByRole('link').textContent).toBe('“everest”');
    expect(within(recent).getByRole('link').getAttribute('href')).toBe(
      '/search/new-used-and-demo-cars?query=everest',
    );
    window.localStorage.clear();
  });
});

describe('budget finder', () => {
  it('disables the button below the cheapest car and links to results within the budget', async () => {
    const r = renderBlock(
      'budget-finder',
      { component: BudgetFinderApp },
      { site: 'southern-motor-group', props: {} },
    );
    const go = () => r.container.querySelector('.fc-budget-finder__go')!;
    await waitFor(() => expect(go().textContent).toBe('View Cars In This Range'));
    expect(r.container.querySelector('[data-budget]')!.getAttribute('data-budget')).toBe('54000');
    expect(go().getAttribute('href')).toBe('/search/new-used-and-demo-cars?range[price]=:54000');
    fireEvent.change(r.getByLabelText('Weekly repayment'), { target: { value: '1' } });
    fireEvent.change(r.getByLabelText('Deposit'), { target: { value: '0' } });
    await waitFor(() => expect(go().textContent).toBe('0 Cars Found'));
    expect((go() as HTMLButtonElement).disabled).toBe(true);
    expect(r.getByRole('status').textContent).toBe('No Cars found for this budget');
    fireEvent.change(r.getByLabelText('Weekly repayment'), { target: { value: '$150' } });
    fireEvent.change(r.getByLabelText('Deposit'), { target: { value: '1,500' } });
    await waitFor(() =>
      expect(go().getAttribute('href')).toBe('/search/new-used-and-demo-cars?range[price]=:40500'),
    );
  });

  it("keeps the price slider's minimum a step below its maximum", async () => {
    const r = renderBlock(
      'budget-finder',
      { component: BudgetFinderApp },
      { site: 'southern-motor-group', props: { priceSlider: true } },
    );
    const min = () => r.getByLabelText('Minimum price');
    const max = () => r.getByLabelText('Maximum price');
    await waitFor(() => min());
    fireEvent.keyDown(min(), { key: 'End' });
    const amount = (el: HTMLElement) =>
      Number(el.getAttribute('aria-valuetext')!.replace(/[^\d]/g, ''));
    expect(amount(min())).toBeLessThan(amount(max()));
    expect(amount(max()) - amount(min())).toBeGreaterThanOrEqual(r.props.sliderStep);
  });

  it.each([1, 2] as const)(
    'puts its side headings one level below its own heading (h%i)',
    async (headingLevel) => {
      const r = renderBlock(
        'budget-finder',
        { component: BudgetFinderApp },
        { site: 'southern-motor-group', props: { headingLevel } },
      );
      await waitFor(() =>
        expect(r.getByRole('heading', { name: 'Makes within your budget' })).toBeTruthy(),
      );
      r.getByRole('heading', { level: headingLevel });
      for (const name of ['Price range', 'Makes within your budget', 'Body types'])
        r.getByRole('heading', { level: headingLevel + 1, name });
    },
  );
});
