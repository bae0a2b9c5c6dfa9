import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { STICKY_BELOW_BANNER } from '../../engine/render/dom-ids.ts';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { HeaderProps } from '../../schemas/resolved.gen.ts';
import {
  mockViewport,
  prepareDemoSite,
  renderBlock,
  type RenderBlockOptions,
} from '../_shared/test-utils.tsx';
import Header from './index.tsx';
import { loadModelsPanel } from './models-panel.ts';
import { isCurrent, menuLocations, modelCategories, serviceHref } from '../_shared/site-links.ts';

// The models panel's code, as a page has it once a visitor wants the menu (models-panel.ts).
beforeAll(async () => void (await loadModelsPanel()));

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function setup(options: RenderBlockOptions<HeaderProps> = {}) {
  return renderBlock<HeaderProps>('header', Header, options);
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = (name: string) => within(nav()).getByRole('button', { name });
const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls')!)!;

describe('header block', () => {
  it('is a banner with the site name linking home and a main navigation', () => {
    setup();
    const header = screen.getByRole('banner');
    const home = within(header).getByRole('link', { name: 'Gold Coast Ford' });
    expect(home.getAttribute('href')).toBe('/');
    expect(nav().tagName).toBe('NAV');
    expect(within(nav()).getByRole('link', { name: 'Special Offers' }).getAttribute('href')).toBe(
      '/special-offers',
    );
  });

  it('carries the attribute the notice banner gives its height to only when it sticks', () => {
    setup({ props: { sticky: true } });
    expect(screen.getByRole('banner').hasAttribute(STICKY_BELOW_BANNER)).toBe(true);
    cleanup();
    setup();
    expect(screen.getByRole('banner').hasAttribute(STICKY_BELOW_BANNER)).toBe(false);
  });

  it('shows the theme logo when there is one', () => {
    setup({
      patch: (doc) =>
        (doc.theme = {
          logo: { src: '/logo.svg', alt: 'Gold Coast Ford logo', width: 200, height: 50 },
        }),
    });
    const img = within(screen.getByRole('banner')).getByRole('img', {
      name: 'Gold Coast Ford logo',
    });
    expect(img.getAttribute('width')).toBe('200');
    expect(img.closest('a')!.getAttribute('href')).toBe('/');
  });

  it('has a phone link when the header has a phone number', () => {
    setup({ props: { phone: '07 5555 0100' } });
    const call = within(screen.getByRole('banner')).getByRole('link', {
      name: 'Call 07 5555 0100',
    });
    expect(call.getAttribute('href')).toBe('tel:0755550100');
  });

  describe('locations dropdown', () => {
    const entries = () => {
      const panel = panelOf(menuButton('Locations'));
      return within(panel).getAllByRole('link', { hidden: true });
    };

    it('lists visible locations sales → service → parts → others, with phone numbers', () => {
      setup({
        patch: (doc) => {
          doc.locations.reverse(); // parts, service, …, sales first in the document
          doc.locations.push({
            ...doc.locations[0],
            id: 9,
            slug: 'body-shop',
            name: 'Body Shop',
            location_type: '',
            visible: true,
          });
        },
      });
      const names = entries().map((a) => a.querySelector('.fc-menu__location-name')!.textContent);
      expect(names).toEqual([
        'Nerang Ford',
        'Gold Coast Ford Southport',
        'Gold Coast Ford Service',
        'Gold Coast Ford Parts',
        'Body Shop',
      ]);
      expect(names).not.toContain('Gold Coast Ford Fleet Centre');
      expect(entries()[0].textContent).toContain('07 5555 0202');
    });

    it('links to tel: when phone links in menus are on', () => {
      setup({ patch: (doc) => (doc.features.phoneLinksInMenu = true) });
      expect(entries()[0].getAttribute('href')).toBe('tel:0755550101');
    });

    it('links to /contact when phone links in menus are off', () => {
      setup({ patch: (doc) => (doc.features.phoneLinksInMenu = false) });
      for (const a of entries()) expect(a.getAttribute('href')).toBe('/contact');
    });

    it('uses the city when a location has no name', () => {
      const { site } = prepareDemoSite();
      const list = menuLocations({ ...site, locations: [{ ...site.locations[0], name: ' ' }] });
      expect(list[0].label).toBe('Southport');
    });
  });

  it('builds the model dropdown from manufacturer_body categories, plus Contact Us and Our Stock', () => {
    const { data } = setup();
    const panel = panelOf(menuButton('Vehicles'));
    const headings = within(panel)
      .getAllByRole('heading', { hidden: true })
      .map((h) => h.textContent);
    const expected = [...new Set(data.models.map((m) => m.manufacturer_body))];
    expect(headings).toEqual(expected);
    expect(headings).toEqual(
      expect.arrayContaining(['Utes & Trucks', 'SUVs', 'Electric', 'Vans', 'Performance']),
    );
    const suvs = within(panel).getByRole('region', { name: 'SUVs', hidden: true });
    const suvNames = within(suvs)
      .getAllByRole('link', { hidden: true })
      .map((a) => a.textContent);
    expect(suvNames).toEqual(
      data.models.filter((m) => m.manufacturer_body === 'SUVs').map((m) => m.name),
    );
    expect(
      within(panel).getByRole('link', { name: 'Contact Us', hidden: true }).getAttribute('href'),
    ).toBe('/contact');
    expect(
      within(panel).getByRole('link', { name: 'Our Stock', hidden: true }).getAttribute('href'),
    ).toBe('/cars/');
  });

  it('names the make in model links on multi-brand sites', () => {
    setup({ site: 'southern-motor-group' });
    const panel = panelOf(menuButton('Vehicles'));
    within(panel).getByRole('link', { name: 'Toyota RAV4', hidden: true });
  });

  describe('dropdown keyboard and pointer', () => {
    it('Enter and Space toggle, Escape closes and returns focus to the button', () => {
      setup();
      const button = menuButton('Company');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      button.focus();
      fireEvent.keyDown(button, { key: 'Enter' });
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const link = within(panelOf(button)).getByRole('link', { name: 'Careers' });
      link.focus();
      fireEvent.keyDown(link, { key: 'Escape' });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(button);
      fireEvent.keyDown(button, { key: ' ' });
      expect(button.getAttribute('aria-expanded')).toBe('true');
      fireEvent.keyDown(button, { key: ' ' });
      expect(button.getAttribute('aria-expanded')).toBe('false');
    });

    it('ArrowDown opens and focuses the first item; Up/Down move through the list', () => {
      setup();
      const button = menuButton('Service & Parts');
      button.focus();
      act(() => {
        fireEvent.keyDown(button, { key: 'ArrowDown' });
      });
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const links = within(panelOf(button)).getAllByRole('link');
      expect(document.activeElement).toBe(links[0]);
      fireEvent.keyDown(links[0], { key: 'ArrowDown' });
      expect(document.activeElement).toBe(links[1]);
      fireEvent.keyDown(links[1], { key: 'End' });
      expect(document.activeElement).toBe(links[links.length - 1]);
      fireEvent.keyDown(links[links.length - 1], { key: 'Home' });
      fireEvent.keyDown(links[0], { key: 'ArrowUp' });
      expect(document.activeElement).toBe(button);
    });

    it('opens by click, one at a time, and closes on a click outside', () => {
      setup();
      const company = menuButton('Company');
      const stock = menuButton('Our Stock');
      fireEvent.click(company);
      expect(company.getAttribute('aria-expanded')).toBe('true');
      expect(panelOf(company).closest('li')!.className).toContain('fc-menu__item--open');
      fireEvent.click(stock);
      expect(company.getAttribute('aria-expanded')).toBe('false');
      expect(stock.getAttribute('aria-expanded')).toBe('true');
      fireEvent.pointerDown(document.body);
      expect(stock.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(stock);
      fireEvent.click(stock);
      expect(stock.getAttribute('aria-expanded')).toBe('false');
    });

    it('closes when focus leaves the dropdown (Tab)', () => {
      setup();
      const button = menuButton('Company');
      fireEvent.click(button);
      const links = within(panelOf(button)).getAllByRole('link');
      const outside = within(nav()).getByRole('button', { name: 'Locations' });
      fireEvent.blur(links[links.length - 1], { relatedTarget: outside });
      expect(button.getAttribute('aria-expanded')).toBe('false');
    });

    it('keeps the link of a dropdown parent reachable inside its panel', () => {
      setup();
      const panel = panelOf(menuButton('Our Stock'));
      expect(
        within(panel).getByRole('link', { name: 'Our Stock', hidden: true }).getAttribute('href'),
      ).toBe('/cars/');
    });
  });

  describe('service links', () => {
    it('go to /ford-service when the site has a service-booking key', () => {
      setup(); // the Ford template sets serviceBookingKey
      const panel = panelOf(menuButton('Service & Parts'));
      expect(
        within(panel).getByRole('link', { name: 'Service', hidden: true }).getAttribute('href'),
      ).toBe('/ford-service');
    });

    it('stay /service without a key', () => {
      setup({ site: 'southern-motor-group' });
      const panel = panelOf(menuButton('Service & Parts'));
      expect(
        within(panel).getByRole('link', { name: 'Service', hidden: true }).getAttribute('href'),
      ).toBe('/service');
    });

    it('rewrites only /service paths', () => {
      const on = { serviceBookingKey: 'k' };
      expect(serviceHref('/service', on)).toBe('/ford-service');
      expect(serviceHref('/service#service-booking', on)).toBe('/ford-service#service-booking');
      expect(serviceHref('/service?x=1', on)).toBe('/ford-service?x=1');
      expect(serviceHref('/services', on)).toBe('/services');
      expect(serviceHref('/warranty', on)).toBe('/warranty');
      expect(serviceHref('/service', { serviceBookingKey: '' })).toBe('/service');
    });
  });

  it('uses US spelling for menu text on US sites', () => {
    setup({
      site: 'lakeside-chevrolet',
      props: { menu: [{ label: 'Colour Guide', href: '/colours' }] },
    });
    within(nav()).getByRole('link', { name: 'Color Guide' });
  });

  it('marks the current page', () => {
    setup({ route: '/special-offers' });
    expect(
      within(nav()).getByRole('link', { name: 'Special Offers' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  describe('mobile (< 992 px)', () => {
    it('opens the menu panel with the toggle and closes it with Escape', () => {
      restore = mockViewport(390);
      setup();
      const toggle = screen.getByRole('button', { name: 'Menu' });
      expect(toggle.getAttribute('aria-controls')).toBe(nav().id);
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(nav().className).toContain('fc-header__nav--open');
      fireEvent.keyDown(within(nav()).getByRole('link', { name: 'Home' }), { key: 'Escape' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
    });

    it('shows one model category at a time as tabs', () => {
      restore = mockViewport(390);
      const { data } = setup();
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      fireEvent.click(menuButton('Vehicles'));
      const tabs = within(nav()).getAllByRole('tab');
      const categories = modelCategories(data.models);
      expect(tabs.map((t) => t.textContent)).toEqual(categories.map((c) => c.name));
      expect(tabs[0].getAttribute('aria-selected')).toBe('true');
      const panel = within(nav()).getByRole('tabpanel');
      expect(
        within(panel)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(categories[0].models.map((m) => m.name));
      fireEvent.click(tabs[1]);
      expect(
        within(within(nav()).getByRole('tabpanel'))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(categories[1].models.map((m) => m.name));
      fireEvent.keyDown(tabs[1], { key: 'ArrowRight' });
      expect(within(nav()).getAllByRole('tab')[2].getAttribute('aria-selected')).toBe('true');
      expect(document.activeElement).toBe(within(nav()).getAllByRole('tab')[2]);
    });
  });

  it('renders on the server as a desktop menu with every link in the HTML', () => {
    const { site, data } = prepareDemoSite({ blocks: [{ type: 'header', id: 'h', props: {} }] });
    const block = site.pages.at(-1)!.blocks!.find((b) => b.id === 'h')!;
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <StaticRouter location="/">
          <Header.component props={block.props as HeaderProps} block={block} slots={{}} />
        </StaticRouter>
      </SiteProvider>,
    );
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toContain('fc-header--js');
    expect(html).not.toContain('role="tab"');
    expect(html).toContain('href="/careers"');
    expect(html).toContain('href="tel:0755550101"');
  });

  it('marks a menu link current on its own page only, a trailing slash or query aside', () => {
    expect(isCurrent('/finance', '/finance/')).toBe(true);
    expect(isCurrent('/finance/', '/finance?x=1#form')).toBe(true);
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/finance', '/finance-calculator')).toBe(false);
    expect(isCurrent('/finance', 'https://example.com/finance')).toBe(false);
    expect(isCurrent('/finance', undefined)).toBe(false);
  });
});
