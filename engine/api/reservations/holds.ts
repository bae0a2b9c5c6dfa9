/**
 * The release job (docs/api.md, "Reservations"): a hold ends 48 hours after the reservation.
 * The job runs once at start-up (a hold that ended while the server was down ends at once)
 * and then every minute on the API's clock, so a test with a FakeClock passes the 48 hours
 * by moving the clock. Whoever shows cars (the server's stock) is told which cars are held
 * whenever that changes, and once at start-up; with a shared store (PostgreSQL) each run
 * also tells it, so holds taken through another server are shown within a minute.
 */
import type { Clock } from '../../clock.ts';
import type { HeldCar, ReservationStore } from '../store/types.ts';
import { HOLD_CHECK_INTERVAL_MS } from './terms.ts';

export type HeldCarsListener = (held: HeldCar[]) => void;

export class CarHolds {
  private stopJob: (() => void) | undefined;
  /** The job runs in flight (a test clock's route waits for them before it answers). */
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly store: ReservationStore,
    private readonly clock: Clock,
    private readonly listener: HeldCarsListener = () => {},
    private readonly log: Pick<Console, 'error'> = console,
    /** Other servers share the store: tell the listener at every run, not only when this one released a hold. */
    private readonly shared = false,
  ) {}

  /** Releases what is due now, tells the listener what is held, and schedules the job. */
  async start(intervalMs = HOLD_CHECK_INTERVAL_MS) {
    await this.store.releaseExpired(this.clock.now());
    await this.changed();
    this.stopJob = this.clock.every(intervalMs, () => {
      const run = this.run().finally(() => this.running.delete(run));
      this.running.add(run);
    });
  }

  stop() {
    this.stopJob?.();
    this.stopJob = undefined;
  }

  /** Whether a job run is in flight. */
  get busy() {
    return this.running.size > 0;
  }

  /** Resolves when the job runs started so far have finished. */
  async settled() {
    while (this.running.size) await Promise.all(this.running);
  }

  private async run() {
    const ended = await this.releaseExpired();
    if (this.shared && ended === 0)
      await this.changed().catch((err: unknown) =>
        this.log.error('[forecourt] reservation release job failed', err),
      );
  }

  /** Ends the holds whose time is up; answers how many ended. */
  async releaseExpired(): Promise<number> {
    try {
      const ended = await this.store.releaseExpired(this.clock.now());
      if (ended > 0) await this.changed();
      return ended;
    } catch (err) {
      // A busy database now is retried at the next run; the job must not stop.
      this.log.error('[forecourt] reservation release job failed', err);
      return 0;
    }
  }

  /** Tells the listener which cars are held now. */
  async changed() {
    this.listener(await this.store.held());
  }
}
