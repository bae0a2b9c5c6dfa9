/**
 * The delivery worker (docs/leads.md, "Delivery"): two jobs on the platform's job queue
 * (engine/jobs: pg-boss on PostgreSQL, in-process by default). LEAD_DELIVERY_JOB, enqueued
 * after a lead commits, sends that lead's due outbox rows; LEAD_SWEEP_JOB, on a schedule,
 * sends every due row (retries, and rows whose job was lost: a server killed between commit
 * and enqueue, or mid-send). Either claims its rows for a lease, sends each through its
 * channel and records the outcome. At least once: a row is marked delivered only after its
 * channel resolved, so a server killed mid-send leaves the row claimed, and once the lease
 * runs out the sweep sends it again (with the same Message-ID and Idempotency-Key). A failure
 * is tried again after an exponential back-off with jitter for up to 72 hours, then
 * dead-lettered; a destination that refuses for good fails at once. Nothing here runs in a
 * buyer's request: the route only enqueues the lead's job after commit.
 */
import type { Car } from '../../../schemas/types.gen.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SiteLookup } from '../options.ts';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryStore, LeadStore } from '../store/types.ts';
import { DeliveryError, deliveryKeys, type Channels } from './channels.ts';
import { leadFacts } from './facts.ts';
import type { LeadKind } from './lead-facts.ts';

/** The job that sends one lead's outbox rows: `{ leadId }`. */
export const LEAD_DELIVERY_JOB = 'lead-delivery';
/** The scheduled job that sends every due row. */
export const LEAD_SWEEP_JOB = 'lead-delivery-sweep';

export const DELIVERY_DEFAULTS = {
  /** How often the sweep looks for due rows (a new lead is sent at once; this finds retries). */
  pollMs: 5_000,
  /** How long a claim is the claimer's: longer than any channel may take (SMTP and HTTP time out sooner). */
  leaseMs: 2 * 60_000,
  batch: 20,
  /** The first retry's wait; each later one doubles, up to maxDelayMs. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** After this long without success a delivery is dead-lettered. */
  giveUpAfterMs: 72 * 60 * 60_000,
};

export type DeliveryTuning = Partial<typeof DELIVERY_DEFAULTS>;

/** The wait before try n+1 after n failed tries: doubling from the base, capped, then 50–100% of it (jitter). */
export function backoffMs(attempts: number, random: number, t = DELIVERY_DEFAULTS): number {
  const full = Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random / 2));
}

export interface DeliveryWorkerOptions {
  deliveries: DeliveryStore;
  leads: LeadStore;
  sites: SiteLookup;
  channels: Channels;
  clock: Clock;
  jobs: JobQueue;
  getCar?: (id: number | string, site: string) => Car | undefined | Promise<Car | undefined>;
  /** FORECOURT_PUBLIC_ORIGIN: where links and photos in a delivery point. */
  publicOrigin?: string;
  /** The domain of Message-IDs. */
  messageDomain?: string;
  tuning?: DeliveryTuning;
  random?: () => number;
  log: Pick<Console, 'warn' | 'error'>;
}

export class DeliveryWorker {
  private readonly t: typeof DELIVERY_DEFAULTS;
  /** Until start(): a worker that is not enabled enqueues nothing. */
  private stopped = true;
  /** The run in progress on this server; the next waits for it (sendDue). */
  private turn: Promise<void> = Promise.resolve();
  private sweepWaiting = false;

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.t = { ...DELIVERY_DEFAULTS, ...o.tuning };
  }

  /** Registers the two jobs and sweeps once now (rows left from before this start). */
  async start() {
    this.stopped = false;
    // A run holds its rows' lease; the queue may hand a run that outlives it to another server.
    const expireInSeconds = Math.ceil(this.t.leaseMs / 1000);
    await this.o.jobs.work<{ leadId: number }>(
      LEAD_DELIVERY_JOB,
      ({ leadId }) => this.sendDue(leadId),
      { expireInSeconds },
    );
    await this.o.jobs.schedule(LEAD_SWEEP_JOB, this.t.pollMs, () => this.sendDue(), {
      expireInSeconds,
    });
    this.nudge();
  }

  stop() {
    this.stopped = true;
  }

  /**
   * A lead's outbox rows were committed (its id), or rows became due (none): enqueues the
   * job that sends them, never waited for by a request. An enqueue that fails leaves the
   * rows to the sweep.
   */
  nudge(leadId?: number) {
    if (this.stopped) return;
    const [job, data] =
      leadId === undefined ? [LEAD_SWEEP_JOB, {}] : [LEAD_DELIVERY_JOB, { leadId }];
    this.o.jobs
      .send(job, data)
      .catch((err: unknown) =>
        this.o.log.error('[forecourt] lead delivery: the job could not be enqueued', err),
      );
  }

  /** Resolves when the jobs enqueued so far have run (tests; close). */
  async settled(): Promise<void> {
    await this.o.jobs.settled();
  }

  /**
   * Sends the due rows of one lead, or every due row, batch by batch: one run at a time on
   * this server, as the jobs come. Runs side by side would claim again a row whose lease ran
   * out while this server is still sending it (a slow mail server), and each extra send slows
   * the others; a sweep asked for while another waits is that one.
   */
  sendDue(leadId?: number): Promise<void> {
    const sweep = leadId === undefined;
    if (sweep && this.sweepWaiting) return Promise.resolve();
    if (sweep) this.sweepWaiting = true;
    const run = this.turn.then(() => {
      if (sweep) this.sweepWaiting = false;
      return this.drain(leadId);
    });
    this.turn = run;
    return run;
  }

  private async drain(leadId?: number) {
    for (;;) {
      let rows: ClaimedDelivery[];
      try {
        rows = await this.o.deliveries.claim(
          this.o.clock.now(),
          this.t.leaseMs,
          this.t.batch,
          leadId,
        );
      } catch (err) {
        this.o.log.error('[forecourt] lead delivery: could not claim due deliveries', err);
        return;
      }
      await Promise.all(rows.map((row) => this.deliver(row)));
      if (rows.length < this.t.batch || this.stopped) return;
    }
  }

  private async deliver(row: ClaimedDelivery) {
    let outcome: DeliveryOutcome;
    try {
      await this.send(row);
      outcome = { state: 'delivered' };
    } catch (err) {
      outcome = this.failure(row, err);
    }
    try {
      await this.o.deliveries.record(row.id, row.claim, outcome, this.o.clock.now());
    } catch (err) {
      // The lease runs out and the row is sent again: at least once.
      this.o.log.error(`[forecourt] lead delivery ${row.id}: could not record the outcome`, err);
    }
  }

  private async send(row: ClaimedDelivery) {
    const channel = this.o.channels[row.channel];
    if (!channel)
      throw new DeliveryError(`No ${row.channel} channel is set up on this server.`, false);
    const lead = await this.o.leads.get(row.leadId);
    if (!lead) throw new DeliveryError('The lead is no longer stored.', false);
    const entry = this.o.sites.get(lead.site);
    if (!entry?.ok) throw new Error(`Site ${lead.site} is not being served right now.`);
    const site = entry.site;
    const car = lead.car_id == null ? undefined : await this.o.getCar?.(lead.car_id, site.slug);
    const now = this.o.clock.now();
    const keys = deliveryKeys(
      site.slug,
      lead.lead_id,
      row,
      this.o.messageDomain ?? 'forecourt.local',
    );
    await channel.send({
      delivery: row,
      lead,
      site,
      car,
      facts: leadFacts({
        lead,
        kind: row.kind as LeadKind,
        site,
        car,
        location: row.location,
        publicOrigin: this.o.publicOrigin,
      }),
      now,
      ...keys,
    });
  }

  private failure(row: ClaimedDelivery, err: unknown): DeliveryOutcome {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'failed';
    if (err instanceof DeliveryError && !err.retry) return { state: 'failed', error };
    const now = this.o.clock.now().getTime();
    const next = now + backoffMs(row.attempts, (this.o.random ?? Math.random)(), this.t);
    if (next - Date.parse(row.retryFrom) > this.t.giveUpAfterMs) return { state: 'dead', error };
    return { state: 'pending', error, nextAttemptAt: new Date(next).toISOString() };
  }
}
