/**
 * One outbox row (docs/leads.md, "Delivery") as both stores answer it: the staff view's
 * LeadDelivery from the row's columns, and the claimed row a worker sends.
 */
import type { LeadDelivery } from '../../../schemas/types.gen.ts';
import type { ClaimedDelivery } from './types.ts';

/** The row's columns, as both stores read them. */
export interface DeliveryColumns {
  id: number;
  lead_id: number;
  channel: LeadDelivery['channel'];
  target: string;
  secret_env: string | null;
  kind: string;
  location: string | null;
  state: LeadDelivery['state'];
  attempts: number;
  created_at: string;
  retry_from: string;
  next_attempt_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
  last_error: string | null;
  claim: string | null;
}

export function toLeadDelivery(row: DeliveryColumns): LeadDelivery {
  return {
    id: row.id,
    channel: row.channel,
    to: row.target,
    state: row.state,
    attempts: row.attempts,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.state === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    last_error: row.last_error,
  };
}

export function toClaimed(row: DeliveryColumns): ClaimedDelivery {
  return {
    id: row.id,
    leadId: row.lead_id,
    channel: row.channel,
    target: row.target,
    secretEnv: row.secret_env,
    kind: row.kind,
    location: row.location,
    attempts: row.attempts,
    retryFrom: row.retry_from,
    claim: row.claim ?? '',
  };
}

export const NO_COUNTS: Record<LeadDelivery['state'], number> = {
  pending: 0,
  delivered: 0,
  failed: 0,
  dead: 0,
};
