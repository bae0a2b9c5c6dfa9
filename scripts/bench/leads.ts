/**
 * `npm run bench -- leads`: the proof that leads reach the dealership (docs/leads.md,
 * "Proof"). 2,000 leads of every kind on the demo sites posted to the API running as a
 * child process, while the SMTP server is down for 60 s and the server is SIGKILLed twice;
 * prints acknowledged / stored / delivered / duplicated and the resends, and fails when an
 * acknowledged lead was not delivered or one was delivered twice with different ids.
 *
 * `--postgres`: the same with two servers over one PostgreSQL database (a throwaway
 * cluster), where each delivery must be sent by one server only. `--quick`: 200 leads and a
 * 5 s outage with the worker's timings shortened (the unit test's run,
 * tests/unit/leads/bench-leads.test.ts).
 */
import { FULL_PLAN, QUICK_PLAN, runLeadsBench, type LeadsBenchResult } from './leads/run.ts';

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export function report(r: LeadsBenchResult, plan = FULL_PLAN): string {
  const where =
    r.store === 'postgres' ? 'two servers over one PostgreSQL database' : 'one server on SQLite';
  const states = Object.entries(r.states)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  const senders = Object.entries(r.bySender)
    .sort()
    .map(([s, n]) => `${s.split('@')[0]} ${n}`)
    .join(', ');
  const lines = [
    `${r.sent} leads to ${where}; SMTP down ${seconds(plan.outageMs)}; SIGKILLed: ${r.killed.map((k) => k.split('@')[0]).join(', ')}`,
    `  acknowledged  ${r.acknowledged} of ${r.sent} (${r.tries} requests; answered 5xx ${r.serverErrors}, refused ${r.refused.length})`,
    `  stored        ${r.stored} (lost ${r.lost}, stored twice ${r.storedTwice}, answered with another id ${r.wrongId})`,
    `  delivered     ${r.delivered} of ${r.acknowledged} acknowledged (outbox rows: ${states})`,
    `  duplicated    ${r.duplicated.length} (one lead at one destination under two Message-IDs)`,
    `  resent        ${r.resentAfterKill} Message-IDs again after a kill (lease ran out: at least once, same id); ${r.resentOtherwise.length} otherwise`,
    `  messages      ${r.messages} received; by process: ${senders}`,
    `  time          posted in ${seconds(r.postedMs)}; outbox ${r.drained ? 'empty' : 'STILL PENDING'} after ${seconds(r.drainedMs)}`,
  ];
  for (const n of r.notDelivered.slice(0, 5)) lines.push(`  ! lead ${n.index}: ${n.why}`);
  for (const d of r.duplicated.slice(0, 5))
    lines.push(`  ! ${d.buyer} → ${d.to}: ${d.messageIds.join(', ')}`);
  for (const d of r.resentOtherwise.slice(0, 5))
    lines.push(`  ! ${d.messageId} sent by ${d.from.join(', ')}`);
  for (const x of r.refused.slice(0, 3)) lines.push(`  ! refused: ${x}`);
  lines.push(
    r.ok
      ? `verdict: PASS: every acknowledged lead delivered, none twice under different ids${r.store === 'postgres' ? ', each delivery sent by one server (but for resends after a kill)' : ''}`
      : 'verdict: FAIL',
  );
  return lines.join('\n');
}

export async function run(argv = process.argv.slice(2)): Promise<string> {
  const plan = argv.includes('--quick') ? QUICK_PLAN : FULL_PLAN;
  const result = await runLeadsBench({ plan, postgres: argv.includes('--postgres') });
  const text = report(result, plan);
  if (!result.ok) throw new Error(`\n${text}`);
  return text;
}
