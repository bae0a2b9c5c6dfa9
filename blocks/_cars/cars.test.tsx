import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import carDetail from '../car-detail/index.tsx';
import carCheckout, { depositText } from '../car-checkout/index.tsx';
import carCardBlock from '../car-card/index.tsx';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite, withDefaults, type DemoSite } from '../_shared/test-utils.tsx';
import type { CarDetailProps } from '../../schemas/resolved.gen.ts';
import { CarCard } from './CarCard.tsx';
import { CarGrid } from './CarGrid.tsx';
import { loadCarDetail } from '../car-detail/index.tsx';
import { car, DAY, NOW } from './test-cars.ts';

function renderWith(
  ui: React.ReactNode,
  site: DemoSite = 'southern-motor-group',
  route = '/',
  patch?: (d: Record<string, any>) => void,
) {
  const { site: resolved, data } = prepareDemoSite({ site, patch });
  return render(
    <SiteProvider site={resolved} data={data} mode="development">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </SiteProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  (window as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => vi.restoreAllMocks());

describe('CarCard', () => {
  it('shows the tag, badges, price, weekly finance and the site buttons', () => {
    renderWith(
      <CarCard
        car={car({
          simple_fuel: 'Hybrid',
          certified: true,
          autograb_data: { state_average_market_price: 30000, average_market_price: 31000 },
        })}
        position={0}
        now={NOW}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.className).toContain('fc-car-card--in-stock');
    expect(within(card).getByText('Hybrid').getAttribute('data-tag')).toBe('hybrid');
    within(card).getByText('Below Market Price');
    within(card).getByText('Certified Pre-Owned');
    expect(card.querySelector('[data-price-state="car-price"]')?.textContent).toContain('$27,990');
    expect(card.querySelector('.fc-car-finance__amount')?.textContent).toContain('$120/wk');
    const buttons = [...card.querySelectorAll('[data-button]')].map((b) =>
      b.getAttribute('data-button'),
    );
    expect(buttons).toEqual(['viewDetails', 'enquire', 'testDrive', 'finance']);
    expect(card.querySelector('[data-button="finance"]')?.getAttribute('href')).toBe(
      '/apply-for-finance?preferredDealership=southern-toyota&vehiclePriceBudget=27990&car_id=1001&car_type=used#finance-form',
    );
  });

  it('photo: srcset, sizes, width and height; lazy below the fold', () => {
    renderWith(
      <>
        <CarCard car={car()} position={0} now={NOW} />
        <CarCard car={car({ id: 2, objectID: '2' })} position={5} now={NOW} />
      </>,
    );
    const [first, later] = document.querySelectorAll('img');
    expect(first.getAttribute('srcset')).toContain('?w=640 640w');
    expect(first.getAttribute('sizes')).toBeTruthy();
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['400', '300']);
    expect(first.getAttribute('loading')).toBeNull();
    expect(later.getAttribute('loading')).toBe('lazy');
  });

  it('a sold car: sold class, JUST SOLD, Find Me Something Similar, no heart', () => {
    renderWith(
      <CarCard
        car={car({ status: 'sold', sold: true, sold_date_timestamp: (NOW - DAY) / 1000 })}
        position={0}
        now={NOW}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.className).toContain('fc-car-card--sold');
    within(card).getByText('JUST SOLD');
    expect(
      within(card).getByRole('link', { name: 'Find Me Something Similar' }).getAttribute('href'),
    ).toBe('/search/toyota/corolla');
    expect(card.querySelector('[data-action="favourite"]')).toBeNull();
  });

  it('Enquire Now opens the enquiry form in a modal', async () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enquire Now' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('2022 Toyota Corolla Ascent Sport');
  });

  it('the heart toggles a favourite in local storage and fires event 39 on add', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    const heart = screen.getByRole('button', { name: /Add .* to favourites/ });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(JSON.parse(localStorage.getItem('fc:favourites:southern-motor-group')!)).toEqual([
      '1001',
    ]);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toContainEqual(
      expect.objectContaining({ event_id: 39, car_id: 1001 }),
    );
    const on = screen.getByRole('button', { name: /Remove .* from favourites/ });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(on);
    expect(JSON.parse(localStorage.getItem('fc:favourites:southern-motor-group')!)).toEqual([]);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(1);
  });

  it('garage rules hide the heart (kiwi-car-yard: no price, new cars)', () => {
    renderWith(
      <>
        <CarCard car={car({ id: 1, objectID: '1', price: 0 })} position={0} now={NOW} />
        <CarCard car={car({ id: 2, objectID: '2', car_type: 'new' })} position={1} now={NOW} />
        <CarCard car={car({ id: 3, objectID: '3' })} position={2} now={NOW} />
      </>,
      'kiwi-car-yard',
    );
    expect(document.querySelectorAll('[data-action="favourite"]')).toHaveLength(1);
    expect(screen.getAllByText('Call for price')).toHaveLength(1);
    // kiwi: no watchlist, no compare, Enquiry wording, no test drive button
    expect(document.querySelector('[data-action="watchlist"]')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Enquiry' }).length).toBeGreaterThan(0);
  });

  it('compare toggles the car in the local list', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />, 'gold-coast-ford');
    const compare = screen.getByRole('button', { name: /Compare/ });
    fireEvent.click(compare);
    expect(compare.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('fc:compare:gold-coast-ford')!)).toEqual(['1001']);
  });

  it('Reserve Now with the deposit on Ford sites (reserve buttons on); Test Drive Only gets Book a Test Drive only', () => {
    renderWith(
      <>
        <CarCard car={car({ dealership_slug: 'gold-coast-ford' })} position={0} now={NOW} />
        <CarCard
          car={car({
            id: 2,
            objectID: '2',
            tag: 'Test Drive Only',
            dealership_slug: 'gold-coast-ford',
          })}
          position={1}
          now={NOW}
        />
      </>,
      'gold-coast-ford',
    );
    const [a, b] = screen.getAllByRole('article');
    expect(within(a).getByRole('link', { name: 'Reserve Now $200' }).getAttribute('href')).toBe(
      '/cars/2022-toyota-corolla-ascent-sport-1001/checkout',
    );
    within(a).getByRole('link', { name: 'Get Pre-Approved Now' });
    expect(within(b).queryByRole('button', { name: 'Enquire Now' })).toBeNull();
    within(b).getByRole('button', { name: 'Book a Test Drive' });
    within(b).getByText('Test Drive Only');
  });

  it('weekly finance tooltip: rate and a link to the terms, opened by its button', () => {
    renderWith(<CarCard car={car()} position={0} now={NOW} />);
    const info = screen.getByRole('button', { name: 'About this weekly price' });
    const tip = document.getElementById(info.getAttribute('aria-controls')!)!;
    expect(tip.hidden).toBe(true);
    fireEvent.click(info);
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toContain('8.99% p.a.');
    expect(within(tip).getByRole('link').getAttribute('href')).toBe('/terms-and-conditions');
    fireEvent.keyDown(info, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});

describe('CarGrid promo tiles', () => {
  const cars = Array.from({ length: 20 }, (_, i) =>
    car({ id: i + 1, objectID: String(i + 1), slug: `c-${i + 1}` }),
  );
  it('inserts the current tiles at the site positions (8 and 17), not the expired 2025 promotion', () => {
    renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/used-cars');
    const items = [...document.querySelectorAll('.fc-car-grid > li')];
    expect(items).toHaveLength(22);
    expect(items[7].querySelector('.fc-promo-tile')).toBeTruthy();
    expect(items[16].querySelector('.fc-promo-tile')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Summer Sale');
  });
  it('picking cars to compare shows the compare bar with a link to /compare', () => {
    renderWith(<CarGrid cars={cars.slice(0, 3)} />, 'gold-coast-ford', '/search/used-cars');
    expect(document.querySelector('.fc-compare-bar')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /^Compare/ })[0]);
    const bar = screen.getByRole('region', { name: 'Compare' });
    expect(bar.textContent).toContain('1 car to compare (pick one more)');
    fireEvent.click(screen.getAllByRole('button', { name: /^Compare/ })[1]);
    expect(bar.textContent).toContain('2 cars to compare');
    expect(within(bar).getByRole('link', { name: 'Compare now' }).getAttribute('href')).toBe(
      '/compare',
    );
  });

  it('a grid shown again in the same visit (Back to the search) puts the same tiles at the same places', () => {
    const tiles = () =>
      [...document.querySelectorAll('.fc-car-grid > li')].map(
        (li) => li.querySelector('.fc-promo-tile')?.getAttribute('data-promo-tile') ?? 'car',
      );
    const first = renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/used-cars');
    const shown = tiles();
    first.unmount();
    for (let i = 0; i < 5; i++) {
      const again = renderWith(
        <CarGrid cars={cars} />,
        'southern-motor-group',
        '/search/used-cars',
      );
      expect(tiles()).toEqual(shown);
      again.unmount();
    }
    expect(shown.filter((t) => t !== 'car')).toHaveLength(2);
  });

  it('a used-only tile does not show on a new-cars search', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = renderWith(<CarGrid cars={cars} />, 'southern-motor-group', '/search/new-cars');
      for (const t of document.querySelectorAll('.fc-promo-tile__heading'))
        seen.add(t.textContent!);
      r.unmount();
    }
    expect([...seen].some((h) => h.includes('Mechanical Protection'))).toBe(false);
  });
});

describe('car detail block', () => {
  const detail = (c: Car, site: DemoSite = 'southern-motor-group') =>
    loadAndRender('car-detail', carDetail, {
      site,
      data: { car: c, now: NOW },
      route: `/cars/${c.slug}`,
    });

  it('name, price, key information with a future rego expiry, comments split on |', async () => {
    await detail(car({ rego_expiry: '2026-09-30' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '2022 Toyota Corolla Ascent Sport',
    );
    expect(document.querySelector('.fc-car-detail__price')?.textContent).toContain('$27,990');
    expect(screen.getByText(/Expires on/).textContent).toContain('2026');
    const panel = document.querySelector('[data-panel="comments"]')!;
    expect([...panel.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'One owner.',
      'Full service history.',
    ]);
  });

  it('no "Expires on" for a past rego; pending text for empty comments', async () => {
    await detail(car({ rego_expiry: '2026-01-01', dealercomments: ' | ' }));
    expect(screen.queryByText(/Expires on/)).toBeNull();
    screen.getByText('Dealer comments are pending. Please check back here later.');
  });

  it('tabs: ARIA tabs moved by arrow keys, Features only with standard equipment', async () => {
    await detail(car());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Dealer Comments',
      "What's Included",
      'Why Buy From Us?',
      'Reserve Online',
      'Protect Your Car',
      'Features',
    ]);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0], { key: 'ArrowRight' });
    expect(tabs[1].getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    expect(
      (document.getElementById(tabs[1].getAttribute('aria-controls')!) as HTMLElement).hidden,
    ).toBe(false);
    fireEvent.keyDown(tabs[1], { key: 'End' });
    expect(tabs[5].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[5], { key: 'ArrowRight' });
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    document.body.innerHTML = '';
    await detail(car({ standardEquipment: [] }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).not.toContain('Features');
  });

  it('spec list shows 4 then Show More / Show Less', async () => {
    await detail(
      car({
        variant: {
          cylinders: 4,
          enginesize: 1987,
          enginesize_litres: 2,
          induction: 'Aspirated',
          power: 126,
          torque: 202,
        },
      }),
    );
    const specs = document.querySelector('[aria-labelledby$="-specs"] dl')!;
    expect(specs.querySelectorAll('dt')).toHaveLength(4);
    const section = specs.closest('section')!;
    const more = within(section as HTMLElement).getByRole('button', { name: /Show More/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(specs.querySelectorAll('dt')).toHaveLength(6);
    expect(more.textContent).toContain('Show Less');
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('sidebar: history report only with a file; sold notice and Find Me Something Similar for a sold car', async () => {
    await detail(car({ file: '/cars/1001/history-report.pdf' }));
    expect(document.querySelector('[data-button="carHistoryReport"]')).toBeTruthy();
    expect(document.querySelector('[data-button="tradeIn"]')?.getAttribute('href')).toBe(
      '/cars/trade-in?car_id=1001',
    );
    document.body.innerHTML = '';
    await detail(car({ status: 'sold', sold: true }));
    expect(screen.getByRole('status').textContent).toContain('SOLD');
    screen.getByText('Like this and want something similar?');
    expect(document.querySelector('[data-button="enquire"]')).toBeNull();
  });

  it('phone reveal: masked, then revealed on click with the reveal recorded', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 204 }));
    await detail(car());
    screen.getByText('07 55*******');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Show phone number' })),
    );
    expect(screen.getByRole('link', { name: '07 5555 0101' }).getAttribute('href')).toBe(
      'tel:0755550101',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/phone-reveals');
    expect(JSON.parse(String(init.body))).toEqual({
      car_id: 1001,
      website_id: 202,
      dealership_id: 21,
    });
    expect((window as { dataLayer?: unknown[] }).dataLayer).toContainEqual({
      event: 'phone_revealed',
      car_id: 1001,
    });
  });

  it('a failed reveal record is only logged', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await detail(car());
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Show phone number' })),
    );
    screen.getByRole('link', { name: '07 5555 0101' });
    expect(warn).toHaveBeenCalled();
  });

  it('load: the car by slug with its head; a missing car is 404 with the similar panel', async () => {
    const { site } = prepareDemoSite({ site: 'southern-motor-group' });
    const url = new URL('http://dealer.test/cars/x');
    const search = vi.fn(async (_filters: string, _hits: number, _attrs: readonly string[]) => [
      car(),
    ]);
    const found = await loadCarDetail(
      { props: withDefaults<CarDetailProps>('car-detail'), site, params: { slug: 'x' }, url },
      search,
    );
    expect(search.mock.calls[0][0]).toMatch(/^slug:"x" AND show_on_dealer_website:true/);
    expect(found.head?.jsonLd?.[0]).toMatchObject({ '@type': 'Car' });
    const gone = await loadCarDetail(
      { props: withDefaults<CarDetailProps>('car-detail'), site, params: { slug: 'gone' }, url },
      async () => [],
    );
    expect(gone).toMatchObject({ missing: true, head: { status: 404 } });
    await loadAndRender('car-detail', carDetail, { data: gone });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This car is no longer available',
    );
    screen.getByRole('link', { name: 'Find Me Something Similar' });
  });
});

describe('reserve online page', () => {
  it('deposit text: default $200, refundable, held 48 hours', async () => {
    expect(depositText('$200')).toBe(
      'Reserve this car with a $200 deposit. Your deposit is 100% refundable, and we hold the car for you for 48 hours.',
    );
    await loadAndRender('car-checkout', carCheckout, {
      site: 'gold-coast-ford',
      data: { car: car() },
    });
    expect(document.querySelector('[data-deposit]')?.textContent).toContain('$200 deposit');
    screen.getByRole('button', { name: /Reserve with a \$200 deposit/ });
  });
  it('a car that cannot be reserved offers similar cars', async () => {
    await loadAndRender('car-checkout', carCheckout, {
      site: 'gold-coast-ford',
      data: { car: car({ reserved: true }) },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This car cannot be reserved online',
    );
  });
});

describe('featured car block', () => {
  it('shows the car as a full card under its heading', async () => {
    await loadAndRender('car-card', carCardBlock, {
      props: { heading: 'Car of the week', slug: 'x' },
      data: { car: car(), now: NOW },
    });
    screen.getByRole('heading', { level: 2, name: 'Car of the week' });
    screen.getByRole('heading', { level: 3, name: '2022 Toyota Corolla Ascent Sport' });
  });
  it('a car that has gone links to similar stock', async () => {
    await loadAndRender('car-card', carCardBlock, { props: { slug: 'gone' }, data: { now: NOW } });
    screen.getByRole('link', { name: 'Find Me Something Similar' });
  });
});
