/**
 * The delivery worker (docs/leads.md, "Delivery"): claims due outbox rows for a lease, sends
 * each through its channel and records the outcome. At least once: a row is marked
 * delivered only after its channel resolved, so a server killed mid-send leaves the row
 * claimed, and once the lease runs out any server sends it again (with the same Message-ID
 * and Idempotency-Key). A failure is tried again after an exponential back-off with jitter
 * for up to 72 hours, then dead-lettered; a destination that refuses for good fails at once.
 * Nothing here runs in a buyer's request: the route only nudges the worker after commit.
 */
import type { Car } from '../../../schemas/types.gen.ts';
import type { Clock } from '../../clock.ts';
import type { SiteLookup } from '../options.ts';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryStore, LeadStore } from '../store/types.ts';
import { DeliveryError, deliveryKeys, type Channels } from './channels.ts';
import { leadFacts } from './facts.ts';
import type { LeadKind } from './lead-facts.ts';

export const DELIVERY_DEFAULTS = {
  /** How often due rows are looked for (a new lead is sent at once; this finds retries). */
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
  private running: Promise<void> | undefined;
  private again = false;
  private stopTimer: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly o: DeliveryWorkerOptions) {
    this.t = { ...DELIVERY_DEFAULTS, ...o.tuning };
  }

  /** Looks for due rows now and every pollMs. */
  start() {
    this.stopped = false;
    this.stopTimer = this.o.clock.every(this.t.pollMs, () => this.nudge());
    this.nudge();
  }

  stop() {
    this.stopped = true;
    this.stopTimer?.();
  }

  /** Sends what is due, soon (never waited for by a request). */
  nudge() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Resolves when nothing is being sent (tests; close). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    for (;;) {
      let rows: ClaimedDelivery[];
      try {
        rows = await this.o.deliveries.claim(this.o.clock.now(), this.t.leaseMs, this.t.batch);
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
