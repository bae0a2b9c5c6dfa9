import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { CarouselProps } from '../../schemas/resolved.gen.ts';
import { expectLadderPhoto, expectPlainPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import { prepareDemoSite, renderBlock } from '../_shared/test-utils.tsx';
import Carousel, { SLIDE_PHOTO } from './index.tsx';

const slides = [
  {
    title: 'First offer',
    text: 'One',
    image: { src: '/assets/models/ranger.svg', alt: 'Ranger', width: 480, height: 270 },
    link: { label: 'View', href: '/special-offers' },
  },
  { title: 'Second offer', image: { src: '/assets/models/everest.svg', alt: 'Everest' } },
  { title: 'Third offer', text: 'Three' },
];

function setup(props: Partial<CarouselProps> = {}) {
  return renderBlock<CarouselProps>('carousel', Carousel, {
    props: { label: 'Current offers', slides, ...props },
  });
}

const region = () => screen.getByRole('region', { name: 'Current offers' });
const slideGroups = () => screen.getAllByRole('group', { hidden: true });
const activeSlide = () => slideGroups().find((g) => g.getAttribute('aria-hidden') !== 'true')!;

describe('carousel block', () => {
  it('is an accessible carousel of labelled slides', () => {
    setup();
    expect(region().getAttribute('aria-roledescription')).toBe('carousel');
    const groups = slideGroups();
    expect(groups).toHaveLength(3);
    groups.forEach((g, i) => {
      expect(g.getAttribute('aria-roledescription')).toBe('slide');
      expect(g.getAttribute('aria-label')).toBe(`${i + 1} of 3`);
    });
    // Inactive slides are out of reach once mounted.
    expect(groups[1].getAttribute('aria-hidden')).toBe('true');
    expect(groups[1].hasAttribute('inert')).toBe(true);
    expect(activeSlide().textContent).toContain('First offer');
  });

  it('moves with the arrows and loops', () => {
    setup();
    const next = screen.getByRole('button', { name: 'Next slide' });
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    fireEvent.click(next);
    expect(activeSlide().textContent).toContain('Second offer');
    fireEvent.click(next);
    fireEvent.click(next);
    expect(activeSlide().textContent).toContain('First offer');
    fireEvent.click(prev);
    expect(activeSlide().textContent).toContain('Third offer');
  });

  it('has dots that go to a slide and mark the current one', () => {
    setup();
    const dots = [1, 2, 3].map((n) => screen.getByRole('button', { name: `Go to slide ${n}` }));
    expect(dots[0].getAttribute('aria-current')).toBe('true');
    expect(dots[2].hasAttribute('aria-current')).toBe(false);
    fireEvent.click(dots[2]);
    expect(activeSlide().textContent).toContain('Third offer');
    expect(dots[2].getAttribute('aria-current')).toBe('true');
    expect(dots[0].hasAttribute('aria-current')).toBe(false);
  });

  it('answers left/right keys on the focused region', () => {
    setup();
    const r = region();
    r.focus();
    fireEvent.keyDown(r, { key: 'ArrowRight' });
    expect(activeSlide().textContent).toContain('Second offer');
    fireEvent.keyDown(r, { key: 'ArrowLeft' });
    fireEvent.keyDown(r, { key: 'ArrowLeft' });
    expect(activeSlide().textContent).toContain('Third offer');
    fireEvent.keyDown(r, { key: 'Home' });
    expect(activeSlide().textContent).toContain('First offer');
  });

  it('keeps focus in the carousel when the slide holding it is hidden', () => {
    setup();
    const link = screen.getByRole('link', { name: 'View' });
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(region());
  });

  it('stops at the ends without loop', () => {
    setup({ loop: false });
    const next = screen.getByRole('button', { name: 'Next slide' });
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    expect(prev.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(prev);
    expect(activeSlide().textContent).toContain('First offer');
    fireEvent.click(next);
    fireEvent.click(next);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(activeSlide().textContent).toContain('Third offer');
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(activeSlide().textContent).toContain('Third offer');
  });

  it('sizes images and lazy-loads all but the first', () => {
    setup();
    const imgs = within(region()).getAllByRole('img', { hidden: true });
    expect(imgs).toHaveLength(2);
    expect(imgs[0].getAttribute('loading')).toBeNull();
    expect(imgs[1].getAttribute('loading')).toBe('lazy');
    for (const img of imgs) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });

  it('has no controls for a single slide', () => {
    setup({ slides: [slides[0]] as CarouselProps['slides'] });
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(slideGroups()[0].hasAttribute('aria-hidden')).toBe(false);
  });

  it('renders on the server with every slide reachable', () => {
    const { site, data } = prepareDemoSite();
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <Carousel.component
            props={{ label: 'Offers', loop: true, slides: slides as CarouselProps['slides'] }}
            block={{ type: 'carousel', id: 'c' }}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).not.toContain('inert');
    expect(html).not.toContain('aria-hidden="true" data');
    expect(html).not.toContain('fc-carousel--active');
  });
});

describe('carousel pictures', () => {
  it("asks for a slide's uploaded photo at the ladder widths the slide shows, with its colour while it loads; a drawing as it is", () => {
    const { container } = setup({
      slides: [
        { title: 'Showroom', image: { src: UPLOADED_PHOTO, alt: 'Showroom' } },
        slides[1],
      ] as CarouselProps['slides'],
    });
    const images = container.querySelectorAll('.fc-carousel__image');
    expectLadderPhoto(images[0], UPLOADED_PHOTO, SLIDE_PHOTO);
    expectPlainPhoto(images[1], '/assets/models/everest.svg');
  });
});
