/** Trade-in valuations, stored so that adjustments and the saved result refer to one record. */
import type { Db } from '../db/database.ts';
import type { AdjustmentAnswers, Valuation } from '../../../schemas/types.gen.ts';
import type { ValuationStore } from './types.ts';

/** A valuations row as SQLite holds it (JSON as text, booleans as 0/1). */
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

export class SqliteValuations implements ValuationStore {
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

  async insert(v: Valuation) {
    this.q.insert.run(toRow(v));
  }

  async update(v: Valuation) {
    this.q.update.run(toRow(v));
  }

  async get(id: string): Promise<Valuation | undefined> {
    const row = this.q.get.get(id);
    if (!row) return undefined;
    return toValuation({
      ...row,
      vehicle: JSON.parse(row.vehicle),
      eligible: row.eligible === 1,
      estimate: row.estimate === null ? null : JSON.parse(row.estimate),
      adjustments: JSON.parse(row.adjustments),
    });
  }
}

/** A valuation from a row whose JSON and booleans are read already (both stores). */
export function toValuation(row: {
  id: string;
  site: string;
  lead_id: number | null;
  vehicle: Valuation['vehicle'];
  adjustments: AdjustmentAnswers;
  eligible: boolean;
  reason: string | null;
  estimate: Valuation['estimate'];
  offer_price: number | null;
  created_at: string;
  updated_at: string;
}): Valuation {
  const v: Valuation = {
    id: row.id,
    site: row.site,
    lead_id: row.lead_id,
    vehicle: row.vehicle,
    eligible: row.eligible,
    estimate: row.estimate,
    offer_price: row.offer_price,
    adjustmentAnswers: row.adjustments,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.reason) v.reason = row.reason;
  return v;
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
