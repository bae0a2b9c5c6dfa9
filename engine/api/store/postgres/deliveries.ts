/**
 * The lead outbox in PostgreSQL (docs/leads.md, "Delivery"), shared by several servers. A
 * claim takes due rows with FOR UPDATE SKIP LOCKED and stamps a lease on them in one
 * statement, so two servers never take one row at once; a server killed mid-send leaves a
 * lease that runs out, and the row is claimed again. The outcome is recorded only by the
 * claim that sent it.
 */
import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from 'postgres';
import type { LeadDelivery } from '../../../../schemas/types.gen.ts';
import { NO_COUNTS, toClaimed, toLeadDelivery, type DeliveryColumns } from '../delivery-row.ts';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryStore, NewDelivery } from '../types.ts';

/** Inside the lead's transaction (postgres/leads.ts). */
export async function insertDeliveries(
  tx: TransactionSql,
  leadId: number,
  deliveries: NewDelivery[],
  at: string,
) {
  if (!deliveries.length) return;
  const rows = deliveries.map((d) => ({
    lead_id: leadId,
    channel: d.channel,
    target: d.target,
    secret_env: d.secretEnv ?? null,
    kind: d.kind,
    location: d.location ?? null,
    created_at: at,
    retry_from: at,
    next_attempt_at: at,
  }));
  await tx`INSERT INTO lead_deliveries ${tx(rows)} ON CONFLICT (lead_id, channel, target) DO NOTHING`;
}

/** The deliveries of a page of leads, by lead. */
export async function deliveriesOf(sql: Sql, ids: number[]): Promise<Map<number, LeadDelivery[]>> {
  const rows = await sql<
    DeliveryColumns[]
  >`SELECT * FROM lead_deliveries WHERE lead_id = ANY(${ids}::int[]) ORDER BY lead_id, id`;
  const out = new Map<number, LeadDelivery[]>();
  for (const r of rows) out.set(r.lead_id, [...(out.get(r.lead_id) ?? []), toLeadDelivery(r)]);
  return out;
}

export class PostgresDeliveries implements DeliveryStore {
  constructor(private readonly sql: Sql) {}

  async claim(
    now: Date,
    leaseMs: number,
    limit: number,
    leadId?: number,
  ): Promise<ClaimedDelivery[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const claim = randomUUID();
    const rows = await this.sql<DeliveryColumns[]>`
      UPDATE lead_deliveries SET claim = ${claim}, lease_until = ${until}, last_attempt_at = ${at},
             attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM lead_deliveries
        WHERE state = 'pending' AND next_attempt_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
          ${leadId === undefined ? this.sql`` : this.sql`AND lead_id = ${leadId}`}
        ORDER BY next_attempt_at, id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING *`;
    return rows.map(toClaimed);
  }

  async record(id: number, claim: string, outcome: DeliveryOutcome, now: Date) {
    const next = outcome.state === 'pending' ? outcome.nextAttemptAt : null;
    await this.sql`
      UPDATE lead_deliveries SET state = ${outcome.state}, next_attempt_at = COALESCE(${next}, next_attempt_at),
             delivered_at = ${outcome.state === 'delivered' ? now.toISOString() : null},
             last_error = ${outcome.state === 'delivered' ? null : outcome.error},
             lease_until = NULL, claim = NULL
      WHERE id = ${id} AND claim = ${claim}`;
  }

  async resend(site: string, id: number, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const done = await this.sql`
      UPDATE lead_deliveries SET state = 'pending', next_attempt_at = ${at}, retry_from = ${at},
             lease_until = NULL, claim = NULL
      WHERE id = ${id} AND state IN ('failed', 'dead')
        AND lead_id IN (SELECT id FROM leads WHERE site = ${site})`;
    return done.count === 1;
  }

  async counts() {
    const out = { ...NO_COUNTS };
    const rows = await this.sql<
      { state: LeadDelivery['state']; n: number }[]
    >`SELECT state, COUNT(*)::int AS n FROM lead_deliveries GROUP BY state`;
    for (const { state, n } of rows) out[state] = n;
    return out;
  }
}
