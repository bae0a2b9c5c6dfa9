/**
 * Reservations in SQLite: the hold a Reservation lead puts on one car (docs/api.md,
 * "Reservations"). A row is written inside its lead's transaction (SqliteLeads.create); the
 * partial unique index keeps one open hold per car, so two buyers (or two processes) can
 * never hold the same car. Holds end when the release job stamps released_at.
 */
import type { Db } from '../db/database.ts';
import type { Deposit, Reservation } from '../../../schemas/types.gen.ts';
import type { HeldCar, NewHold, ReservationStore } from './types.ts';

export type { HeldCar, NewHold } from './types.ts';

/** A reservations row as both stores hold it. */
export interface ReservationRow {
  lead_id: number;
  site: string;
  car_id: number | string;
  stock_number: string | null;
  deposit_amount: number;
  currency: Deposit['currency'];
  created_at: string;
  held_until: string;
  released_at: string | null;
  payment_provider: string;
  payment_status: Deposit['status'];
  payment_reference: string | null;
  payment_instructions: string | null;
}

export function toReservation(r: ReservationRow): Reservation {
  return {
    car_id: r.car_id,
    stock_number: r.stock_number,
    created_at: r.created_at,
    held_until: r.held_until,
    released_at: r.released_at,
    deposit: {
      amount: r.deposit_amount,
      currency: r.currency,
      provider: r.payment_provider,
      status: r.payment_status,
      reference: r.payment_reference,
      instructions: r.payment_instructions ?? '',
    },
  };
}

export class SqliteReservations implements ReservationStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert: db.prepare(
        `INSERT INTO reservations (lead_id, site, car_id, stock_number, deposit_amount, currency, created_at, held_until, payment_provider, payment_status)
         VALUES (@leadId, @site, @carId, @stockNumber, @amount, @currency, @createdAt, @heldUntil, @provider, 'pending')`,
      ),
      openFor: db.prepare<[number | string], HeldCar & { lead_id: number }>(
        'SELECT lead_id, car_id, held_until FROM reservations WHERE car_id = ? AND released_at IS NULL',
      ),
      open: db.prepare<[], HeldCar>(
        'SELECT car_id, held_until FROM reservations WHERE released_at IS NULL ORDER BY held_until',
      ),
      release: db.prepare<[string, string]>(
        'UPDATE reservations SET released_at = ? WHERE released_at IS NULL AND held_until <= ?',
      ),
      payment: db.prepare(
        'UPDATE reservations SET payment_status = ?, payment_reference = ?, payment_instructions = ? WHERE lead_id = ?',
      ),
      get: db.prepare<[number], ReservationRow>('SELECT * FROM reservations WHERE lead_id = ?'),
    };
  }

  /** Holds the car for the lead; inside the lead's transaction. */
  hold(leadId: number, h: NewHold) {
    this.q.insert.run({ ...h, leadId });
  }

  openHoldNow(carId: number | string): (HeldCar & { lead_id: number }) | undefined {
    return this.q.openFor.get(carId);
  }

  async openHold(carId: number | string) {
    return this.openHoldNow(carId);
  }

  async held(): Promise<HeldCar[]> {
    return this.q.open.all();
  }

  async releaseExpired(now: Date): Promise<number> {
    const at = now.toISOString();
    return this.q.release.run(at, at).changes;
  }

  async recordPayment(
    leadId: number,
    result: Pick<Deposit, 'status' | 'reference' | 'instructions'>,
  ) {
    this.q.payment.run(result.status, result.reference, result.instructions, leadId);
  }

  getNow(leadId: number): Reservation | undefined {
    const r = this.q.get.get(leadId);
    return r && toReservation(r);
  }

  async get(leadId: number) {
    return this.getNow(leadId);
  }
}
