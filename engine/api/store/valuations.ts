/** Trade-in valuations, stored so that adjustments and the saved result refer to one record. */
import type { Db } from '../db/database.ts';
import type { AdjustmentAnswers, Valuation } from '../../../schemas/types.gen.ts';

interface Row {
  id: string;
  site: string;
  lead_id: number | null;
  vehicle: string;
  adjustments: string;
  eligible: number;
  reason: string | null;
  estimate: string | null;
  offer_price: number | null;
  created_at: string;
  updated_at: string;
}

export class ValuationStore {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert: db.prepare(
        `INSERT INTO valuations (id, site, lead_id, vehicle, adjustments, eligible, reason, estimate, offer_price, created_at, updated_at)
         VALUES (@id, @site, @lead_id, @vehicle, @adjustments, @eligible, @reason, @estimate, @offer_price, @created_at, @updated_at)`,
      ),
      update: db.prepare(
        'UPDATE valuations SET adjustments = @adjustments, estimate = @estimate, offer_price = @offer_price, updated_at = @updated_at WHERE id = @id',
      ),
      get: db.prepare<[string], Row>('SELECT * FROM valuations WHERE id = ?'),
    };
  }

  insert(v: Valuation) {
    this.q.insert.run(toRow(v));
  }

  update(v: Valuation) {
    this.q.update.run(toRow(v));
  }

  get(id: string): Valuation | undefined {
    const row = this.q.get.get(id);
    if (!row) return undefined;
    const v: Valuation = {
      id: row.id,
      site: row.site,
      lead_id: row.lead_id,
      vehicle: JSON.parse(row.vehicle),
      eligible: row.eligible === 1,
      estimate: row.estimate === null ? null : JSON.parse(row.estimate),
      offer_price: row.offer_price,
      adjustmentAnswers: JSON.parse(row.adjustments) as AdjustmentAnswers,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
    if (row.reason) v.reason = row.reason;
    return v;
  }
}

function toRow(v: Valuation): Row {
  return {
    id: v.id,
    site: v.site,
    lead_id: v.lead_id ?? null,
    vehicle: JSON.stringify(v.vehicle),
    adjustments: JSON.stringify(v.adjustmentAnswers),
    eligible: v.eligible ? 1 : 0,
    reason: v.reason ?? null,
    estimate: v.estimate === null ? null : JSON.stringify(v.estimate),
    offer_price: v.offer_price,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}
