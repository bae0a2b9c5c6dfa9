import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Block } from '../../engine/site/types.ts';
import type { QuickSearchProps } from '../../schemas/resolved.gen.ts';
import { prepareDemoSite, TEST_PAGE_PATH, type DemoSite } from '../_shared/test-utils.tsx';
import QuickSearch from './index.tsx';
import { QUICK_FACETS } from './load.ts';
import type { QuickSearchData } from './rules.ts';

const DATA: QuickSearchData = {
  makes: [
    { name: 'Ford', models: ['Everest', 'Ranger'] },
    { name: 'Mazda', models: ['CX-5'] },
  ],
  bodies: ['SUV', 'Ute'],
  priceMax: 45000,
  weeklyMax: 260,
};

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

/** The block on a demo site's page, in the providers a page gives it. */
function quickTree(
  props: Partial<QuickSearchProps> = {},
  data: unknown = DATA,
  slug: DemoSite = 'southern-motor-group',
) {
  const raw = { type: 'quick-search', id: 'home-quick', props } as Block;
  const { site, data: siteData } = prepareDemoSite({ site: slug, blocks: [raw] });
  const block = site.pages
    .find((p) => p.path === TEST_PAGE_PATH)!
    .blocks!.find((b) => b.id === 'home-quick')!;
  const Component = QuickSearch.component;
  return (
    <SiteProvider site={site} data={siteData} mode="production">
      <MemoryRouter initialEntries={['/']}>
        <BlockEnvironmentProvider value={{ blocks: {}, data: {} }}>
          <Component props={block.props as QuickSearchProps} block={block} slots={{}} data={data} />
          <Where />
        </BlockEnvironmentProvider>
      </MemoryRouter>
    </SiteProvider>
  );
}

function renderQuick(...args: Parameters<typeof quickTree>) {
  render(quickTree(...args));
  return screen.getByRole('search', { name: 'Find your next car' }) as HTMLFormElement;
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('quick search block', () => {
  it("names body types in the region's words, A–Z as read, and still searches the stored value", () => {
    const bodies = ['Cab Chassis', 'Caravan', 'People Mover', 'SUV', 'Ute'];
    renderQuick({}, { ...DATA, bodies }, 'lakeside-chevrolet');
    const select = screen.getByLabelText('Body type') as HTMLSelectElement;
    expect(options(select)).toEqual([
      'Any body type',
      'Chassis Cab',
      'Minivan',
      'Pickup Truck',
      'SUV',
      'Travel Trailer',
    ]);
    expect([...select.options].map((o) => o.value)).toEqual([
      '',
      'Cab Chassis',
      'People Mover',
      'Ute',
      'SUV',
      'Caravan',
    ]);
  });

  it("is a plain GET form to the site's search page with the search's own field names", () => {
    const form = renderQuick();
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/search/new-used-and-demo-cars');
    expect((screen.getByLabelText('Make') as HTMLSelectElement).name).toBe(
      'refinementList[make][0]',
    );
    expect((screen.getByLabelText('Maximum price') as HTMLSelectElement).name).toBe('range[price]');
    expect((screen.getByLabelText('Maximum weekly repayment') as HTMLSelectElement).name).toBe(
      'range[weekly_price]',
    );
    screen.getByRole('heading', { level: 2, name: 'Find your next car' });
  });

  it('offers the makes and body types in stock and the price limits up to the dearest car', () => {
    renderQuick();
    expect(options(screen.getByLabelText('Make'))).toEqual(['Any make', 'Ford', 'Mazda']);
    expect(options(screen.getByLabelText('Body type'))).toEqual(['Any body type', 'SUV', 'Ute']);
    expect(options(screen.getByLabelText('Maximum price'))).toEqual([
      'Any price',
      'Up to $10,000',
      'Up to $15,000',
      'Up to $20,000',
      'Up to $30,000',
      'Up to $40,000',
      'Up to $50,000',
    ]);
    expect(options(screen.getByLabelText('Maximum weekly repayment'))).toEqual([
      'Any weekly repayment',
      'Up to $100/wk',
      'Up to $150/wk',
      'Up to $200/wk',
      'Up to $250/wk',
      'Up to $300/wk',
    ]);
  });

  it('lists the models of the chosen make only, and none before a make is chosen', () => {
    renderQuick();
    const model = () => screen.getByLabelText('Model') as HTMLSelectElement;
    expect(model().disabled).toBe(true);
    expect(options(model())).toEqual(['Choose a make first']);
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Ford' } });
    expect(model().disabled).toBe(false);
    expect(options(model())).toEqual(['Any model', 'Everest', 'Ranger']);
    fireEvent.change(model(), { target: { value: 'Ranger' } });
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Mazda' } });
    expect(options(model())).toEqual(['Any model', 'CX-5']);
    expect(model().value).toBe('');
  });

  it('serves every model grouped by make without JavaScript; a make chosen before hydration fills the scripted list', async () => {
    const html = renderToString(quickTree());
    // (a parsed document has no window for the testing library's role queries)
    const texts = (el: Element) => [...el.querySelectorAll('option')].map((o) => o.textContent);
    // A parsed document has no scripting: the browser's view with JavaScript off.
    const plain = new DOMParser().parseFromString(html, 'text/html');
    // The scripted list, empty until a make is chosen; a disabled list is not submitted.
    const scripted = plain.getElementById('home-quick-model') as HTMLSelectElement;
    expect(scripted.className).toBe('fc-quick-search__scripted');
    expect(scripted.disabled).toBe(true);
    expect(texts(scripted)).toEqual(['Choose a make first']);
    // Without JavaScript the noscript's list is read: every model under its make.
    const list = plain.querySelector('noscript select') as HTMLSelectElement;
    expect(list.name).toBe(scripted.name);
    expect(plain.querySelector(`noscript label[for="${list.id}"]`)?.textContent).toBe('Model');
    expect([...list.querySelectorAll('optgroup')].map((g) => [g.label, texts(g)])).toEqual([
      ['Ford', ['Everest', 'Ranger']],
      ['Mazda', ['CX-5']],
    ]);

    // With JavaScript: a make chosen before the page was interactive fills the model list.
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    (container.querySelector('#home-quick-make') as HTMLSelectElement).value = 'Mazda';
    const errors = vi.spyOn(console, 'error');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, quickTree());
    });
    const model = container.querySelector('#home-quick-model') as HTMLSelectElement;
    expect(model.disabled).toBe(false);
    expect(options(model)).toEqual(['Any model', 'CX-5']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });

  it('opens the matching search address: make and model in the path, the price limit in the query', async () => {
    const form = renderQuick();
    fireEvent.change(screen.getByLabelText('Make'), { target: { value: 'Ford' } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'Ranger' } });
    fireEvent.change(screen.getByLabelText('Maximum price'), { target: { value: ':40000' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/search/ford/ranger?range[price]=:40000',
      ),
    );
  });

  it('searches by weekly repayment when the visitor switches the budget', async () => {
    const form = renderQuick();
    fireEvent.change(screen.getByLabelText('Body type'), { target: { value: 'SUV' } });
    fireEvent.change(screen.getByLabelText('Maximum price'), { target: { value: ':20000' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly budget' }));
    fireEvent.change(screen.getByLabelText('Maximum weekly repayment'), {
      target: { value: ':150' },
    });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/search/suv?range[weekly_price]=:150',
      ),
    );
  });

  it('starts with the budget the props choose', () => {
    renderQuick({ budget: 'weekly' });
    expect((screen.getByRole('radio', { name: 'Weekly budget' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('still offers a working form when the stock could not be read', () => {
    renderQuick({}, { makes: [], bodies: [] });
    expect(options(screen.getByLabelText('Make'))).toEqual(['Any make']);
    expect(options(screen.getByLabelText('Maximum price'))).toHaveLength(9);
  });

  it('reads its choices with one facet query of the site stock, and survives a failed one', async () => {
    const { site, data: siteData } = prepareDemoSite({ site: 'southern-motor-group' });
    const calls: unknown[] = [];
    vi.doMock('../_search/client.ts', () => ({
      searchClientFor: () => ({
        search: async (requests: unknown[]) => {
          calls.push(requests);
          if (calls.length > 1) throw new Error('down');
          return {
            results: [
              {
                facets: {
                  make: { Kia: 3 },
                  make_model: { 'Kia Seltos': 3 },
                  simple_body: { SUV: 3 },
                },
                facets_stats: { price: { min: 1, max: 30000 } },
              },
            ],
          };
        },
      }),
    }));
    const ctx = {
      props: {},
      block: { type: 'quick-search', id: 'q' },
      site,
      siteData,
      params: {},
      url: new URL('http://dealer.test/'),
    } as never;
    expect(await QuickSearch.load!(ctx)).toEqual({
      makes: [{ name: 'Kia', models: ['Seltos'] }],
      bodies: ['SUV'],
      priceMax: 30000,
      weeklyMax: undefined,
    });
    const [request] = calls[0] as {
      params: { facets: string[]; hitsPerPage: number; filters: string };
    }[];
    expect(request.params.facets).toEqual(QUICK_FACETS);
    expect(request.params.hitsPerPage).toBe(0);
    expect(request.params.filters).toContain('show_on_dealer_website');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await QuickSearch.load!(ctx)).toEqual({ makes: [], bodies: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    vi.doUnmock('../_search/client.ts');
  });
});
