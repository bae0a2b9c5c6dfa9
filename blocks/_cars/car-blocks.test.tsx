/** The car blocks: the car detail page, the reserve online page and the featured car. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Car } from '../../schemas/types.gen.ts';
import carDetail from '../car-detail/index.tsx';
import carCheckout, { depositText } from '../car-checkout/index.tsx';
import carCardBlock from '../car-card/index.tsx';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite, withDefaults, type DemoSite } from '../_shared/test-utils.tsx';
import type { CarDetailProps } from '../../schemas/resolved.gen.ts';
import { loadCarDetail } from '../car-detail/index.tsx';
import { car, NOW } from './test-cars.ts';
import { COLLAPSE_OVER } from '../_shared/text.ts';
import { freshVisitorEachTest } from './test-render.tsx';

freshVisitorEachTest();

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

  it('collapses comments over 200 characters with View more / View less, and not shorter ones', async () => {
    const first = 'One owner from new with a full dealer service history and both keys.';
    const second =
      'New tyres all round, a tow bar fitted and the cabin kept like new by a careful owner.';
    const third =
      'Finance and trade-ins welcome; ask us about an extended warranty for extra peace of mind.';
    const long = [first, second, third].join('|');
    expect(long.length).toBeGreaterThan(COLLAPSE_OVER);
    expect(long.length).toBeLessThan(400);
    await detail(car({ dealercomments: long }));
    const panel = document.querySelector<HTMLElement>('[data-panel="comments"]')!;
    const text = () => [...panel.querySelectorAll('p')].map((p) => p.textContent).join(' ');
    expect(text()).not.toContain(third);
    const more = within(panel).getByRole('button', { name: 'View more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(text()).toBe([first, second, third].join(' '));
    fireEvent.click(within(panel).getByRole('button', { name: 'View less' }));
    expect(text()).not.toContain(third);
  });

  it('shows comments of 200 characters or fewer whole, without a toggle', async () => {
    await detail(car({ dealercomments: 'One owner.|Full service history.' }));
    const panel = document.querySelector<HTMLElement>('[data-panel="comments"]')!;
    expect(within(panel).queryByRole('button')).toBeNull();
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
