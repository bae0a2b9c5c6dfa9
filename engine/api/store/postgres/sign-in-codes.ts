/** One-time sign-in codes in PostgreSQL, as store/sign-in-codes.ts keeps them in SQLite. */
import type { Sql } from 'postgres';
import type { SignInCodeStore } from '../sign-in-codes.ts';

export class PostgresSignInCodes implements SignInCodeStore {
  constructor(private readonly sql: Sql) {}

  async issue(site: string, phone: string, codeHash: string, now: Date, expiresAt: Date) {
    await this.sql`DELETE FROM sign_in_codes WHERE expires_at <= ${now.toISOString()}`;
    await this.sql`
      INSERT INTO sign_in_codes (site, phone, code_hash, created_at, expires_at, tries, used_at)
      VALUES (${site}, ${phone}, ${codeHash}, ${now.toISOString()}, ${expiresAt.toISOString()}, 0, NULL)
      ON CONFLICT (site, phone) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at,
        expires_at = excluded.expires_at, tries = 0, used_at = NULL`;
  }

  async attempt(site: string, phone: string, now: Date, maxTries: number) {
    const [row] = await this.sql<{ code_hash: string; tries: number }[]>`
      UPDATE sign_in_codes SET tries = tries + 1
      WHERE site = ${site} AND phone = ${phone} AND used_at IS NULL AND expires_at > ${now.toISOString()} AND tries < ${maxTries}
      RETURNING code_hash, tries`;
    return row && { codeHash: row.code_hash, tries: row.tries };
  }

  async consume(site: string, phone: string, codeHash: string, now: Date) {
    const rows = await this.sql`
      UPDATE sign_in_codes SET used_at = ${now.toISOString()}
      WHERE site = ${site} AND phone = ${phone} AND code_hash = ${codeHash} AND used_at IS NULL RETURNING site`;
    return rows.length > 0;
  }
}
