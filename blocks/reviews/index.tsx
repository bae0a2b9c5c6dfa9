/**
 * Reviews block: heading, stars and "{rating} rating out of {count} reviews" (only above
 * the site's minimum rating), up to 10 reviews (text cut at 160), an optional Leave a
 * Review button. More than 3 reviews make a carousel that starts at the third, with a
 * "Swipe" hint on small screens and optional auto-rotation every 3 s that pauses on
 * hover and focus, can be stopped, and never runs for visitors who prefer reduced motion.
 * Nothing renders without reviews unless `forceShow`.
 *
 * Data: reviews pasted into the block; with `fetchReviews`, also the site's published
 * reviews from GET {api}/reviews?site=. With `orgId` the rating line comes from
 * GET {api}/reviews/snap21?orgId= ({rating, stars, count}); when that fails the failure
 * is logged and no rating line shows.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { ReviewsProps } from '../../schemas/resolved.gen.ts';
import { CarouselControls, type CarouselControlLabels } from '../_shared/CarouselControls.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { REVIEW_TEXT_LIMIT, truncate } from '../_shared/text.ts';
import { useCarousel, useMediaQuery } from '../_shared/useCarousel.ts';
import {
  AUTO_ROTATE_MS,
  CAROUSEL_OVER,
  CAROUSEL_START,
  formatRating,
  ratingFromReviews,
  ratingLine,
  readRating,
  visibleReviews,
  type RatingSummary,
  type ReviewEntry,
} from './rules.ts';
import './reviews.css';

export interface ReviewsData {
  /** From the rating endpoint; `null` when it was asked and failed. */
  rating?: RatingSummary | null;
  /** Published reviews from the reviews endpoint. */
  reviews?: ReviewEntry[];
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const REVIEW_LABELS: CarouselControlLabels = {
  previous: 'Previous review',
  next: 'Next review',
  goTo: (n) => `Go to review ${n}`,
};

function readReviewList(body: unknown): ReviewEntry[] | undefined {
  const list =
    body && typeof body === 'object' ? (body as { reviews?: unknown }).reviews : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter(
    (r): r is ReviewEntry =>
      !!r &&
      typeof r === 'object' &&
      typeof r.id === 'number' &&
      typeof r.customer_name === 'string' &&
      typeof r.rating === 'number',
  );
}

export function Stars({ value, label }: { value: number; label?: string }) {
  const id = useId();
  const stars = Math.max(0, Math.min(5, Math.round(value * 2) / 2));
  return (
    <span
      className="fc-stars"
      role="img"
      aria-label={label ?? `Rated ${formatRating(value)} out of 5`}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = stars >= i + 1 ? 1 : stars >= i + 0.5 ? 0.5 : 0;
        const gradient = `${id}-star-${i}`;
        return (
          <svg
            key={i}
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            width="20"
            height="20"
          >
            {fill === 0.5 && (
              <defs>
                <linearGradient id={gradient}>
                  <stop offset="50%" stopColor="currentColor" />
                  <stop offset="50%" stopColor="transparent" />
                </linearGradient>
              </defs>
            )}
            <path
              d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
              fill={fill === 1 ? 'currentColor' : fill === 0.5 ? `url(#${gradient})` : 'none'}
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
        );
      })}
    </span>
  );
}

/** "dd/mm/yyyy" → "yyyy-mm-dd" for <time dateTime>. */
function isoDate(ddmmyyyy: string | undefined): string | undefined {
  const m = ddmmyyyy ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function ReviewCard({ review }: { review: ReviewEntry }) {
  const date = review.review_date_in_words?.trim() || review.review_date;
  const text = truncate(review.text, REVIEW_TEXT_LIMIT);
  return (
    <figure className="fc-reviews__card">
      <Stars value={review.rating} />
      {text && (
        <blockquote className="fc-reviews__text">
          <p>{text}</p>
        </blockquote>
      )}
      <figcaption className="fc-reviews__author">
        {review.image ? (
          <img
            className="fc-reviews__avatar"
            src={review.image}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="fc-reviews__avatar fc-reviews__avatar--initials" aria-hidden="true">
            {initials(review.customer_name)}
          </span>
        )}
        <span>
          <span className="fc-reviews__name">{review.customer_name}</span>
          {date && (
            <time className="fc-reviews__date" dateTime={isoDate(review.review_date)}>
              {date}
            </time>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

function ReviewsCarousel({
  reviews,
  autoRotate,
  label,
}: {
  reviews: ReviewEntry[];
  autoRotate: boolean;
  label: string;
}) {
  const count = reviews.length;
  const carousel = useCarousel({ count, initialIndex: CAROUSEL_START, loop: true });
  const reduced = useMediaQuery(REDUCED_MOTION);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const trackId = `${useId()}-reviews`;
  const canRotate = autoRotate && carousel.active && !reduced;
  const rotating = canRotate && !stopped && !hovered && !focused;
  const next = useRef(carousel.next);
  next.current = carousel.next;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => next.current(), AUTO_ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      ref={carousel.rootRef as RefObject<HTMLDivElement | null>}
      className={`fc-reviews__carousel${carousel.active ? ' fc-reviews__carousel--active' : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={carousel.onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-rotating={rotating}
    >
      {autoRotate && (
        // Rendered from the first paint and only revealed once rotation can start, so it
        // never pushes the reviews down (layout shift). Hidden for reduced motion by CSS.
        <button
          type="button"
          className="fc-reviews__rotation"
          aria-controls={trackId}
          style={canRotate ? undefined : { visibility: 'hidden' }}
          onClick={() => setStopped((s) => !s)}
        >
          {stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
        </button>
      )}
      <p className="fc-reviews__swipe" aria-hidden="true">
        Swipe
      </p>
      <div
        className="fc-reviews__viewport"
        onTouchStart={carousel.onTouchStart}
        onTouchEnd={carousel.onTouchEnd}
      >
        <div
          className="fc-reviews__track"
          id={trackId}
          aria-live={carousel.active ? (rotating ? 'off' : 'polite') : undefined}
          // Until the carousel is active (no JavaScript yet) the track is a swipeable row:
          // keyboard users need to be able to focus it to scroll it.
          tabIndex={carousel.active ? undefined : 0}
        >
          {reviews.map((review, i) => (
            <div
              key={review.id}
              className="fc-reviews__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              {...carousel.slideProps(i)}
            >
              <ReviewCard review={review} />
            </div>
          ))}
        </div>
      </div>
      <CarouselControls
        carousel={carousel}
        prefix="fc-reviews"
        trackId={trackId}
        labels={REVIEW_LABELS}
        counter
      />
    </div>
  );
}

export default defineBlock<ReviewsProps>({
  async load({ props, site, url, getJson }): Promise<ReviewsData> {
    const api = site.api.baseUrl.replace(/\/$/, '');
    const out: ReviewsData = {};
    const jobs: Promise<void>[] = [];
    if (props.orgId) {
      const ratingUrl = new URL(`${api}/reviews/snap21`, url);
      ratingUrl.searchParams.set('orgId', props.orgId);
      jobs.push(
        getJson(ratingUrl)
          .then((body) => {
            out.rating = readRating(body) ?? null;
            if (!out.rating)
              console.error(
                '[forecourt] reviews rating: unexpected answer from',
                ratingUrl.pathname,
              );
          })
          .catch((err: unknown) => {
            out.rating = null;
            console.error(
              '[forecourt] reviews rating could not be fetched:',
              err instanceof Error ? err.message : err,
            );
          }),
      );
    }
    if (props.fetchReviews) {
      const listUrl = new URL(`${api}/reviews`, url);
      listUrl.searchParams.set('site', site.slug);
      listUrl.searchParams.set('limit', '10');
      jobs.push(
        getJson(listUrl)
          .then((body) => {
            out.reviews = readReviewList(body);
          })
          .catch((err: unknown) => {
            console.error(
              '[forecourt] reviews could not be fetched:',
              err instanceof Error ? err.message : err,
            );
          }),
      );
    }
    await Promise.all(jobs);
    return out;
  },
  component: function Reviews({ props, block, data }) {
    const { site, t } = useSite();
    const loaded = (data ?? {}) as ReviewsData;
    const pasted = props.reviews as ReviewEntry[];
    const seen = new Set(pasted.map((r) => r.id));
    const all = [...pasted, ...(loaded.reviews ?? []).filter((r) => !seen.has(r.id))];
    const reviews = visibleReviews(all, props.hiddenReviewIds, props.limit);
    if (!reviews.length && !props.forceShow) return null;

    // With an orgId the rating is the service's (none when it failed); otherwise the block's own.
    const summary = props.orgId
      ? (loaded.rating ?? undefined)
      : ratingFromReviews(visibleReviews(all, props.hiddenReviewIds, Infinity), props);
    const line = ratingLine(summary, site.features.reviewsMinimumRating);
    const autoRotate = props.autoRotate ?? site.features.reviewsAutoRotate;
    const heading = t(props.heading);
    const headingId = `${block.id}-heading`;

    return (
      <section className="fc-reviews" aria-labelledby={headingId} data-block-id={block.id}>
        <div className="fc-container">
          <div className="fc-reviews__header">
            <h2 className="fc-reviews__heading" id={headingId}>
              {heading}
            </h2>
            {line && summary && (
              <p className="fc-reviews__summary">
                <Stars
                  value={summary.stars}
                  label={`${formatRating(summary.rating)} out of 5 stars`}
                />
                <span>{line}</span>
              </p>
            )}
            {props.leaveReviewUrl && (
              <SiteLink
                className="fc-button fc-button--secondary fc-reviews__leave"
                href={props.leaveReviewUrl}
              >
                {t(props.leaveReviewLabel)}
              </SiteLink>
            )}
          </div>
          {reviews.length > CAROUSEL_OVER ? (
            <ReviewsCarousel
              reviews={reviews}
              autoRotate={autoRotate}
              label={`${heading}: reviews`}
            />
          ) : reviews.length > 0 ? (
            <ul className="fc-reviews__list" role="list">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    );
  },
});
