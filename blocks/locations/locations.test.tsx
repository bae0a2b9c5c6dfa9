import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
import type { LocationsProps } from '../../schemas/resolved.gen.ts';
import { chooseLocationsVariant, directionsUrl, filterLocations } from '../_shared/locations.ts';
import { fitZoom, project } from '../_shared/StaticMap.tsx';
import { loadStaticMap } from '../_shared/static-map-code.ts';
import {
  prepareDemoSite,
  renderBlock,
  withDefaults,
  type DemoSite,
} from '../_shared/test-utils.tsx';
import Locations from './index.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// As the block's `load` does before a render without the server's map (DeferredMap.tsx).
beforeAll(async () => {
  await loadStaticMap();
});

const gcf = () => prepareDemoSite({ site: 'gold-coast-ford' }).site.locations;
const names = (list: Location[]) => list.map((l) => l.slug);

describe('location filter', () => {
  it('picks primary, sales, service, parts, service-and-parts, all, or one id', () => {
    const all = gcf();
    expect(names(filterLocations(all, 'primary'))).toEqual(['southport']);
    expect(names(filterLocations(all, 'sales'))).toEqual(['southport', 'nerang']);
    expect(names(filterLocations(all, 'service'))).toEqual(['southport-service']);
    expect(names(filterLocations(all, 'parts'))).toEqual(['southport-parts']);
    expect(names(filterLocations(all, 'service-and-parts'))).toEqual([
      'southport-service',
      'southport-parts',
    ]);
    // The fleet centre is hidden (visible: false): never in keyword lists…
    expect(names(filterLocations(all, 'all'))).toEqual([
      'southport',
      'nerang',
      'southport-service',
      'southport-parts',
    ]);
    // …but a location asked for by id is shown.
    expect(names(filterLocations(all, 5))).toEqual(['fleet-centre']);
    expect(names(filterLocations(all, 2))).toEqual(['nerang']);
    expect(filterLocations(all, 999)).toEqual([]);
  });

  it('falls back to the first visible location when none is primary', () => {
    const all = gcf().map((l) => ({ ...l, primary: false }));
    expect(names(filterLocations(all, 'primary'))).toEqual(['southport']);
  });
});

describe('variant rule', () => {
  it('chooses by number of locations and dealerships', () => {
    const all = gcf();
    const smg = prepareDemoSite({ site: 'southern-motor-group' }).site.locations;
    // One location: single card with a map.
    expect(chooseLocationsVariant(filterLocations(all, 'primary'))).toBe('map');
    // Several dealerships (a dealer group): hero map.
    expect(chooseLocationsVariant(filterLocations(smg, 'sales'))).toBe('hero-map');
    expect(chooseLocationsVariant(filterLocations(all, 'sales'))).toBe('hero-map'); // Gold Coast Ford + Nerang Ford
    // Only service and parts centres of one dealership: list.
    expect(chooseLocationsVariant(filterLocations(all, 'service-and-parts'))).toBe('list');
    // Several sales locations of one dealership: map with the grid.
    const oneDealer = filterLocations(all, 'all').map((l) => ({
      ...l,
      dealership_slug: 'gold-coast-ford',
    }));
    expect(chooseLocationsVariant(oneDealer)).toBe('map');
  });
});

describe('directions', () => {
  it('links to Google Maps directions by lat,long', () => {
    expect(directionsUrl(gcf()[0])).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-27.972,153.401',
    );
  });
  it('uses the address without coordinates', () => {
    const l = { address: { street: '1 Main St', city: 'Nerang', state: 'QLD', postcode: '4211' } };
    expect(directionsUrl(l)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St,%20Nerang%20QLD%204211',
    );
  });
});

describe('static map projection', () => {
  it('projects with Web Mercator at zoom 10 by default', () => {
    expect(project(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const p = project(-27.972, 153.401, 10);
    expect(p.x).toBeCloseTo(((153.401 + 180) / 360) * 256 * 1024, 6);
    // Close locations fit at zoom 10; far-apart ones step the zoom out.
    const near = [
      { lat: -27.972, long: 153.401 },
      { lat: -27.9956, long: 153.336 },
    ];
    expect(fitZoom(near, 640, 400)).toBe(10);
    expect(
      fitZoom(
        [
          { lat: -33.87, long: 151.21 },
          { lat: -37.81, long: 144.96 },
        ],
        640,
        400,
      ),
    ).toBeLessThan(10);
  });
});

function setup(props: Partial<LocationsProps> = {}, site: DemoSite = 'gold-coast-ford') {
  return renderBlock<LocationsProps>('locations', Locations, { site, props });
}

describe('locations block', () => {
  it('shows a card grid with a hero map for a dealer group', () => {
    const { container } = setup({ filter: 'sales' }, 'southern-motor-group');
    const section = container.querySelector('[data-block-id="under-test"]')!;
    expect(section.getAttribute('data-variant')).toBe('hero-map');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    const map = screen.getByRole('img', { name: 'Map of 4 locations' });
    expect(map.querySelectorAll('.fc-static-map__pin')).toHaveLength(4);
    expect(map.getAttribute('data-zoom')).toBe('10');
    // Labels for every location, and a description for screen readers.
    expect(map.textContent).toContain('Southern Kia Carrum Downs');
  });

  it('shows one location as a single card beside a map', () => {
    const { container } = setup({ filter: 'primary' });
    expect(container.querySelector('.fc-locations--single')).not.toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    screen.getByRole('img', { name: 'Map showing Gold Coast Ford Southport' });
    // No postcode search with one location.
    expect(screen.queryByLabelText('Your postcode')).toBeNull();
  });

  it('lists service locations without a map', () => {
    const { container } = setup({ filter: 'service-and-parts' });
    expect(container.querySelector('[data-variant="list"]')).not.toBeNull();
    expect(screen.queryByRole('img', { name: /Map/ })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows contact details only where the fields exist, and licence numbers', () => {
    setup({ filter: 'all' });
    const [southport, nerang, service] = screen.getAllByRole('article');
    // Southport has a phone and an email; Nerang only a phone.
    expect(
      within(southport)
        .getByRole('link', { name: /07 5555 0101/ })
        .getAttribute('href'),
    ).toBe('tel:0755550101');
    expect(
      within(southport)
        .getByRole('link', { name: /sales@goldcoastford.example/ })
        .getAttribute('href'),
    ).toBe('mailto:sales@goldcoastford.example');
    expect(within(nerang).queryByRole('link', { name: /Email/ })).toBeNull();
    within(southport).getByText('3270011');
    within(southport).getByText('Dealer licence');
    within(service).getByText('MVR 45123');
    within(service).getByText('Motor vehicle repairer');
    expect(within(service).queryByText('Dealer licence')).toBeNull();
    // Get Directions is a link to Google Maps, and View location goes to the location page.
    expect(
      within(nerang)
        .getByRole('link', { name: /Get Directions/ })
        .getAttribute('href'),
    ).toBe('https://www.google.com/maps/dir/?api=1&destination=-27.9956,153.336');
    expect(
      within(nerang)
        .getByRole('link', { name: /View location/ })
        .getAttribute('href'),
    ).toBe('/locations/nerang');
  });

  it('spells licence the US way on US sites', () => {
    renderBlock<LocationsProps>('locations', Locations, {
      site: 'lakeside-chevrolet',
      props: { filter: 'primary' },
      patch: (doc) => {
        doc.locations[0].dealer_license_number = 'WI-DL-1234';
      },
    });
    screen.getByText('Dealer license');
    screen.getByText('WI-DL-1234');
    screen.getByText('9:00 AM – 8:00 PM');
  });

  it('groups Monday–Friday in the hours and opens the holiday hours dialog', async () => {
    // Holiday hours show from today on: the demo lists the coming year's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
    setup({ filter: 'primary' });
    const card = screen.getByRole('article');
    within(card).getByText('Monday – Friday');
    within(card).getByText('8:00 am – 5:30 pm');
    const button = within(card).getByRole('button', { name: 'Holiday hours' });
    button.focus();
    fireEvent.click(button);
    // The dialog's code loads on the first opening.
    const dialog = await screen.findByRole('dialog', {
      name: 'Holiday hours: Gold Coast Ford Southport',
    });
    expect(dialog.hasAttribute('open')).toBe(true);
    within(dialog).getByText('Friday 26 March 2027');
    within(dialog).getByText('Good Friday');
    expect(within(dialog).queryByText(/2025/)).toBeNull();
    within(dialog).getByText('9:00 am – 12:00 pm');
    // Focus moved into the dialog; Escape closes it and focus returns to the button.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the holiday hours dialog', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
    setup({ filter: 'primary' });
    fireEvent.click(screen.getByRole('button', { name: 'Holiday hours' }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // The close button is the only focusable element: Tab and Shift+Tab stay on it.
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('has no holiday hours button once every holiday has passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    setup({ filter: 'primary' });
    expect(screen.queryByRole('button', { name: 'Holiday hours' })).toBeNull();
  });

  it('has no holiday hours button without special hours', () => {
    setup({ filter: 'service' });
    expect(screen.queryByRole('button', { name: 'Holiday hours' })).toBeNull();
  });

  it('shows open now in the location time zone once mounted', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 9:00 am Thursday 17 April 2025 in Brisbane.
    vi.setSystemTime(new Date('2025-04-16T23:00:00Z'));
    setup({ filter: 'primary' });
    screen.getByText('Open now');
    screen.getByText('Closes 5:30 pm');
  });

  it('shows closed on a holiday', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 10:00 am Good Friday in Brisbane.
    vi.setSystemTime(new Date('2027-03-26T00:00:00Z'));
    setup({ filter: 'primary' });
    screen.getByText('Closed now');
    screen.getByText('Good Friday', { selector: '.fc-hours__now-detail' });
  });

  it('renders on the server without open-now text (no clock in the first render)', () => {
    const { site, data } = prepareDemoSite();
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <Locations.component
            props={withDefaults<LocationsProps>('locations', { filter: 'all' })}
            block={{ type: 'locations', id: 'l' }}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(html).toContain('Gold Coast Ford Southport');
    expect(html).not.toContain('Open now');
    expect(html).not.toContain('Closed now');
    expect(html).toContain('data-state="unknown"');
  });

  it('sorts by distance from a postcode, in km', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            postcode: '4211',
            region: 'AU',
            lat: -27.99,
            long: 153.33,
            place: 'Nerang',
          }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    setup({ filter: 'sales' });
    fireEvent.change(screen.getByLabelText('Your postcode'), { target: { value: '4211' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find nearest' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Sorted by distance from Nerang 4211'),
    );
    const cards = screen.getAllByRole('article');
    expect(cards[0].getAttribute('data-location-id')).toBe('2');
    expect(cards[0].textContent).toContain('0.9 km away');
    expect(cards[1].textContent).toContain('7.3 km away');
    expect(String((fetch.mock.calls[0] as unknown as [URL])[0])).toMatch(
      /\/api\/geocode\?postcode=4211&region=AU$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getAllByRole('article')[0].getAttribute('data-location-id')).toBe('1');
  });

  it('shows miles on US sites', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ lat: 43.07, long: -89.4 }))),
    );
    setup({ filter: 'all' }, 'lakeside-chevrolet');
    fireEvent.change(screen.getByLabelText('Your ZIP code'), { target: { value: '53703' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find nearest' }));
    await waitFor(() =>
      expect(screen.getAllByRole('article')[0].textContent).toMatch(/\d mi away/),
    );
  });

  it('says "Invalid postcode" when the geocoder finds nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"not found"}', { status: 404 })),
    );
    setup({ filter: 'sales' });
    const input = screen.getByLabelText('Your postcode');
    fireEvent.change(input, { target: { value: '0000' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid postcode'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Cards keep their order.
    expect(screen.getAllByRole('article')[0].getAttribute('data-location-id')).toBe('1');
  });

  it('renders nothing when no location matches', () => {
    // A site with only a sales yard has no service centre to show. (A location id the site
    // does not have is refused by the whole-site rules before anything renders.)
    const { container } = setup({ filter: 'service' }, 'kiwi-car-yard');
    expect(container.innerHTML).toBe('');
  });
});
