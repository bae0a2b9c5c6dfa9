/**
 * The release job (docs/api.md, "Reservations"): a hold ends 48 hours after the reservation.
 * The job runs once at start-up (a hold that ended while the server was down ends at once)
 * and then every minute on the API's clock, so a test with a FakeClock passes the 48 hours
 * by moving the clock. Whoever shows cars (the server's stock) is told which cars are held
 * whenever that changes, and once at start-up.
 */
import type { Clock } from '../../clock.ts';
import type { HeldCar, ReservationStore } from '../store/reservations.ts';
import { HOLD_CHECK_INTERVAL_MS } from './terms.ts';

export type HeldCarsListener = (held: HeldCar[]) => void;

export class CarHolds {
  private stopJob: (() => void) | undefined;

  constructor(
    private readonly store: ReservationStore,
    private readonly clock: Clock,
    private readonly listener: HeldCarsListener = () => {},
    private readonly log: Pick<Console, 'error'> = console,
  ) {}

  /** Releases what is due now, tells the listener what is held, and schedules the job. */
  start(intervalMs = HOLD_CHECK_INTERVAL_MS) {
    this.store.releaseExpired(this.clock.now());
    this.changed();
    this.stopJob = this.clock.every(intervalMs, () => this.releaseExpired());
  }

  stop() {
    this.stopJob?.();
    this.stopJob = undefined;
  }

  /** Ends the holds whose time is up; answers how many ended. */
  releaseExpired(): number {
    try {
      const ended = this.store.releaseExpired(this.clock.now());
      if (ended > 0) this.changed();
      return ended;
    } catch (err) {
      // A busy database now is retried at the next run; the job must not stop.
      this.log.error('[forecourt] reservation release job failed', err);
      return 0;
    }
  }

  /** Tells the listener which cars are held now. */
  changed() {
    this.listener(this.store.held());
  }
}
