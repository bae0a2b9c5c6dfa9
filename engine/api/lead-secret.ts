/**
 * Each lead's secret: lead ids are sequential, so acting on a lead after it is stored
 * (the trade-in offer answer, a valuation, saved data) takes the secret that POST /leads
 * answered to the submitter (docs/api.md, "Leads"; docs/security.md, "Stored data").
 * The secret is an HMAC of the lead id under a key kept in the database, so nothing is
 * stored per lead and a retried submit answers the same secret.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export class LeadSecrets {
  constructor(private readonly key: string) {}

  of(leadId: number): string {
    return createHmac('sha256', this.key).update(`lead:${leadId}`).digest('base64url');
  }

  /** Compared in constant time (hashing first makes the lengths equal). */
  matches(leadId: number, given: string | undefined): boolean {
    if (!given) return false;
    const h = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(h(this.of(leadId)), h(given));
  }
}
