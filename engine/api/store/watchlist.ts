/** Saved cars per site and phone number (the number is phoneKey(), see regional.ts; both come from the session). */
import type { Db } from '../db/database.ts';
import type { WatchlistStore } from './types.ts';

export class SqliteWatchlist implements WatchlistStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      save: db.prepare(
        'INSERT OR IGNORE INTO watchlist (site, phone, car_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      remove: db.prepare('DELETE FROM watchlist WHERE site = ? AND phone = ? AND car_id = ?'),
      list: db.prepare<[string, string], { car_id: number | string }>(
        'SELECT car_id FROM watchlist WHERE site = ? AND phone = ? ORDER BY created_at DESC, car_id',
      ),
    };
  }

  async save(site: string, phone: string, carId: number | string, createdAt: string) {
    this.q.save.run(site, phone, carId, createdAt);
  }

  async remove(site: string, phone: string, carId: number | string) {
    this.q.remove.run(site, phone, carId);
  }

  async list(site: string, phone: string): Promise<(number | string)[]> {
    return this.q.list.all(site, phone).map((r) => r.car_id);
  }
}
