import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { autoDealerJsonLd, jsonForScript } from '../_shared/locations.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import LocationDetail from './index.tsx';

const jsonLd = (container: HTMLElement) => {
  const script = container.querySelector('script[type="application/ld+json"]');
  return script ? JSON.parse(script.textContent!) : undefined;
};

describe('location page block', () => {
  it('shows the location named by the route slug (/locations/:slug)', async () => {
    const { container } = await loadAndRender('location-detail', LocationDetail, {
      params: { slug: 'nerang' },
      route: '/locations/nerang',
    });
    screen.getByRole('heading', { level: 1, name: 'Nerang Ford' });
    screen.getByRole('img', { name: 'Map showing Nerang Ford' });
    expect(screen.getByRole('link', { name: /Get Directions/ }).getAttribute('href')).toContain(
      'destination=-27.9956,153.336',
    );
    const data = jsonLd(container);
    expect(data['@type']).toBe('AutoDealer');
    expect(data.name).toBe('Nerang Ford');
    expect(data.url).toBe('http://dealer.test/locations/nerang');
    expect(data.address).toMatchObject({
      streetAddress: '2 Spencer Road',
      addressLocality: 'Nerang',
      postalCode: '4211',
    });
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: -27.9956, longitude: 153.336 });
    expect(data.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:00',
      closes: '17:30',
    });
    // Sunday is closed: not listed as open.
    expect(data.openingHoursSpecification.some((s: any) => s.dayOfWeek.endsWith('Sunday'))).toBe(
      false,
    );
    expect(data.specialOpeningHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      validFrom: '2026-12-25',
      validThrough: '2026-12-25',
      opens: '00:00',
      closes: '00:00',
    });
  });

  it('works on /contact-us/:slug and for hidden locations', async () => {
    await loadAndRender('location-detail', LocationDetail, {
      params: { slug: 'fleet-centre' },
      route: '/contact-us/fleet-centre',
    });
    screen.getByRole('heading', { level: 1, name: 'Gold Coast Ford Fleet Centre' });
  });

  it('shows a not-found message for an unknown slug', async () => {
    const { container } = await loadAndRender('location-detail', LocationDetail, {
      params: { slug: 'atlantis' },
    });
    screen.getByRole('heading', { level: 1, name: 'Location not found' });
    screen.getByRole('link', { name: 'See all our locations' });
    expect(jsonLd(container)).toBeUndefined();
  });

  it('shows the location set in its props, or the primary one without any slug', async () => {
    const first = await loadAndRender('location-detail', LocationDetail, {
      props: { location: 'southport-service' },
    });
    screen.getByRole('heading', { level: 1, name: 'Gold Coast Ford Service' });
    first.unmount();
    await loadAndRender('location-detail', LocationDetail, {});
    screen.getByRole('heading', { level: 1, name: 'Gold Coast Ford Southport' });
  });

  it('leaves out the structured data when switched off', async () => {
    const { container } = await loadAndRender('location-detail', LocationDetail, {
      props: { structuredData: false },
      params: { slug: 'nerang' },
    });
    expect(jsonLd(container)).toBeUndefined();
  });
});

describe('JSON-LD escaping', () => {
  it('escapes characters that could end the script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script> & co' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & co' });
  });

  it('escapes dealer text in a location name', () => {
    const { site } = prepareDemoSite();
    const location = { ...site.locations[0], name: 'Evil </script> Motors' };
    const text = jsonForScript(autoDealerJsonLd(location, site));
    expect(text).toContain('\\u003c/script\\u003e');
  });
});
