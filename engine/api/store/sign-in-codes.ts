/**
 * One-time sign-in codes (docs/api.md, "Watchlist and sign-in"): at most one live code per
 * site and phone number (a new request replaces it), kept as a keyed hash (sign-in-code.ts),
 * with its expiry, the tries made and when it was used. A try is counted before the code is
 * compared, in one statement, so parallel guesses cannot pass the limit.
 */
import type { Db } from '../db/database.ts';

export interface CodeTry {
  codeHash: string;
  /** Tries made with this code, this one included. */
  tries: number;
}

export interface SignInCodeStore {
  /** Keeps a new code for the number, replacing any other (its tries start again). */
  issue(site: string, phone: string, codeHash: string, now: Date, expiresAt: Date): Promise<void>;
  /** Counts a try of the number's code; undefined when it has none live (expired, used, or `maxTries` made). */
  attempt(site: string, phone: string, now: Date, maxTries: number): Promise<CodeTry | undefined>;
  /** Marks the code used; false when it was used (or replaced) meanwhile. */
  consume(site: string, phone: string, codeHash: string, now: Date): Promise<boolean>;
}

export class SqliteSignInCodes implements SignInCodeStore {
  constructor(private readonly db: Db) {}

  async issue(site: string, phone: string, codeHash: string, now: Date, expiresAt: Date) {
    this.db.prepare('DELETE FROM sign_in_codes WHERE expires_at <= ?').run(now.toISOString());
    this.db
      .prepare(
        `INSERT INTO sign_in_codes (site, phone, code_hash, created_at, expires_at, tries, used_at)
         VALUES (?, ?, ?, ?, ?, 0, NULL)
         ON CONFLICT (site, phone) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at,
           expires_at = excluded.expires_at, tries = 0, used_at = NULL`,
      )
      .run(site, phone, codeHash, now.toISOString(), expiresAt.toISOString());
  }

  async attempt(site: string, phone: string, now: Date, maxTries: number) {
    const row = this.db
      .prepare<[string, string, string, number], { code_hash: string; tries: number }>(
        `UPDATE sign_in_codes SET tries = tries + 1
         WHERE site = ? AND phone = ? AND used_at IS NULL AND expires_at > ? AND tries < ?
         RETURNING code_hash, tries`,
      )
      .get(site, phone, now.toISOString(), maxTries);
    return row && { codeHash: row.code_hash, tries: row.tries };
  }

  async consume(site: string, phone: string, codeHash: string, now: Date) {
    const { changes } = this.db
      .prepare(
        'UPDATE sign_in_codes SET used_at = ? WHERE site = ? AND phone = ? AND code_hash = ? AND used_at IS NULL',
      )
      .run(now.toISOString(), site, phone, codeHash);
    return changes > 0;
  }
}
