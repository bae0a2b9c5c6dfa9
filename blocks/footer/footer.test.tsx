import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FooterProps } from '../../schemas/resolved.gen.ts';
import { renderBlock, type RenderBlockOptions } from '../_shared/test-utils.tsx';
import Footer, { yearIn } from './index.tsx';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';
import { formatBusinessNumber } from '../../engine/region.ts';

function setup(options: RenderBlockOptions<FooterProps> = {}) {
  return renderBlock<FooterProps>('footer', Footer, options);
}

const footer = () => screen.getByRole('contentinfo');

describe('footer block', () => {
  it('renders the default link columns (Vehicles, Stock, Service, Company) when none are set', () => {
    setup();
    const nav = within(footer()).getByRole('navigation', { name: 'Footer' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const href of [
      '/models?body=suv',
      '/search/new-cars',
      '/search/demo-cars',
      '/search/used-cars',
      '/special-offers',
      '/finance',
      '/fleet',
      '/trade-in',
      '/book-test-drive',
      '/warranty',
      '/roadside-assist',
      '/about-us',
      '/careers',
      '/contact',
      '/terms-and-conditions',
      '/privacy-policy',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Vehicles', 'Stock', 'Service', 'Company']);
  });

  it('sends service links to /ford-service when the site has a service-booking key', () => {
    setup();
    expect(
      within(footer()).getByRole('link', { name: 'Book a Service' }).getAttribute('href'),
    ).toBe('/ford-service');
  });

  it('keeps /service without a key', () => {
    setup({ site: 'southern-motor-group' });
    expect(
      within(footer()).getByRole('link', { name: 'Book a Service' }).getAttribute('href'),
    ).toBe('/service');
  });

  it('uses the columns given in props', () => {
    setup({
      props: {
        columns: [{ heading: 'Cars', links: [{ label: 'Used Cars', href: '/search/used-cars' }] }],
      },
    });
    const nav = within(footer()).getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it('shows the five payment logos when paymentLogos is on (default)', () => {
    setup();
    const block = within(footer()).getByRole('region', { name: 'We accept' });
    const logos = within(block).getAllByRole('img');
    expect(logos.map((i) => i.getAttribute('alt'))).toEqual([
      'Mastercard',
      'Visa',
      'Maestro',
      'Google Pay',
      'Apple Pay',
    ]);
    expect(logos.map((i) => i.getAttribute('src'))).toEqual([
      '/assets/payment/mastercard.svg',
      '/assets/payment/visa.svg',
      '/assets/payment/maestro.svg',
      '/assets/payment/google-pay.svg',
      '/assets/payment/apple-pay.svg',
    ]);
    for (const img of logos) expect(img.getAttribute('width')).toBeTruthy();
  });

  it('hides the payment logos when paymentLogos is off', () => {
    setup({ props: { paymentLogos: false } });
    expect(within(footer()).queryByText('We accept')).toBeNull();
    expect(within(footer()).queryAllByRole('img')).toHaveLength(0);
  });

  it('replaces {year} in the legal line', () => {
    const { site } = setup({
      props: { legal: '© {year} Gold Coast Ford. ABN 12 345 678 901. {year}' },
    });
    const year = yearIn(dealerTimeZone(site));
    expect(year).toMatch(/^\d{4}$/);
    within(footer()).getByText(`© ${year} Gold Coast Ford. ABN 12 345 678 901. ${year}`);
  });

  it('has a default legal line with the site name', () => {
    // Without a business number: the line below shows one after the legal line.
    const { site } = setup({
      site: 'southern-motor-group',
      patch: (doc) => {
        delete doc.layout;
        delete doc.businessNumber;
      },
    });
    within(footer()).getByText(`© ${yearIn(dealerTimeZone(site))} Southern Motor Group`);
  });

  it('shows the dealer’s business number after the legal line, in the region’s format', () => {
    const { site } = setup({ patch: (doc) => (doc.businessNumber = '51824753556') });
    const year = yearIn(dealerTimeZone(site));
    expect(formatBusinessNumber('51824753556', site.region)).toBe('ABN 51 824 753 556');
    expect(footer().querySelector('.fc-footer__legal')?.textContent).toBe(
      `© ${year} Gold Coast Ford · ABN 51 824 753 556`,
    );
  });

  it('shows the NZBN on a New Zealand site, and not twice when the legal line names it', () => {
    setup({ site: 'kiwi-car-yard', patch: (doc) => (doc.businessNumber = '9429041234563') });
    expect(within(footer()).getByText(/· NZBN 9429041234563$/)).toBeTruthy();
  });

  it('leaves the number out when the legal line already names it', () => {
    setup({
      props: { legal: 'Gold Coast Ford. ABN 51 824 753 556.' },
      patch: (doc) => (doc.businessNumber = '51 824 753 556'),
    });
    within(footer()).getByText('Gold Coast Ford. ABN 51 824 753 556.');
  });

  it('takes the year in the dealer time zone', () => {
    // 31 Dec 2026 14:00 UTC is already 1 Jan 2027 in Brisbane, still 2026 in Chicago.
    const now = new Date('2026-12-31T14:00:00Z');
    expect(yearIn('Australia/Brisbane', now)).toBe('2027');
    expect(yearIn('America/Chicago', now)).toBe('2026');
    expect(yearIn('Not/AZone', now)).toBe('2026');
  });

  it('gives the zone’s own year at every hour around New Year and midyear, asking Intl only near New Year', () => {
    const zones = [
      'Pacific/Kiritimati', // UTC+14, the first to reach a new year
      'Etc/GMT+12', // UTC-12, the last
      'Pacific/Auckland',
      'Australia/Brisbane',
      'America/Chicago',
      'UTC',
    ];
    const zoneYear = (zone: string, at: Date) =>
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: zone }).format(at);
    const hours = (from: string, count: number) =>
      Array.from({ length: count }, (_, h) => new Date(Date.parse(from) + h * 3_600_000));
    const instants = [...hours('2026-12-30T00:00:00Z', 72), ...hours('2027-06-30T00:00:00Z', 24)];
    for (const at of instants)
      for (const zone of zones)
        expect(yearIn(zone, at), `${zone} at ${at.toISOString()}`).toBe(zoneYear(zone, at));

    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(yearIn('Australia/Brisbane', new Date('2027-06-30T12:00:00Z'))).toBe('2027');
      expect(formatter).not.toHaveBeenCalled();
      yearIn('Australia/Brisbane', new Date('2026-12-31T20:00:00Z'));
      expect(formatter).toHaveBeenCalled();
    } finally {
      formatter.mockRestore();
    }
  });

  it('summarises visible sales locations with address and phone', () => {
    setup({ patch: (doc) => (doc.locations[1].visible = false) });
    const locations = within(footer()).getByRole('region', { name: 'Visit us' });
    const names = within(locations)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')!.startsWith('/locations/'))
      .map((a) => a.textContent);
    expect(names).toEqual(['Gold Coast Ford Southport']);
    expect(locations.textContent).toContain('120 Ferry Road');
    expect(locations.textContent).toContain('Southport QLD 4215');
    expect(
      within(locations)
        .getByRole('link', { name: 'Call Gold Coast Ford Southport on 07 5555 0101' })
        .getAttribute('href'),
    ).toBe('tel:0755550101');
    expect(locations.textContent).not.toContain('Gold Coast Ford Service');
  });
});
