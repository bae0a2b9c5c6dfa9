/**
 * The leads bench's visitors and staff: each lead posted as its form posts it (the same
 * submission id on every try; tried again on a failed connection or a 5xx, as the form does
 * automatically and then the visitor by hand: docs/forms.md), each from its own address;
 * and the staff view read page by page for what is stored and delivered.
 */
import type { BenchLead } from './leads-mix.ts';
import type { StoredLead } from './tally.ts';

export const STAFF_TOKEN = 'leads-bench-staff-token-0123456789';
/** The wait between a visitor's tries. */
const RETRY_MS = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Posted {
  leadId?: number;
  tries: number;
  /** Tries answered with a 5xx (not a cut connection): the visitor saw an error and tried again. */
  serverErrors: number;
  /** A 4xx: the bench sent a lead the API refuses (a mistake of the bench, reported). */
  refused?: string;
}

/** Posts a lead until it is acknowledged, refused, or `giveUpAt` passes; `server()` picks where each try goes. */
export async function postLead(
  lead: BenchLead,
  server: () => string | undefined,
  giveUpAt: number,
): Promise<Posted> {
  const ip = `10.${(lead.index >> 16) & 255}.${(lead.index >> 8) & 255}.${lead.index & 255}`;
  let tries = 0;
  let serverErrors = 0;
  while (Date.now() < giveUpAt) {
    const base = server();
    if (base) {
      tries++;
      try {
        const res = await fetch(`${base}/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify(lead.body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.status === 200 || res.status === 201)
          return {
            leadId: (JSON.parse(text) as { lead_id: number }).lead_id,
            tries,
            serverErrors,
          };
        if (res.status < 500 && res.status !== 429)
          return { tries, serverErrors, refused: `${res.status} ${text.slice(0, 300)}` };
        if (res.status >= 500) serverErrors++;
      } catch {
        // The connection failed or was cut (a server killed mid-request): try again.
      }
    }
    await sleep(RETRY_MS);
  }
  return { tries, serverErrors };
}

let staffReads = 0;

/** Every lead of a site in the staff view (newest first, 500 a page). */
export async function storedLeads(base: string, site: string): Promise<StoredLead[]> {
  const out: StoredLead[] = [];
  let before: number | null = null;
  do {
    const query: string = `site=${site}&limit=500${before ? `&before=${before}` : ''}`;
    // The bench reads the view every second until the outbox is empty: each read comes from
    // an address of its own, as the per-client rate limit is not what this bench measures.
    const n = ++staffReads;
    const res = await fetch(`${base}/staff/leads?${query}`, {
      headers: {
        authorization: `Bearer ${STAFF_TOKEN}`,
        'x-forwarded-for': `10.255.${(n >> 8) & 255}.${n & 255}`,
      },
    });
    if (!res.ok) throw new Error(`staff view of ${site}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { leads: StoredLead[]; next_before: number | null };
    out.push(...page.leads);
    before = page.next_before;
  } while (before);
  return out;
}
