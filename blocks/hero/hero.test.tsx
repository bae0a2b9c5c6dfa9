import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { HeroProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import Hero from './index.tsx';

const image = { src: '/assets/models/ranger.svg', alt: 'A Ford Ranger', width: 640, height: 360 };

describe('hero block', () => {
  it('shows the heading as the page heading, the text, the actions and the image (fetched first)', () => {
    renderBlock<HeroProps>('hero', Hero, {
      props: {
        heading: 'Your local Ford dealer',
        text: 'New and used cars.',
        image,
        actions: [{ label: 'Browse stock', href: '/search/new-cars' }],
        tone: 'dark',
        align: 'center',
      },
    });
    const section = screen.getByRole('region', { name: 'Your local Ford dealer' });
    expect(section.className).toContain('fc-hero--dark');
    expect(section.className).toContain('fc-hero--center');
    screen.getByRole('heading', { level: 1, name: 'Your local Ford dealer' });
    screen.getByText('New and used cars.');
    expect(screen.getByRole('link', { name: 'Browse stock' }).getAttribute('href')).toBe(
      '/search/new-cars',
    );
    const img = screen.getByRole('img', { name: 'A Ford Ranger' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBe('640');
  });

  it("asks for its image to be the page's main image, and for nothing without one", async () => {
    const load = Hero.load!;
    expect(await load({ props: { heading: 'H', image } } as never)).toEqual({
      head: { preloadImage: { href: '/assets/models/ranger.svg' } },
    });
    expect(await load({ props: { heading: 'H' } } as never)).toBeUndefined();
  });
  it('puts the picture behind the words on request: an overlay, light buttons, fetched first and never lazily', () => {
    renderBlock<HeroProps>('hero', Hero, {
      props: {
        heading: 'Drive home today',
        image: { src: '/assets/sites/x/hero.svg', alt: '' },
        layout: 'background',
        tone: 'light',
        actions: [{ label: 'Browse stock', href: '/search/new-cars' }],
      },
    });
    const section = screen.getByRole('region', { name: 'Drive home today' });
    // The overlay needs dark words' opposite: the tone is dark whatever the document says.
    expect(section.className).toContain('fc-hero--background');
    expect(section.className).toContain('fc-hero--dark');
    const img = section.querySelector('.fc-hero__backdrop > img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.hasAttribute('loading')).toBe(false);
    // A size for the browser to reserve, even when the document gives none.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    expect(screen.getByRole('link', { name: 'Browse stock' }).className).toContain(
      'fc-button--light',
    );
  });

  it('keeps the picture beside the words by default, and a background layout without a picture is a plain hero', () => {
    renderBlock<HeroProps>('hero', Hero, { props: { heading: 'Beside', image } });
    expect(document.querySelector('.fc-hero__backdrop')).toBeNull();
    expect(document.querySelector('.fc-hero__inner > .fc-hero__image')).not.toBeNull();
    renderBlock<HeroProps>('hero', Hero, {
      id: 'second',
      props: { heading: 'No picture', layout: 'background' },
    });
    expect(screen.getByRole('region', { name: 'No picture' }).className).not.toContain(
      'fc-hero--background',
    );
  });
});
