/**
 * Customer reviews kept locally per site (seeded the first time they are asked for with
 * the reviews the server was given, options.seedReviews; the demo's are demo/reviews.ts).
 * Published means not hidden and not machine-translated: reviews containing "Translated"
 * (machine translations) are left out and count towards neither the list nor the average
 * (docs/api.md, "Reviews").
 */
import type { Db } from '../db/database.ts';
import type { ReviewRow, ReviewStore, SeedReview } from './types.ts';

export type { ReviewRow, SeedReview } from './types.ts';

/** The reviews a site starts with, by its slug ("today" dates them). */
export type ReviewSeeder = (slug: string, today: Date) => SeedReview[];

const PUBLISHED = "hidden = 0 AND (text IS NULL OR instr(text, 'Translated') = 0)";

export class SqliteReviews implements ReviewStore {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      any: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM reviews WHERE site = ?'),
      insert: db.prepare(
        'INSERT INTO reviews (site, customer_name, rating, text, review_date, hidden) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      summary: db.prepare<[string], { n: number; avg: number | null }>(
        `SELECT COUNT(*) AS n, AVG(rating) AS avg FROM reviews WHERE site = ? AND ${PUBLISHED}`,
      ),
      list: db.prepare<[string, number], ReviewRow>(
        `SELECT id, customer_name, rating, text, review_date FROM reviews WHERE site = ? AND ${PUBLISHED} ORDER BY review_date DESC, id DESC LIMIT ?`,
      ),
    };
  }

  async seedIfEmpty(site: string, reviews: () => SeedReview[]): Promise<boolean> {
    return this.db.transaction(() => {
      if ((this.q.any.get(site)?.n ?? 0) > 0) return false;
      for (const r of reviews())
        this.q.insert.run(site, r.customer_name, r.rating, r.text, r.review_date, r.hidden ? 1 : 0);
      return true;
    })();
  }

  async summary(site: string): Promise<{ count: number; average: number }> {
    const row = this.q.summary.get(site);
    return { count: row?.n ?? 0, average: row?.avg ?? 0 };
  }

  async list(site: string, limit: number): Promise<ReviewRow[]> {
    return this.q.list.all(site, limit);
  }
}
