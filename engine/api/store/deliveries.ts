/**
 * The lead outbox in SQLite (docs/leads.md, "Delivery"). One process owns the file, so a
 * claim is a short IMMEDIATE transaction; the lease still matters: a server killed mid-send
 * leaves its rows claimed, and the next start claims them again once the lease has run out.
 */
import { randomUUID } from 'node:crypto';
import type { LeadDelivery } from '../../../schemas/types.gen.ts';
import type { Db } from '../db/database.ts';
import { NO_COUNTS, toClaimed, toLeadDelivery, type DeliveryColumns } from './delivery-row.ts';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryStore, NewDelivery } from './types.ts';

export class SqliteDeliveries implements DeliveryStore {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      insert: db.prepare(
        `INSERT INTO lead_deliveries (lead_id, channel, target, secret_env, kind, location, created_at, retry_from, next_attempt_at)
         VALUES (@leadId, @channel, @target, @secretEnv, @kind, @location, @at, @at, @at)
         ON CONFLICT (lead_id, channel, target) DO NOTHING`,
      ),
      ofLead: db.prepare<[number], DeliveryColumns>(
        'SELECT * FROM lead_deliveries WHERE lead_id = ? ORDER BY id',
      ),
      due: db.prepare<{ at: string; lead: number | null; limit: number }, { id: number }>(
        `SELECT id FROM lead_deliveries WHERE state = 'pending' AND next_attempt_at <= @at
           AND (lease_until IS NULL OR lease_until <= @at) AND (@lead IS NULL OR lead_id = @lead)
           ORDER BY next_attempt_at, id LIMIT @limit`,
      ),
      take: db.prepare<[string, string, string, number], DeliveryColumns>(
        `UPDATE lead_deliveries SET claim = ?, lease_until = ?, last_attempt_at = ?, attempts = attempts + 1
         WHERE id = ? RETURNING *`,
      ),
      record: db.prepare(
        `UPDATE lead_deliveries SET state = @state, next_attempt_at = COALESCE(@next, next_attempt_at),
           delivered_at = @deliveredAt, last_error = @error, lease_until = NULL, claim = NULL
         WHERE id = @id AND claim = @claim`,
      ),
      resend: db.prepare(
        `UPDATE lead_deliveries SET state = 'pending', next_attempt_at = @now, retry_from = @now,
           lease_until = NULL, claim = NULL
         WHERE id = @id AND state IN ('failed', 'dead')
           AND lead_id IN (SELECT id FROM leads WHERE site = @site)`,
      ),
      counts: db.prepare<[], { state: LeadDelivery['state']; n: number }>(
        'SELECT state, COUNT(*) AS n FROM lead_deliveries GROUP BY state',
      ),
    };
  }

  /** Inside the lead's transaction (store/leads.ts). */
  insertAll(leadId: number, deliveries: NewDelivery[], at: string) {
    for (const d of deliveries)
      this.q.insert.run({
        leadId,
        channel: d.channel,
        target: d.target,
        secretEnv: d.secretEnv ?? null,
        kind: d.kind,
        location: d.location ?? null,
        at,
      });
  }

  ofLead(leadId: number): LeadDelivery[] {
    return this.q.ofLead.all(leadId).map(toLeadDelivery);
  }

  async claim(
    now: Date,
    leaseMs: number,
    limit: number,
    leadId?: number,
  ): Promise<ClaimedDelivery[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return this.db.transaction(() =>
      this.q.due
        .all({ at, lead: leadId ?? null, limit })
        .map(({ id }) => toClaimed(this.q.take.get(randomUUID(), until, at, id)!)),
    )();
  }

  async record(id: number, claim: string, outcome: DeliveryOutcome, now: Date) {
    this.q.record.run({
      id,
      claim,
      state: outcome.state,
      next: outcome.state === 'pending' ? outcome.nextAttemptAt : null,
      deliveredAt: outcome.state === 'delivered' ? now.toISOString() : null,
      error: outcome.state === 'delivered' ? null : outcome.error,
    });
  }

  async resend(site: string, id: number, now: Date): Promise<boolean> {
    return this.q.resend.run({ id, site, now: now.toISOString() }).changes === 1;
  }

  async counts() {
    const out = { ...NO_COUNTS };
    for (const { state, n } of this.q.counts.all()) out[state] = n;
    return out;
  }
}
