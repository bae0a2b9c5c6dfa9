/** Reservations in PostgreSQL (docs/api.md, "Reservations"); holds are written with their lead (leads.ts). */
import type { Sql } from 'postgres';
import type { Deposit, Reservation } from '../../../../schemas/types.gen.ts';
import { toReservation, type ReservationRow } from '../reservations.ts';
import type { HeldCar, ReservationStore } from '../types.ts';
import { carText, carValue } from './values.ts';

/** The channel on which servers sharing the database say that a hold began or ended (holds.ts). */
export const HOLDS_CHANNEL = 'forecourt_holds';

export class PostgresReservations implements ReservationStore {
  constructor(private readonly sql: Sql) {}

  /** Tells every server listening that the held cars changed (NOTIFY, delivered once committed); `from` names the sender. */
  async announceHolds(from: string): Promise<void> {
    await this.sql`SELECT pg_notify(${HOLDS_CHANNEL}, ${from})`;
  }

  /**
   * Calls `fn` with the sender of each announcement, and with '' each time the listening
   * connection is made again (announcements made while it was down are lost); answers the way to stop.
   */
  async listenHolds(fn: (from: string) => void): Promise<() => Promise<void>> {
    let first = true;
    const { unlisten } = await this.sql.listen(HOLDS_CHANNEL, fn, () => {
      if (!first) fn('');
      first = false;
    });
    return unlisten;
  }

  async openHold(carId: number | string) {
    const [row] = await this.sql<{ lead_id: number; car_id: string; held_until: string }[]>`
      SELECT lead_id, car_id, held_until FROM reservations WHERE car_id = ${carText(carId)} AND released_at IS NULL`;
    return row && { ...row, car_id: carValue(row.car_id) };
  }

  async held(): Promise<HeldCar[]> {
    const rows = await this.sql<{ car_id: string; held_until: string }[]>`
      SELECT car_id, held_until FROM reservations WHERE released_at IS NULL ORDER BY held_until`;
    return rows.map((r) => ({ car_id: carValue(r.car_id), held_until: r.held_until }));
  }

  async releaseExpired(now: Date): Promise<number> {
    const at = now.toISOString();
    return (
      await this
        .sql`UPDATE reservations SET released_at = ${at} WHERE released_at IS NULL AND held_until <= ${at}`
    ).count;
  }

  async recordPayment(
    leadId: number,
    result: Pick<Deposit, 'status' | 'reference' | 'instructions'>,
  ) {
    await this
      .sql`UPDATE reservations SET payment_status = ${result.status}, payment_reference = ${result.reference},
                   payment_instructions = ${result.instructions} WHERE lead_id = ${leadId}`;
  }

  async get(leadId: number): Promise<Reservation | undefined> {
    const [row] = await this.sql<
      (ReservationRow & { car_id: string })[]
    >`SELECT * FROM reservations WHERE lead_id = ${leadId}`;
    return row && toReservation({ ...row, car_id: carValue(row.car_id) });
  }
}
