/**
 * Review rules (docs/content-blocks.md, "Reviews"): which reviews show, the rating line and
 * where the rating comes from. Pure functions, no React.
 */
import type { CustomerReview } from '../../schemas/resolved.gen.ts';

export const REVIEWS_LIMIT = 10;
/** More reviews than this make a carousel. */
export const CAROUSEL_OVER = 3;
/** The carousel starts at the third review. */
export const CAROUSEL_START = 2;
export const AUTO_ROTATE_MS = 3000;
export const DEFAULT_MINIMUM_RATING = 4;

/** A review as the block shows it (from props or from the reviews API). */
export type ReviewEntry = Omit<CustomerReview, 'image'> & { image?: string | null };

/**
 * Reviews to show: not hidden by id, not machine-translated (text containing
 * "Translated", as Google marks them), at most `limit` (10).
 */
export function visibleReviews(
  reviews: readonly ReviewEntry[],
  hiddenIds: readonly number[] = [],
  limit = REVIEWS_LIMIT,
): ReviewEntry[] {
  const hidden = new Set(hiddenIds);
  return reviews
    .filter((r) => !hidden.has(r.id))
    .filter((r) => !(r.text ?? '').includes('Translated'))
    .slice(0, Math.max(0, Math.min(limit, REVIEWS_LIMIT)));
}

export interface RatingSummary {
  /** Average out of 5. */
  rating: number;
  /** Stars to draw (half-star steps), out of 5. */
  stars: number;
  count: number;
}

const toNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export const halfStars = (rating: number) => Math.max(0, Math.min(5, Math.round(rating * 2) / 2));

/** Reads the reviews-rating endpoint's answer ({rating, stars, count}); undefined when it is not usable. */
export function readRating(body: unknown): RatingSummary | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const o = body as Record<string, unknown>;
  const rating = toNumber(o.rating ?? o.average_rating);
  if (rating === undefined || rating < 0 || rating > 5) return undefined;
  const count = toNumber(o.count ?? o.total);
  return {
    rating,
    stars: halfStars(toNumber(o.stars) ?? rating),
    count: count !== undefined && count >= 0 ? Math.round(count) : 0,
  };
}

/** The rating from the reviews themselves (or from the counts the dealer typed in). */
export function ratingFromReviews(
  reviews: readonly ReviewEntry[],
  given: { averageRating?: number; count?: number } = {},
): RatingSummary | undefined {
  const average =
    given.averageRating ??
    (reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : undefined);
  if (average === undefined) return undefined;
  return { rating: average, stars: halfStars(average), count: given.count ?? reviews.length };
}

/** "4.7" (one decimal). */
export const formatRating = (rating: number) => (Math.round(rating * 10) / 10).toFixed(1);

/**
 * "{rating} rating out of {count} reviews", only when the average is above the site's
 * minimum rating (default 4) and there is at least one review.
 */
export function ratingLine(
  summary: RatingSummary | undefined,
  minimum = DEFAULT_MINIMUM_RATING,
): string | undefined {
  if (!summary || summary.count < 1 || !(summary.rating > minimum)) return undefined;
  return `${formatRating(summary.rating)} rating out of ${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`;
}
