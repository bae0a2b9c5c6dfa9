/**
 * Sign-in sessions. The token is random and only its SHA-256 is stored, so reading
 * the database (or a backup) does not let anyone act as a visitor.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { SessionRecord, SessionStore } from './types.ts';

export type { SessionRecord } from './types.ts';

export const SESSION_DAYS = 30;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
const hash = hashSessionToken;

/** A new session's token and expiry. */
export function newSession(now: Date) {
  return {
    token: randomBytes(32).toString('base64url'),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
  };
}

export class SqliteSessions implements SessionStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert: db.prepare(
        'INSERT INTO sessions (token_hash, phone, site, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ),
      get: db.prepare<[string], { phone: string; site: string; expires_at: string }>(
        'SELECT phone, site, expires_at FROM sessions WHERE token_hash = ?',
      ),
      remove: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      expire: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    };
  }

  async create(
    phone: string,
    site: string,
    now: Date,
  ): Promise<{ token: string; expiresAt: string }> {
    const { token, expiresAt } = newSession(now);
    this.q.expire.run(now.toISOString());
    this.q.insert.run(hash(token), phone, site, now.toISOString(), expiresAt);
    return { token, expiresAt };
  }

  async find(token: string, now: Date): Promise<SessionRecord | undefined> {
    const row = this.q.get.get(hash(token));
    if (!row || row.expires_at <= now.toISOString()) return undefined;
    return { phone: row.phone, site: row.site, expiresAt: row.expires_at };
  }

  async remove(token: string) {
    this.q.remove.run(hash(token));
  }
}
