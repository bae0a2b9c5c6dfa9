/** Small records with no lead of their own, in SQLite: phone reveals, data saved by /miscellaneous, used captcha tokens. */
import type { Db } from '../db/database.ts';
import type { CaptchaUse, RecordStore } from './types.ts';

export class SqliteRecords implements RecordStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      reveal: db.prepare(
        'INSERT INTO phone_reveals (site, car_id, dealership_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      reveals: db.prepare<[string, number | string], { n: number }>(
        'SELECT COUNT(*) AS n FROM phone_reveals WHERE site = ? AND car_id = ?',
      ),
      siteRecord: db.prepare(
        'INSERT INTO site_records (site, column_name, value, created_at) VALUES (?, ?, ?, ?)',
      ),
      useCaptcha: db.prepare(
        'INSERT OR IGNORE INTO captcha_used (nonce, expires_at) VALUES (?, ?)',
      ),
      pruneCaptcha: db.prepare('DELETE FROM captcha_used WHERE expires_at < ?'),
    };
  }

  async phoneReveal(
    site: string,
    carId: number | string,
    dealershipId: number | undefined,
    createdAt: string,
  ) {
    this.q.reveal.run(site, carId, dealershipId ?? null, createdAt);
  }

  async phoneReveals(site: string, carId: number | string): Promise<number> {
    return this.q.reveals.get(site, carId)?.n ?? 0;
  }

  async siteRecord(
    site: string,
    column: string,
    value: unknown,
    createdAt: string,
  ): Promise<number> {
    return Number(
      this.q.siteRecord.run(site, column, JSON.stringify(value), createdAt).lastInsertRowid,
    );
  }

  /** Marks a captcha token used (inside a lead's transaction); false when it already was (a replay). */
  useCaptcha({ nonce, expiresAtMs, nowMs }: CaptchaUse): boolean {
    this.q.pruneCaptcha.run(nowMs);
    return this.q.useCaptcha.run(nonce, expiresAtMs).changes === 1;
  }
}
