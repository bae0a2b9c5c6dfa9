/** What a site's visitors leave in PostgreSQL: sessions, watchlists, phone reveals, saved data, valuations, reviews. */
import type { Sql } from 'postgres';
import type { AdjustmentAnswers, Valuation } from '../../../../schemas/types.gen.ts';
import { hashSessionToken, newSession } from '../sessions.ts';
import { toValuation } from '../valuations.ts';
import type {
  RecordStore,
  ReviewRow,
  ReviewStore,
  SeedReview,
  SessionRecord,
  SessionStore,
  ValuationStore,
  WatchlistStore,
} from '../types.ts';
import { asJson, carText, carValue } from './values.ts';

export class PostgresSessions implements SessionStore {
  constructor(private readonly sql: Sql) {}

  async create(phone: string, site: string, now: Date) {
    const { token, expiresAt } = newSession(now);
    await this.sql`DELETE FROM sessions WHERE expires_at <= ${now.toISOString()}`;
    await this.sql`INSERT INTO sessions (token_hash, phone, site, created_at, expires_at)
                   VALUES (${hashSessionToken(token)}, ${phone}, ${site}, ${now.toISOString()}, ${expiresAt})`;
    return { token, expiresAt };
  }

  async find(token: string, now: Date): Promise<SessionRecord | undefined> {
    const [row] = await this.sql<{ phone: string; site: string; expires_at: string }[]>`
      SELECT phone, site, expires_at FROM sessions WHERE token_hash = ${hashSessionToken(token)}`;
    if (!row || row.expires_at <= now.toISOString()) return undefined;
    return { phone: row.phone, site: row.site, expiresAt: row.expires_at };
  }

  async remove(token: string) {
    await this.sql`DELETE FROM sessions WHERE token_hash = ${hashSessionToken(token)}`;
  }
}

/** Numeric car ids first, in number order, then the others: SQLite's order of its integer-affinity column. */
const CAR_ORDER = `CASE WHEN car_id ~ '^-?[0-9]{1,18}$' THEN 0 ELSE 1 END, CASE WHEN car_id ~ '^-?[0-9]{1,18}$' THEN car_id::bigint END, car_id COLLATE "C"`;

export class PostgresWatchlist implements WatchlistStore {
  constructor(private readonly sql: Sql) {}

  async save(site: string, phone: string, carId: number | string, createdAt: string) {
    await this
      .sql`INSERT INTO watchlist (site, phone, car_id, created_at) VALUES (${site}, ${phone}, ${carText(carId)}, ${createdAt})
                   ON CONFLICT DO NOTHING`;
  }

  async remove(site: string, phone: string, carId: number | string) {
    await this
      .sql`DELETE FROM watchlist WHERE site = ${site} AND phone = ${phone} AND car_id = ${carText(carId)}`;
  }

  async list(site: string, phone: string) {
    const rows = await this.sql<{ car_id: string }[]>`
      SELECT car_id FROM watchlist WHERE site = ${site} AND phone = ${phone} ORDER BY created_at DESC, ${this.sql.unsafe(CAR_ORDER)}`;
    return rows.map((r) => carValue(r.car_id));
  }
}

export class PostgresRecords implements RecordStore {
  constructor(private readonly sql: Sql) {}

  async phoneReveal(
    site: string,
    carId: number | string,
    dealershipId: number | undefined,
    createdAt: string,
  ) {
    await this
      .sql`INSERT INTO phone_reveals (site, car_id, dealership_id, created_at) VALUES (${site}, ${carText(carId)}, ${dealershipId ?? null}, ${createdAt})`;
  }

  async phoneReveals(site: string, carId: number | string) {
    const [row] = await this.sql<
      { n: number }[]
    >`SELECT COUNT(*)::int AS n FROM phone_reveals WHERE site = ${site} AND car_id = ${carText(carId)}`;
    return row.n;
  }

  async siteRecord(site: string, column: string, value: unknown, createdAt: string) {
    const [row] = await this.sql<{ id: number }[]>`
      INSERT INTO site_records (site, column_name, value, created_at) VALUES (${site}, ${column}, ${asJson(this.sql, value)}, ${createdAt}) RETURNING id`;
    return row.id;
  }
}

export class PostgresValuations implements ValuationStore {
  constructor(private readonly sql: Sql) {}

  async insert(v: Valuation) {
    await this.sql`
      INSERT INTO valuations (id, site, lead_id, vehicle, adjustments, eligible, reason, estimate, offer_price, created_at, updated_at)
      VALUES (${v.id}, ${v.site}, ${v.lead_id ?? null}, ${asJson(this.sql, v.vehicle)}, ${asJson(this.sql, v.adjustmentAnswers)}, ${v.eligible},
              ${v.reason ?? null}, ${v.estimate === null ? null : asJson(this.sql, v.estimate)}, ${v.offer_price}, ${v.created_at}, ${v.updated_at})`;
  }

  async update(v: Valuation) {
    await this.sql`
      UPDATE valuations SET adjustments = ${asJson(this.sql, v.adjustmentAnswers)}, estimate = ${v.estimate === null ? null : asJson(this.sql, v.estimate)},
             offer_price = ${v.offer_price}, updated_at = ${v.updated_at} WHERE id = ${v.id}`;
  }

  async get(id: string) {
    const [row] = await this.sql<
      {
        id: string;
        site: string;
        lead_id: number | null;
        vehicle: Valuation['vehicle'];
        adjustments: AdjustmentAnswers;
        eligible: boolean;
        reason: string | null;
        estimate: Valuation['estimate'];
        offer_price: number | null;
        created_at: string;
        updated_at: string;
      }[]
    >`SELECT * FROM valuations WHERE id = ${id}`;
    return row && toValuation(row);
  }
}

const PUBLISHED = `NOT hidden AND (text IS NULL OR strpos(text, 'Translated') = 0)`;

export class PostgresReviews implements ReviewStore {
  constructor(private readonly sql: Sql) {}

  async seedIfEmpty(site: string, reviews: () => SeedReview[]) {
    return this.sql.begin(async (tx) => {
      // Two servers asked for a new site's reviews at once seed it once.
      await tx`SELECT pg_advisory_xact_lock(hashtext(${`reviews:${site}`}))`;
      const [{ n }] = await tx<
        { n: number }[]
      >`SELECT COUNT(*)::int AS n FROM reviews WHERE site = ${site}`;
      if (n > 0) return false;
      const rows = reviews().map((r) => ({
        site,
        customer_name: r.customer_name,
        rating: r.rating,
        text: r.text,
        review_date: r.review_date,
        hidden: r.hidden,
      }));
      if (rows.length) await tx`INSERT INTO reviews ${tx(rows)}`;
      return true;
    });
  }

  async summary(site: string) {
    const [row] = await this.sql<{ n: number; avg: number | null }[]>`
      SELECT COUNT(*)::int AS n, AVG(rating)::float8 AS avg FROM reviews WHERE site = ${site} AND ${this.sql.unsafe(PUBLISHED)}`;
    return { count: row.n, average: row.avg ?? 0 };
  }

  async list(site: string, limit: number): Promise<ReviewRow[]> {
    return [
      ...(await this.sql<ReviewRow[]>`
        SELECT id, customer_name, rating, text, review_date FROM reviews WHERE site = ${site} AND ${this.sql.unsafe(PUBLISHED)}
        ORDER BY review_date DESC, id DESC LIMIT ${limit}`),
    ];
  }
}
