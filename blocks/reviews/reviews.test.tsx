import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { ReviewsProps } from '../../schemas/resolved.gen.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import {
  prepareDemoSite,
  renderBlock,
  withDefaults,
  type DemoSite,
} from '../_shared/test-utils.tsx';
import { truncate } from '../_shared/text.ts';
import Reviews, { REDUCED_MOTION } from './index.tsx';
import {
  ratingFromReviews,
  ratingLine,
  readRating,
  visibleReviews,
  type ReviewEntry,
} from './rules.ts';

const LONG =
  'We bought our Everest here and the whole team was fantastic from the first test drive to handover. Sam explained every option without any pressure, ' +
  'and the car was detailed beautifully on the day. Highly recommend.';

function review(id: number, extra: Partial<ReviewEntry> = {}): ReviewEntry {
  return {
    id,
    customer_name: `Customer ${id}`,
    rating: 5,
    text: `Great service number ${id}.`,
    review_date: '03/03/2025',
    review_date_in_words: '3 March 2025',
    ...extra,
  };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => review(i + 1));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('review rules', () => {
  it('excludes hidden ids and machine-translated reviews, and keeps at most 10', () => {
    const list = [
      ...many(12),
      review(20, { text: 'Excellent service (Translated by Google) Servicio excelente' }),
      review(21, { text: null }),
    ];
    expect(visibleReviews(list, [2, 3]).map((r) => r.id)).toEqual([
      1, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(visibleReviews(list, [], 50)).toHaveLength(10);
    const tail = visibleReviews(list.slice(10), []);
    expect(tail.map((r) => r.id)).toEqual([11, 12, 21]);
  });

  it('shows the average to 1 decimal only above the minimum rating', () => {
    expect(ratingLine({ rating: 4.66, stars: 4.5, count: 137 }, 4)).toBe(
      '4.7 rating out of 137 reviews',
    );
    expect(ratingLine({ rating: 4, stars: 4, count: 20 }, 4)).toBeUndefined();
    expect(ratingLine({ rating: 4.01, stars: 4, count: 20 }, 4)).toBe(
      '4.0 rating out of 20 reviews',
    );
    expect(ratingLine({ rating: 4.5, stars: 4.5, count: 20 }, 4.5)).toBeUndefined();
    expect(ratingLine({ rating: 5, stars: 5, count: 0 }, 4)).toBeUndefined();
    expect(ratingLine(undefined)).toBeUndefined();
  });

  it('reads the rating endpoint answer and falls back to the reviews themselves', () => {
    expect(readRating({ rating: 4.7, stars: 4.5, count: 137 })).toEqual({
      rating: 4.7,
      stars: 4.5,
      count: 137,
    });
    expect(readRating({ rating: '4.7' })).toEqual({ rating: 4.7, stars: 4.5, count: 0 });
    expect(readRating({ error: 'x' })).toBeUndefined();
    expect(ratingFromReviews([review(1, { rating: 5 }), review(2, { rating: 4 })])).toEqual({
      rating: 4.5,
      stars: 4.5,
      count: 2,
    });
    expect(ratingFromReviews([review(1)], { averageRating: 4.7, count: 137 })).toEqual({
      rating: 4.7,
      stars: 4.5,
      count: 137,
    });
  });

  it('cuts review text at 160 characters with an ellipsis', () => {
    const cut = truncate(LONG, 160);
    expect(LONG.length).toBeGreaterThan(160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(LONG.startsWith(cut.slice(0, -1))).toBe(true);
    expect(truncate('Short and sweet.', 160)).toBe('Short and sweet.');
  });
});

function setup(
  props: Omit<Partial<ReviewsProps>, 'reviews'> & { reviews?: ReviewEntry[] } = {},
  site: DemoSite = 'gold-coast-ford',
) {
  return renderBlock<ReviewsProps>('reviews', Reviews, {
    site,
    props: props as Record<string, unknown>,
  });
}

const slides = () => screen.queryAllByRole('group', { hidden: true });
const activeSlide = () => slides().find((g) => g.getAttribute('aria-hidden') !== 'true')!;

describe('reviews block', () => {
  it('renders nothing without reviews unless forced', () => {
    const { container } = setup({ reviews: [] });
    expect(container.innerHTML).toBe('');
  });

  it('renders the heading when forced to show without reviews', () => {
    setup({ reviews: [], forceShow: true, heading: 'Reviews' });
    screen.getByRole('heading', { name: 'Reviews' });
  });

  it('shows 3 or fewer reviews as a simple list with stars, cut text and dates', () => {
    setup({ reviews: [review(1, { text: LONG }), review(2, { rating: 4 }), review(3)] });
    expect(screen.queryByRole('region', { name: /reviews/ })).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    within(items[0]).getByRole('img', { name: 'Rated 5.0 out of 5' });
    within(items[1]).getByRole('img', { name: 'Rated 4.0 out of 5' });
    expect(items[0].textContent).toContain(truncate(LONG, 160));
    expect(items[0].querySelector('time')!.getAttribute('dateTime')).toBe('2025-03-03');
    expect(items[0].textContent).toContain('3 March 2025');
    expect(screen.queryByText('Swipe')).toBeNull();
  });

  it('shows the rating line from the reviews when above the minimum', () => {
    setup({ reviews: [review(1), review(2, { rating: 4 })], averageRating: 4.7, count: 137 });
    screen.getByText('4.7 rating out of 137 reviews');
    screen.getByRole('img', { name: '4.7 out of 5 stars' });
  });

  it('hides the rating line at or below the site minimum rating', () => {
    setup({ reviews: [review(1, { rating: 4 }), review(2, { rating: 4 })] });
    expect(screen.queryByText(/rating out of/)).toBeNull();
  });

  it('follows a site minimum rating set in the features', () => {
    renderBlock<ReviewsProps>('reviews', Reviews, {
      props: { reviews: [review(1)], averageRating: 4.6, count: 10 } as Record<string, unknown>,
      patch: (doc) => {
        doc.features = { ...doc.features, reviewsMinimumRating: 4.8 };
      },
    });
    expect(screen.queryByText(/rating out of/)).toBeNull();
  });

  it('excludes hidden and translated reviews', () => {
    setup({
      reviews: [review(1), review(2, { text: 'Great (Translated by Google)' }), review(3)],
      hiddenReviewIds: [3],
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('links Leave a Review when set', () => {
    setup({ reviews: [review(1)], leaveReviewUrl: 'https://g.page/r/example/review' });
    expect(screen.getByRole('link', { name: 'Leave a Review' }).getAttribute('href')).toBe(
      'https://g.page/r/example/review',
    );
  });

  it('makes a carousel of more than 3 reviews, starting at the third, with a Swipe hint', () => {
    setup({ reviews: many(5) });
    const region = screen.getByRole('region', { name: 'What our customers say: reviews' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides()).toHaveLength(5);
    expect(activeSlide().textContent).toContain('Customer 3');
    screen.getByText('Swipe');
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(activeSlide().textContent).toContain('Customer 4');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(activeSlide().textContent).toContain('Customer 2');
    expect(
      screen.getByRole('button', { name: 'Go to review 2' }).getAttribute('aria-current'),
    ).toBe('true');
    expect(document.querySelector('.fc-reviews__counter')!.textContent).toBe('2 / 5');
  });

  it('lists the carousel from the third review before hydration (server render)', () => {
    const { site, data } = prepareDemoSite();
    const html = renderToString(
      <SiteProvider site={site} data={data} mode="production">
        <MemoryRouter>
          <Reviews.component
            props={withDefaults<ReviewsProps>('reviews', {
              reviews: many(5) as ReviewsProps['reviews'],
            })}
            block={{ type: 'reviews', id: 'r' }}
            slots={{}}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    // Every review reachable, the third ordered first.
    expect(html).not.toContain('inert');
    expect(html).toMatch(/--fc-slide-order:0[^>]*>(?:(?!--fc-slide-order).)*Customer 3/);
  });

  it('auto-rotates every 3000 ms and pauses on hover and focus', () => {
    vi.useFakeTimers();
    setup({ reviews: many(5), autoRotate: true });
    const region = screen.getByRole('region', { name: /reviews/ });
    expect(activeSlide().textContent).toContain('Customer 3');
    act(() => vi.advanceTimersByTime(2999));
    expect(activeSlide().textContent).toContain('Customer 3');
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide().textContent).toContain('Customer 4');
    // Hover pauses.
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(9000));
    expect(activeSlide().textContent).toContain('Customer 4');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide().textContent).toContain('Customer 5');
    // Focus pauses.
    fireEvent.focus(region);
    act(() => vi.advanceTimersByTime(9000));
    expect(activeSlide().textContent).toContain('Customer 5');
    fireEvent.blur(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide().textContent).toContain('Customer 1');
    // The stop button stops it for good.
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    fireEvent.blur(region);
    act(() => vi.advanceTimersByTime(9000));
    expect(activeSlide().textContent).toContain('Customer 1');
    screen.getByRole('button', { name: 'Start automatic slide show' });
  });

  it('follows the site reviews auto-rotate switch', () => {
    vi.useFakeTimers();
    setup({ reviews: many(5) }, 'southern-motor-group'); // reviewsAutoRotate: true
    act(() => vi.advanceTimersByTime(3000));
    expect(activeSlide().textContent).toContain('Customer 4');
  });

  it('never auto-rotates with prefers-reduced-motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === REDUCED_MOTION,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    setup({ reviews: many(5), autoRotate: true });
    act(() => vi.advanceTimersByTime(12000));
    expect(activeSlide().textContent).toContain('Customer 3');
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  it('does not rotate without the switch', () => {
    vi.useFakeTimers();
    setup({ reviews: many(5) });
    act(() => vi.advanceTimersByTime(12000));
    expect(activeSlide().textContent).toContain('Customer 3');
  });
});

describe('reviews data from the API', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('fetches the rating from /reviews/snap21 with the orgId', async () => {
    const fetch = vi.fn(async () => json({ rating: 4.7, stars: 4.5, count: 137 }));
    vi.stubGlobal('fetch', fetch);
    await loadAndRender('reviews', Reviews, {
      props: { orgId: 'gold-coast-ford', reviews: [review(1)] },
    });
    expect(String((fetch.mock.calls[0] as unknown as [URL])[0])).toBe(
      'http://dealer.test/api/reviews/snap21?orgId=gold-coast-ford',
    );
    screen.getByText('4.7 rating out of 137 reviews');
  });

  it('logs a failed rating fetch and shows no rating line', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'down' }, 503)),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadAndRender('reviews', Reviews, {
      props: { orgId: 'gold-coast-ford', reviews: [review(1)], averageRating: 4.9, count: 5 },
    });
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('reviews rating could not be fetched'),
      expect.anything(),
    );
    expect(screen.queryByText(/rating out of/)).toBeNull();
    // The reviews still show.
    screen.getByText('Customer 1');
  });

  it('adds the published reviews from /reviews?site= when asked', async () => {
    const fetch = vi.fn(async () =>
      json({ reviews: [review(7), review(8)], count: 2, average_rating: '5.0' }),
    );
    vi.stubGlobal('fetch', fetch);
    await loadAndRender('reviews', Reviews, {
      props: { fetchReviews: true, reviews: [review(1)] },
    });
    expect(String((fetch.mock.calls[0] as unknown as [URL])[0])).toBe(
      'http://dealer.test/api/reviews?site=gold-coast-ford&limit=10',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
