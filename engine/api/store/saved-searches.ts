/** Saved searches and the alert outbox in SQLite (saved-search-types.ts). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type {
  AlertEmailOutcome,
  AlertItem,
  ClaimedAlertEmail,
  NewAlertEmail,
  NewSavedSearch,
  SavedSearchRow,
  SavedSearchStore,
  SeenCar,
  SeenStock,
} from './saved-search-types.ts';

export interface SavedSearchColumns {
  id: number;
  site: string;
  phone: string;
  email: string;
  frequency: SavedSearchRow['frequency'];
  url: string;
  label: string;
  params: string;
  created_at: string;
}

export interface AlertEmailColumns {
  id: number;
  site: string;
  email: string;
  frequency: SavedSearchRow['frequency'];
  items: string;
  attempts: number;
  created_at: string;
  claim: string;
}

export const toSavedSearch = (r: SavedSearchColumns): SavedSearchRow => ({
  id: Number(r.id),
  site: r.site,
  phone: r.phone,
  email: r.email,
  frequency: r.frequency,
  url: r.url,
  label: r.label,
  params: JSON.parse(r.params) as SavedSearchRow['params'],
  createdAt: r.created_at,
});

export const toClaimedEmail = (r: AlertEmailColumns): ClaimedAlertEmail => ({
  id: Number(r.id),
  site: r.site,
  email: r.email,
  frequency: r.frequency,
  items: JSON.parse(r.items) as AlertItem[],
  attempts: r.attempts,
  createdAt: r.created_at,
  claim: r.claim,
});

/** The emails of one run by address, instant ones whole, daily ones to join a waiting digest. */
export function emailParams(site: string, e: NewAlertEmail, at: string, digestDue: string) {
  return {
    site,
    email: e.email,
    frequency: e.frequency,
    items: JSON.stringify(e.items),
    at,
    due: e.frequency === 'daily' ? digestDue : at,
  };
}

export class SqliteSavedSearches implements SavedSearchStore {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      insert: db.prepare<NewSavedSearch & { paramsJson: string }>(
        `INSERT INTO saved_searches (site, phone, email, frequency, url, label, params, created_at)
         VALUES (@site, @phone, @email, @frequency, @url, @label, @paramsJson, @createdAt)`,
      ),
      list: db.prepare<[string, string], SavedSearchColumns>(
        'SELECT * FROM saved_searches WHERE site = ? AND phone = ? ORDER BY id DESC',
      ),
      remove: db.prepare('DELETE FROM saved_searches WHERE site = ? AND phone = ? AND id = ?'),
      ofSite: db.prepare<[string], SavedSearchColumns>(
        'SELECT * FROM saved_searches WHERE site = ? ORDER BY id',
      ),
      unsubscribe: db.prepare('DELETE FROM saved_searches WHERE site = ? AND email = ?'),
      seen: db.prepare<[string], { cars: string; version: string }>(
        'SELECT cars, version FROM alert_stock WHERE site = ?',
      ),
      insertSeen: db.prepare(
        'INSERT INTO alert_stock (site, cars, version, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (site) DO NOTHING',
      ),
      updateSeen: db.prepare(
        'UPDATE alert_stock SET cars = ?, version = ?, updated_at = ? WHERE site = ? AND version = ?',
      ),
      openDigest: db.prepare<[string, string], { id: number; items: string }>(
        `SELECT id, items FROM alert_emails WHERE site = ? AND email = ? AND frequency = 'daily'
           AND state = 'pending' AND attempts = 0 AND claim IS NULL ORDER BY id LIMIT 1`,
      ),
      addToDigest: db.prepare('UPDATE alert_emails SET items = ? WHERE id = ?'),
      insertEmail: db.prepare(
        `INSERT INTO alert_emails (site, email, frequency, items, created_at, due_at)
         VALUES (@site, @email, @frequency, @items, @at, @due)`,
      ),
      due: db.prepare<[string, string, number], { id: number }>(
        `SELECT id FROM alert_emails WHERE state = 'pending' AND due_at <= ?
           AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at, id LIMIT ?`,
      ),
      take: db.prepare<[string, string, number], AlertEmailColumns>(
        'UPDATE alert_emails SET claim = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ? RETURNING *',
      ),
      record: db.prepare(
        `UPDATE alert_emails SET state = @state, due_at = COALESCE(@due, due_at), sent_at = @sentAt,
           last_error = @error, lease_until = NULL, claim = NULL WHERE id = @id AND claim = @claim`,
      ),
    };
  }

  async create(search: NewSavedSearch) {
    const info = this.q.insert.run({ ...search, paramsJson: JSON.stringify(search.params) });
    return Number(info.lastInsertRowid);
  }

  async list(site: string, phone: string) {
    return this.q.list.all(site, phone).map(toSavedSearch);
  }

  async remove(site: string, phone: string, id: number) {
    this.q.remove.run(site, phone, id);
  }

  async ofSite(site: string) {
    return this.q.ofSite.all(site).map(toSavedSearch);
  }

  async unsubscribe(site: string, email: string) {
    return this.q.unsubscribe.run(site, email).changes;
  }

  async seen(site: string): Promise<SeenStock | undefined> {
    const row = this.q.seen.get(site);
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
    return this.db.transaction(() => {
      const json = JSON.stringify(cars);
      const next = randomUUID();
      const changed =
        version === undefined
          ? this.q.insertSeen.run(site, json, next, at).changes
          : this.q.updateSeen.run(json, next, at, site, version).changes;
      if (!changed) return false;
      for (const e of emails) {
        const open = e.frequency === 'daily' ? this.q.openDigest.get(site, e.email) : undefined;
        if (open)
          this.q.addToDigest.run(
            JSON.stringify([...(JSON.parse(open.items) as AlertItem[]), ...e.items]),
            open.id,
          );
        else this.q.insertEmail.run(emailParams(site, e, at, digestDue));
      }
      return true;
    })();
  }

  async claimEmails(now: Date, leaseMs: number, limit: number) {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const claim = randomUUID();
    return this.db.transaction(() =>
      this.q.due
        .all(at, at, limit)
        .map(({ id }) => toClaimedEmail(this.q.take.get(claim, until, id)!)),
    )();
  }

  async recordEmail(id: number, claim: string, outcome: AlertEmailOutcome, now: Date) {
    this.q.record.run({
      id,
      claim,
      state: outcome.state,
      due: outcome.state === 'pending' ? outcome.dueAt : null,
      sentAt: outcome.state === 'sent' ? now.toISOString() : null,
      error: outcome.state === 'sent' ? null : outcome.error,
    });
  }
}
