/** Saved cars per phone number (the key is phoneKey(), see regional.ts). */
import type { Db } from '../db/database.ts';

export class WatchlistStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      save: db.prepare('INSERT OR IGNORE INTO watchlist (phone, car_id, created_at) VALUES (?, ?, ?)'),
      remove: db.prepare('DELETE FROM watchlist WHERE phone = ? AND car_id = ?'),
      list: db.prepare<[string], { car_id: number | string }>('SELECT car_id FROM watchlist WHERE phone = ? ORDER BY created_at DESC, car_id'),
    };
  }

  /** Saving twice is fine (the car stays saved once). */
  save(phone: string, carId: number | string, createdAt: string) {
    this.q.save.run(phone, carId, createdAt);
  }

  remove(phone: string, carId: number | string) {
    this.q.remove.run(phone, carId);
  }

  list(phone: string): (number | string)[] {
    return this.q.list.all(phone).map((r) => r.car_id);
  }
}
