/** Each demo dealer shows its own rating and reviews, not one pasted sample (docs/content-blocks.md, "Reviews"). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkBlocks } from '../../../engine/tree.ts';
import { describeStores, ROOT, startApi } from './harness.ts';

describeStores('reviews per dealer', () => {
  const sites = readdirSync(join(ROOT, 'sites'))
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        JSON.parse(readFileSync(join(ROOT, 'sites', f), 'utf8')) as {
          slug: string;
          pages: unknown[];
        },
    );

  describe('reviews per dealer', () => {
    it("every demo site's reviews block reads its own dealer's account and pastes no rating", () => {
      for (const site of sites) {
        const blocks = [
          ...walkBlocks<{ type: string; id: string; props: Record<string, unknown> }>(site),
        ]
          .map((l) => l.block)
          .filter((b) => b.type === 'reviews');
        expect(blocks.length, site.slug).toBeGreaterThan(0);
        for (const { props } of blocks) {
          expect(props.orgId, site.slug).toBe(site.slug);
          expect(props.fetchReviews, site.slug).toBe(true);
          expect(props.count, site.slug).toBeUndefined();
          expect(props.averageRating, site.slug).toBeUndefined();
        }
      }
    });

    it('the reviews API gives each dealer its own figures and reviews', async () => {
      const api = await startApi({ sitesDir: join(ROOT, 'sites') });
      try {
        const ratings = new Map<string, string>();
        const firstReviews = new Map<string, string>();
        for (const { slug } of sites) {
          const rating = (await api.get(`/reviews/snap21?orgId=${slug}`)).body;
          ratings.set(slug, `${rating.rating}/${rating.count}`);
          const list = (await api.get(`/reviews?site=${slug}&limit=10`)).body.reviews as {
            customer_name: string;
            review_date: string;
          }[];
          firstReviews.set(slug, list.map((r) => `${r.customer_name} ${r.review_date}`).join('|'));
        }
        expect(ratings.get('gold-coast-ford')).toBe('4.7/137');
        expect(new Set(ratings.values()).size).toBe(sites.length);
        expect(new Set(firstReviews.values()).size).toBe(sites.length);
      } finally {
        await api.close();
      }
    }, 30_000);
  });
});
