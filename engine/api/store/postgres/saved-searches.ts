/** Saved searches and the alert outbox in PostgreSQL, the same SQL shape as SQLite's (saved-searches.ts). */
import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import {
  emailParams,
  toClaimedEmail,
  toSavedSearch,
  type AlertEmailColumns,
  type SavedSearchColumns,
} from '../saved-searches.ts';
import type {
  AlertEmailOutcome,
  AlertItem,
  NewAlertEmail,
  NewSavedSearch,
  SavedSearchStore,
  SeenCar,
  SeenStock,
} from '../saved-search-types.ts';

export class PostgresSavedSearches implements SavedSearchStore {
  constructor(private readonly sql: Sql) {}

  async create(s: NewSavedSearch) {
    const [row] = await this.sql<{ id: number }[]>`
      INSERT INTO saved_searches (site, phone, email, frequency, url, label, params, created_at)
      VALUES (${s.site}, ${s.phone}, ${s.email}, ${s.frequency}, ${s.url}, ${s.label}, ${JSON.stringify(s.params)}, ${s.createdAt})
      RETURNING id`;
    return row.id;
  }

  async list(site: string, phone: string) {
    const rows = await this.sql<SavedSearchColumns[]>`
      SELECT * FROM saved_searches WHERE site = ${site} AND phone = ${phone} ORDER BY id DESC`;
    return rows.map(toSavedSearch);
  }

  async remove(site: string, phone: string, id: number) {
    await this
      .sql`DELETE FROM saved_searches WHERE site = ${site} AND phone = ${phone} AND id = ${id}`;
  }

  async ofSite(site: string) {
    const rows = await this.sql<
      SavedSearchColumns[]
    >`SELECT * FROM saved_searches WHERE site = ${site} ORDER BY id`;
    return rows.map(toSavedSearch);
  }

  async unsubscribe(site: string, email: string) {
    const res = await this
      .sql`DELETE FROM saved_searches WHERE site = ${site} AND email = ${email}`;
    return res.count;
  }

  async seen(site: string): Promise<SeenStock | undefined> {
    const [row] = await this.sql<{ cars: string; version: string }[]>`
      SELECT cars, version FROM alert_stock WHERE site = ${site}`;
    return row && { cars: JSON.parse(row.cars) as SeenStock['cars'], version: row.version };
  }

  async recordRun(
    site: string,
    version: string | undefined,
    cars: Record<string, SeenCar>,
    emails: NewAlertEmail[],
    now: Date,
    digestDelayMs: number,
  ) {
    const at = now.toISOString();
    const digestDue = new Date(now.getTime() + digestDelayMs).toISOString();
    const json = JSON.stringify(cars);
    const next = randomUUID();
    return this.sql.begin(async (tx) => {
      const res =
        version === undefined
          ? await tx`INSERT INTO alert_stock (site, cars, version, updated_at) VALUES (${site}, ${json}, ${next}, ${at})
                     ON CONFLICT (site) DO NOTHING`
          : await tx`UPDATE alert_stock SET cars = ${json}, version = ${next}, updated_at = ${at}
                     WHERE site = ${site} AND version = ${version}`;
      if (!res.count) return false;
      for (const e of emails) {
        const [open] =
          e.frequency === 'daily'
            ? await tx<{ id: number; items: string }[]>`
                SELECT id, items FROM alert_emails WHERE site = ${site} AND email = ${e.email} AND frequency = 'daily'
                  AND state = 'pending' AND attempts = 0 AND claim IS NULL ORDER BY id LIMIT 1 FOR UPDATE`
            : [];
        if (open) {
          const items = [...(JSON.parse(open.items) as AlertItem[]), ...e.items];
          await tx`UPDATE alert_emails SET items = ${JSON.stringify(items)} WHERE id = ${open.id}`;
        } else {
          const p = emailParams(site, e, at, digestDue);
          await tx`INSERT INTO alert_emails (site, email, frequency, items, created_at, due_at)
                   VALUES (${p.site}, ${p.email}, ${p.frequency}, ${p.items}, ${p.at}, ${p.due})`;
        }
      }
      return true;
    });
  }

  async claimEmails(now: Date, leaseMs: number, limit: number) {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const rows = await this.sql<AlertEmailColumns[]>`
      UPDATE alert_emails SET claim = ${randomUUID()}, lease_until = ${until}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM alert_emails
        WHERE state = 'pending' AND due_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
        ORDER BY due_at, id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING *`;
    return rows.map(toClaimedEmail);
  }

  async recordEmail(id: number, claim: string, outcome: AlertEmailOutcome, now: Date) {
    await this.sql`
      UPDATE alert_emails SET state = ${outcome.state},
        due_at = COALESCE(${outcome.state === 'pending' ? outcome.dueAt : null}, due_at),
        sent_at = ${outcome.state === 'sent' ? now.toISOString() : null},
        last_error = ${outcome.state === 'sent' ? null : outcome.error},
        lease_until = NULL, claim = NULL
      WHERE id = ${id} AND claim = ${claim}`;
  }
}
