/**
 * The release job (docs/api.md, "Reservations"): a hold ends 48 hours after the reservation.
 * Each server releases what is due when it starts (a hold that ended while it was down ends
 * at once); then HOLD_RELEASE_JOB runs every minute on the API's clock as a scheduled job of
 * the platform's job queue, once across the servers that share a database (engine/jobs), so a
 * test with a FakeClock passes the 48 hours by moving the clock. Whoever shows cars (the
 * server's stock) is told which cars are held whenever that changes, and once at start-up.
 * With a shared store (PostgreSQL) a server that changes a hold announces it (LISTEN/NOTIFY),
 * so every other server reads the holds again at once; each server also reads them every
 * minute, in case an announcement was lost.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { HeldCar, ReservationStore } from '../store/types.ts';
import { HOLD_CHECK_INTERVAL_MS } from './terms.ts';

/** The scheduled job that ends the holds whose time is up. */
export const HOLD_RELEASE_JOB = 'reservation-hold-release';

export type HeldCarsListener = (held: HeldCar[]) => void;

/** A store that several servers share tells them of each other's holds (store/postgres/reservations.ts). */
interface AnnouncedHolds {
  announceHolds(from: string): Promise<void>;
  listenHolds(fn: (from: string) => void): Promise<() => Promise<void>>;
}

const announces = (store: ReservationStore): store is ReservationStore & AnnouncedHolds =>
  typeof (store as Partial<AnnouncedHolds>).listenHolds === 'function';

export class CarHolds {
  private stopJob: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** Names this server's announcements, so it does not read the holds again for its own. */
  private readonly id = randomUUID();
  /** The re-reads in flight (a test clock's route waits for them before it answers). */
  private running = new Set<Promise<unknown>>();
  /** Reads of the holds asked so far, and the latest of them whose answer was told. */
  private asks = 0;
  private toldAsk = 0;

  constructor(
    private readonly store: ReservationStore,
    private readonly clock: Clock,
    private readonly listener: HeldCarsListener = () => {},
    private readonly log: Pick<Console, 'error'> = console,
    /** Other servers share the store: tell the listener at every run, not only when this one released a hold. */
    private readonly shared = false,
  ) {}

  /** Releases what is due now, tells the listener what is held, and schedules the job. */
  async start(jobs: JobQueue, intervalMs = HOLD_CHECK_INTERVAL_MS) {
    await this.store.releaseExpired(this.clock.now());
    // Listening first: a hold announced while this server reads the holds is not missed.
    if (announces(this.store))
      this.unlisten = await this.store.listenHolds((from) => {
        if (from === this.id) return; // its own, already told
        this.tell().catch((err: unknown) =>
          this.log.error('[forecourt] the held cars could not be read', err),
        );
      });
    await this.tell();
    await jobs.schedule(
      HOLD_RELEASE_JOB,
      intervalMs,
      async () => void (await this.releaseExpired()),
    );
    if (this.shared)
      this.stopJob = this.clock.every(intervalMs, () => {
        const run = this.tell()
          .catch((err: unknown) =>
            this.log.error('[forecourt] the held cars could not be read', err),
          )
          .finally(() => this.running.delete(run));
        this.running.add(run);
      });
  }

  stop() {
    this.stopJob?.();
    this.stopJob = undefined;
    void this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }

  /** Resolves when the re-reads started so far have finished. */
  async settled() {
    while (this.running.size) await Promise.all(this.running);
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

  /** A hold began or ended here: tells the listener which cars are held now, and the other servers that they changed. */
  async changed() {
    await this.tell();
    // Stored already: a lost announcement only waits for the job's next run on the others.
    if (announces(this.store))
      await this.store
        .announceHolds(this.id)
        .catch((err: unknown) => this.log.error('[forecourt] a hold was not announced', err));
  }

  /**
   * Tells the listener which cars are held now. Reads overlap (a minute's re-read, an
   * announcement, a release here) and may answer out of order: an answer that comes after
   * one asked later is dropped, so a list read before a release never replaces the one after.
   */
  private async tell() {
    const asked = ++this.asks;
    const held = await this.store.held();
    if (asked < this.toldAsk) return;
    this.toldAsk = asked;
    this.listener(held);
  }
}
