/** Review rating (GET /api/reviews/snap21, named after the Snap21 rating service it stands in for) and the review list. */
import type {
  Review,
  ReviewSet,
  ReviewsQuery,
  ReviewsRating,
  ReviewsRatingQuery,
} from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { requireSite, UNKNOWN_SITE, type ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import type { ReviewRow } from '../store/types.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Like Rails' time_ago_in_words, which the review fields (created_at_time_ago_in_words) are named after. */
export function timeAgoInWords(from: Date, to: Date): string {
  const days = Math.floor((to.getTime() - from.getTime()) / 86_400_000);
  if (days < 1) return 'less than a day';
  if (days < 30) return days === 1 ? '1 day' : `${days} days`;
  const months = Math.floor(days / 30);
  if (months < 12) return months === 1 ? 'about 1 month' : `${months} months`;
  const years = Math.floor(days / 365);
  const rest = days - years * 365;
  const word = rest < 91 ? 'about' : rest < 274 ? 'over' : 'almost';
  const n = word === 'almost' ? years + 1 : years;
  return `${word} ${n} ${n === 1 ? 'year' : 'years'}`;
}

function toReview(row: ReviewRow, now: Date): Review {
  const [y, m, d] = row.review_date.split('-').map(Number);
  return {
    id: row.id,
    customer_name: row.customer_name,
    rating: row.rating,
    text: row.text,
    review_date: `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`,
    review_date_in_words: `${d} ${MONTHS[m - 1]} ${y}`,
    created_at_time_ago_in_words: timeAgoInWords(new Date(Date.UTC(y, m - 1, d)), now),
    image: null,
  };
}

export function reviewRoutes(ctx: ApiContext): ApiRoute[] {
  /** Seeds a site's starting reviews (options.seedReviews) the first time anyone asks (sites can be added while running). */
  const ready = async (site: ResolvedSite) => {
    const seed = ctx.seedReviews;
    if (seed) await ctx.reviews.seedIfEmpty(site.slug, () => seed(site.slug, ctx.now()));
    return site.slug;
  };
  const byOrgId = (orgId: string) => {
    for (const e of ctx.sites.all())
      if (e.ok && (e.slug === orgId || String(e.site.id) === orgId)) return e.site;
    throw new HttpError(404, UNKNOWN_SITE);
  };
  return [
    {
      method: 'get',
      path: '/reviews/snap21',
      operationId: 'reviewsRating',
      tag: 'Reviews',
      summary: "Average rating of a site's reviews",
      description:
        'orgId is the site\'s slug or numeric id. Hidden and machine-translated ("Translated") reviews are left out.',
      query: 'reviews-rating-query',
      responses: { 200: { description: 'The rating.', schema: 'reviews-rating' } },
      notFound: 'Unknown site.',
      cache: 'public, max-age=300',
      inProcess: true,
      async handle({ query }: RouteInput<unknown, ReviewsRatingQuery>) {
        const { count, average } = await ctx.reviews.summary(await ready(byOrgId(query.orgId)));
        const json: ReviewsRating = {
          rating: Math.round(average * 10) / 10,
          stars: Math.round(average * 2) / 2,
          count,
        };
        return { json };
      },
    },
    {
      method: 'get',
      path: '/reviews',
      operationId: 'listReviews',
      tag: 'Reviews',
      summary: "A site's published reviews, newest first",
      query: 'reviews-query',
      responses: { 200: { description: 'The reviews and their average.', schema: 'review-set' } },
      notFound: 'Unknown site.',
      cache: 'public, max-age=300',
      inProcess: true,
      async handle({ query }: RouteInput<unknown, ReviewsQuery>) {
        const slug = await ready(requireSite(ctx, query.site));
        const { count, average } = await ctx.reviews.summary(slug);
        const now = ctx.now();
        const json: ReviewSet = {
          reviews: (await ctx.reviews.list(slug, Number(query.limit ?? 10))).map((r) =>
            toReview(r, now),
          ),
          count,
          average_rating: average.toFixed(1),
        };
        return { json };
      },
    },
  ];
}
