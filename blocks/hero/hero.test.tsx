import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { HeroProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import Hero from './index.tsx';

const image = { src: '/assets/models/ranger.svg', alt: 'A Ford Ranger', width: 640, height: 360 };

describe('hero block', () => {
  it('shows the heading as the page heading, the text, the actions and the image (fetched first)', () => {
    renderBlock<HeroProps>('hero', Hero, {
      props: { heading: 'Your local Ford dealer', text: 'New and used cars.', image, actions: [{ label: 'Browse stock', href: '/search/new-cars' }], tone: 'dark', align: 'center' },
    });
    const section = screen.getByRole('region', { name: 'Your local Ford dealer' });
    expect(section.className).toContain('fc-hero--dark');
    expect(section.className).toContain('fc-hero--center');
    screen.getByRole('heading', { level: 1, name: 'Your local Ford dealer' });
    screen.getByText('New and used cars.');
    expect(screen.getByRole('link', { name: 'Browse stock' }).getAttribute('href')).toBe('/search/new-cars');
    const img = screen.getByRole('img', { name: 'A Ford Ranger' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBe('640');
  });

  it("asks for its image to be the page's main image, and for nothing without one", async () => {
    const load = Hero.load!;
    expect(await load({ props: { heading: 'H', image } } as never)).toEqual({ head: { preloadImage: { href: '/assets/models/ranger.svg' } } });
    expect(await load({ props: { heading: 'H' } } as never)).toBeUndefined();
  });
});
