/**
 * The leads bench (`npm run bench -- leads`, docs/leads.md "Proof"): its count, on made-up
 * logs where the answer is known, and its quick run, the same code path as the proof:
 * server processes, a real SMTP server stopped and started again, a server SIGKILLed
 * twice; on PostgreSQL two servers over one database.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { report } from '../../../scripts/bench/leads.ts';
import { QUICK_PLAN, runLeadsBench, type LeadsPlan } from '../../../scripts/bench/leads/run.ts';
import type { LoggedMail } from '../../../scripts/bench/leads/smtp-log.ts';
import { tally, type SentLead, type StoredLead } from '../../../scripts/bench/leads/tally.ts';
import { sharedCluster } from '../../setup/postgres.ts';
import { postgresAvailable } from '../api/harness.ts';
import { bundledScript, type BundledScript } from '../bundled-script.ts';

const DEALER = 'enquiries@dealer.example';
const sent: SentLead[] = [
  { index: 0, buyer: 'buyer-0@bench.example', submissionId: 's0', leadId: 1 },
  { index: 1, buyer: 'buyer-1@bench.example', submissionId: 's1', leadId: 2 },
];
const stored = (state = 'delivered'): StoredLead[] =>
  sent.map((l) => ({
    lead_id: l.leadId!,
    submission_id: l.submissionId,
    deliveries: [
      { channel: 'email', to: DEALER, state },
      { channel: 'confirmation', to: l.buyer, state },
    ],
  }));
let at = 0;
const dealerMail = (lead: number, id = `<lead-${lead}.d@x>`, from = 'a1@bench.servers') =>
  ({
    messageId: id,
    from,
    to: [DEALER],
    replyTo: `buyer-${lead - 1}@bench.example`,
    at: ++at,
  }) satisfies LoggedMail;
const buyerMail = (lead: number, from = 'a1@bench.servers') =>
  ({
    messageId: `<lead-${lead}.c@x>`,
    from,
    to: [`buyer-${lead - 1}@bench.example`],
    replyTo: DEALER,
    at: ++at,
  }) satisfies LoggedMail;
const clean = () => [dealerMail(1), buyerMail(1), dealerMail(2), buyerMail(2)];

describe('the bench’s count', () => {
  it('every acknowledged lead at every destination once: delivered, nothing duplicated', () => {
    const t = tally(sent, stored(), clean(), new Set());
    expect(t).toMatchObject({ acknowledged: 2, stored: 2, delivered: 2, duplicated: [], ok: true });
    expect(t.states).toEqual({ delivered: 4 });
  });

  it('one lead at one destination under a second Message-ID is a duplicate, and fails', () => {
    const t = tally(sent, stored(), [...clean(), dealerMail(1, '<lead-9.d@x>')], new Set());
    expect(t.duplicated).toEqual([
      { buyer: 'buyer-0@bench.example', to: DEALER, messageIds: ['<lead-1.d@x>', '<lead-9.d@x>'] },
    ]);
    expect(t.ok).toBe(false);
  });

  it('the same Message-ID again after its sender was SIGKILLed is an allowed resend; from a live sender it fails', () => {
    const again = [...clean(), dealerMail(1, '<lead-1.d@x>', 'a2@bench.servers')];
    const afterKill = tally(sent, stored(), again, new Set(['a1@bench.servers']));
    expect([afterKill.resentAfterKill, afterKill.resentOtherwise, afterKill.ok]).toEqual([
      1,
      [],
      true,
    ]);
    const twoLive = tally(sent, stored(), again, new Set());
    expect(twoLive.resentOtherwise).toEqual([
      { messageId: '<lead-1.d@x>', from: ['a1@bench.servers', 'a2@bench.servers'] },
    ]);
    expect(twoLive.ok).toBe(false);
  });

  it('a lead still pending, not received, or not stored is not delivered', () => {
    expect(tally(sent, stored('pending'), clean(), new Set())).toMatchObject({
      delivered: 0,
      ok: false,
    });
    const missing = tally(sent, stored(), clean().slice(1), new Set());
    expect(missing.notDelivered.map((n) => n.index)).toEqual([0]);
    expect(missing.ok).toBe(false);
    const lost = tally(sent, stored().slice(1), clean(), new Set());
    expect(lost).toMatchObject({ lost: 1, stored: 1, delivered: 1, ok: false });
  });
});

/**
 * The bench's quick plan (`npm run bench -- leads --quick`) made smaller for the unit run, with
 * every disruption kept: the SMTP server down while leads arrive, then the server SIGKILLed
 * twice, each time once it has sent a few messages (so it dies while sending and a lease it
 * held runs out), with leads still arriving. The visitors' retries and the wait for the outbox
 * keep the quick plan's bounds: a restart on a loaded machine takes tens of seconds. The
 * sizes of the proof are the bench's (docs/leads.md, "Proof").
 */
const UNIT_PLAN: LeadsPlan = {
  ...QUICK_PLAN,
  leads: 60,
  postMs: 8_000,
  outageAtMs: 500,
  outageMs: 2_500,
  killsAtMs: [3_500, 6_000],
  killAfterSends: 5,
};

/** What a quick run must show, whichever the store. */
function expectProof(r: Awaited<ReturnType<typeof runLeadsBench>>) {
  const text = report(r, UNIT_PLAN);
  expect(r.acknowledged, text).toBe(UNIT_PLAN.leads);
  expect(r.stored, text).toBe(UNIT_PLAN.leads);
  expect(r.delivered, text).toBe(r.acknowledged);
  expect(r.duplicated, text).toEqual([]);
  expect(r.resentOtherwise, text).toEqual([]);
  expect(r.killed, text).toHaveLength(2);
  expect(r.states, text).toEqual({ delivered: expect.any(Number) });
  // Each lead: at least its dealership's email and the buyer's confirmation.
  expect(r.states.delivered, text).toBeGreaterThanOrEqual(2 * UNIT_PLAN.leads);
  // One message per delivered row, and one more at least per Message-ID resent.
  expect(r.messages, text).toBeGreaterThanOrEqual(r.states.delivered + r.resentAfterKill);
  expect(r.ok, text).toBe(true);
  expect(text).toMatch(/^verdict: PASS/m);
}

// The two stores' runs side by side: each spends most of its time waiting (the pace of the
// posts, a restart, the outbox's retries).
describe.concurrent('the quick run', () => {
  // The server compiled once for both runs and their restarts (tests/unit/bundled-script.ts).
  let server: BundledScript;
  beforeAll(async () => {
    server = await bundledScript('scripts/bench/leads/api-server.ts');
  });
  afterAll(() => server?.remove());

  it('SQLite: one server SIGKILLed twice and SMTP down a while; every acknowledged lead delivered, none twice', async () => {
    expectProof(await runLeadsBench({ plan: UNIT_PLAN, serverScript: server.file }));
  }, 300_000);

  it.runIf(postgresAvailable)(
    'PostgreSQL: two servers over one database; each delivery sent by one server but for resends after a kill',
    async () => {
      const admin = await sharedCluster(inject('postgresDir'));
      const r = await runLeadsBench({
        plan: UNIT_PLAN,
        postgres: true,
        postgresAdminUrl: admin,
        serverScript: server.file,
      });
      expectProof(r);
      expect(r.servers).toBe(2);
      // Both servers sent some of it.
      expect(Object.keys(r.bySender).some((s) => s.startsWith('b'))).toBe(true);
      expect(Object.keys(r.bySender).some((s) => s.startsWith('a'))).toBe(true);
    },
    300_000,
  );
});
