/**
 * What the delivery worker (worker.ts) hands a channel, and how a channel says it failed
 * (docs/leads.md, "Delivery"). A channel sends one outbox row and resolves, or throws a
 * DeliveryError saying whether a later try could succeed; any other error is retried.
 */
import type { Car, LeadDelivery, StoredLead } from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../site/types.ts';
import type { ClaimedDelivery } from '../store/types.ts';
import type { LeadFacts } from './lead-facts.ts';

export interface DeliveryJob {
  delivery: ClaimedDelivery;
  lead: StoredLead;
  site: ResolvedSite;
  car?: Car;
  /** The lead as every format reads it (facts.ts). */
  facts: LeadFacts;
  /** Message-ID of an email: the same on every try, so a receiver drops a repeat. */
  messageId: string;
  now: Date;
}

export interface Channel {
  send(job: DeliveryJob): Promise<void>;
}

export type Channels = Partial<Record<LeadDelivery['channel'], Channel>>;

/** A failed send: `retry` false when the destination refused it for good (a bad address, a 4xx). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * The Message-ID a delivery repeats on every try, from the lead's id and the destination: a
 * mail system that saw the first try knows the second for the same lead. (An HTTP delivery's
 * Idempotency-Key is http-post.ts's `idempotencyKey`.)
 */
export function deliveryKeys(
  site: string,
  leadId: number,
  delivery: Pick<ClaimedDelivery, 'channel' | 'target'>,
  domain: string,
) {
  let h = 0x811c9dc5;
  // FNV-1a over the destination: short, stable, and not a secret.
  for (const c of `${delivery.channel}\u0000${delivery.target}`) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const dest = h.toString(36);
  return { messageId: `<lead-${leadId}.${dest}.${site}@${domain}>` };
}
