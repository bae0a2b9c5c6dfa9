/**
 * Sign-in sessions. The token is random and only its SHA-256 is stored, so reading
 * the database (or a backup) does not let anyone act as a visitor.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

export const SESSION_DAYS = 30;

export interface SessionRecord {
  phone: string;
  site: string;
  expiresAt: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert: db.prepare('INSERT INTO sessions (token_hash, phone, site, created_at, expires_at) VALUES (?, ?, ?, ?, ?)'),
      get: db.prepare<[string], { phone: string; site: string; expires_at: string }>('SELECT phone, site, expires_at FROM sessions WHERE token_hash = ?'),
      remove: db.prepare('DELETE FROM sessions WHERE token_hash = ?'),
      expire: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    };
  }

  create(phone: string, site: string, now: Date): { token: string; expiresAt: string } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString();
    this.q.expire.run(now.toISOString());
    this.q.insert.run(hash(token), phone, site, now.toISOString(), expiresAt);
    return { token, expiresAt };
  }

  find(token: string, now: Date): SessionRecord | undefined {
    const row = this.q.get.get(hash(token));
    if (!row || row.expires_at <= now.toISOString()) return undefined;
    return { phone: row.phone, site: row.site, expiresAt: row.expires_at };
  }

  remove(token: string) {
    this.q.remove.run(hash(token));
  }
}
