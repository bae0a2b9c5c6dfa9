/**
 * The leads bench's count (docs/leads.md, "Proof"), from three independent records: what
 * the client was told (acknowledged), what the servers' staff view lists (stored, with each
 * lead's outbox rows), and what the SMTP server received (by Message-ID). A lead is known in
 * the mail by its buyer's address (leads-mix.ts).
 *
 * - delivered: an acknowledged lead whose every outbox row is `delivered` and whose every
 *   destination received a message about it;
 * - duplicated: one lead reaching one destination under two different Message-IDs (a
 *   second lead made of one submission, or a key that is not stable): must be 0;
 * - resent: one Message-ID received more than once. At least once allows it when every
 *   copy but the last was sent by a server process later SIGKILLed (its lease ran out and
 *   another claim sent it again); from a server that lived on, it means two claims of one
 *   row, which must not happen.
 */
import type { LoggedMail } from './smtp-log.ts';

export interface SentLead {
  index: number;
  buyer: string;
  submissionId: string;
  /** The lead id the server answered with (200/201), if any answer came. */
  leadId?: number;
}

export interface StoredDelivery {
  channel: string;
  to: string;
  state: string;
}

export interface StoredLead {
  lead_id: number;
  submission_id: string;
  deliveries: StoredDelivery[];
}

export interface Tally {
  sent: number;
  acknowledged: number;
  stored: number;
  /** Acknowledged leads not in the store. */
  lost: number;
  /** Submissions stored as more than one lead. */
  storedTwice: number;
  /** Acknowledged with an id the store does not give that submission. */
  wrongId: number;
  delivered: number;
  notDelivered: { index: number; why: string }[];
  /** Outbox rows by state, over every stored lead of the run. */
  states: Record<string, number>;
  messages: number;
  duplicated: { buyer: string; to: string; messageIds: string[] }[];
  /** Message-IDs received more than once, every copy but the last from a SIGKILLed process. */
  resentAfterKill: number;
  /** Message-IDs received more than once otherwise. */
  resentOtherwise: { messageId: string; from: string[] }[];
  /** Messages per sending process. */
  bySender: Record<string, number>;
  ok: boolean;
}

const lower = (s: string) => s.toLowerCase();

/** The buyer a message is about: its recipient for the confirmation, else its Reply-To. */
function buyerOf(mail: LoggedMail, buyers: Set<string>): string | undefined {
  const to = mail.to.map(lower).find((a) => buyers.has(a));
  return to ?? (mail.replyTo && buyers.has(lower(mail.replyTo)) ? lower(mail.replyTo) : undefined);
}

export function tally(
  sent: SentLead[],
  stored: StoredLead[],
  mail: LoggedMail[],
  killedSenders: ReadonlySet<string>,
): Tally {
  const buyers = new Set(sent.map((l) => lower(l.buyer)));
  const storedBy = new Map<string, StoredLead[]>();
  for (const s of stored)
    storedBy.set(s.submission_id, [...(storedBy.get(s.submission_id) ?? []), s]);

  // What reached whom about which buyer, by Message-ID.
  const received = new Map<string, Map<string, Set<string>>>(); // buyer → to → Message-IDs
  const copies = new Map<string, LoggedMail[]>();
  const bySender: Record<string, number> = {};
  for (const m of mail) {
    bySender[m.from] = (bySender[m.from] ?? 0) + 1;
    copies.set(m.messageId, [...(copies.get(m.messageId) ?? []), m]);
    const buyer = buyerOf(m, buyers);
    if (!buyer) continue;
    const byTo = received.get(buyer) ?? new Map<string, Set<string>>();
    received.set(buyer, byTo);
    for (const to of m.to.map(lower)) byTo.set(to, (byTo.get(to) ?? new Set()).add(m.messageId));
  }

  const states: Record<string, number> = {};
  const notDelivered: Tally['notDelivered'] = [];
  let acknowledged = 0;
  let storedCount = 0;
  let lost = 0;
  let storedTwice = 0;
  let wrongId = 0;
  for (const lead of sent) {
    const rows = storedBy.get(lead.submissionId) ?? [];
    if (rows.length) storedCount++;
    if (rows.length > 1) storedTwice++;
    for (const d of rows.flatMap((r) => r.deliveries)) states[d.state] = (states[d.state] ?? 0) + 1;
    if (lead.leadId === undefined) continue;
    acknowledged++;
    const row = rows[0];
    if (!row) {
      lost++;
      notDelivered.push({ index: lead.index, why: 'acknowledged but not stored' });
      continue;
    }
    if (row.lead_id !== lead.leadId) wrongId++;
    const got = received.get(lower(lead.buyer));
    const why =
      row.deliveries.length === 0
        ? 'no outbox rows'
        : row.deliveries
            .filter((d) => d.state !== 'delivered' || !got?.get(lower(d.to))?.size)
            .map(
              (d) =>
                `${d.channel} to ${d.to}: ${d.state}, ${got?.get(lower(d.to))?.size ?? 0} received`,
            )
            .join('; ');
    if (why) notDelivered.push({ index: lead.index, why });
  }

  const duplicated: Tally['duplicated'] = [];
  for (const [buyer, byTo] of received)
    for (const [to, ids] of byTo)
      if (ids.size > 1) duplicated.push({ buyer, to, messageIds: [...ids] });

  let resentAfterKill = 0;
  const resentOtherwise: Tally['resentOtherwise'] = [];
  for (const [messageId, list] of copies) {
    if (list.length < 2) continue;
    const earlier = [...list].sort((a, b) => a.at - b.at).slice(0, -1);
    if (earlier.every((m) => killedSenders.has(m.from))) resentAfterKill++;
    else resentOtherwise.push({ messageId, from: list.map((m) => m.from) });
  }

  return {
    sent: sent.length,
    acknowledged,
    stored: storedCount,
    lost,
    storedTwice,
    wrongId,
    delivered: acknowledged - notDelivered.length,
    notDelivered,
    states,
    messages: mail.length,
    duplicated,
    resentAfterKill,
    resentOtherwise,
    bySender,
    ok:
      acknowledged > 0 &&
      notDelivered.length === 0 &&
      duplicated.length === 0 &&
      resentOtherwise.length === 0 &&
      storedTwice === 0 &&
      wrongId === 0,
  };
}
