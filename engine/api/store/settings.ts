/** Values generated once and kept across restarts (captcha key, generated staff token). */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

export const randomSecret = () => randomBytes(32).toString('base64url');

export function settingOrCreate(db: Db, key: string, make: () => string = randomSecret): string {
  return db.transaction(() => {
    const row = db
      .prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
      .get(key);
    if (row) return row.value;
    const value = make();
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, value);
    return value;
  })();
}
