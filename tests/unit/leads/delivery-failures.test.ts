/**
 * Delivery when things fail (docs/leads.md, "When delivery fails"): an SMTP server that is
 * down and comes back, a server killed mid-send (its lease runs out), a refused address,
 * 72 hours without success, and two servers over one PostgreSQL database (pg-boss jobs).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { planDeliveries } from '../../../engine/api/delivery/plan.ts';
import {
  backoffMs,
  DELIVERY_DEFAULTS,
  LEAD_DELIVERY_JOB,
  LEAD_SWEEP_JOB,
} from '../../../engine/api/delivery/worker.ts';
import { JOB_SCHEMA } from '../../../engine/jobs/pg-boss.ts';
import type { NewLead } from '../../../engine/api/store/types.ts';
import { SITES_DIR } from '../helpers.ts';
import { postgresAvailable, startApi, tempDataDir, type TestApi } from '../api/harness.ts';
import { header, leadIdOf, startSmtp, type TestSmtp } from './smtp-kit.ts';

const SITE = 'gold-coast-ford';
const LEADS = 20;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

async function smtpServer(listen = true) {
  const s = await startSmtp({ listen });
  open.push({ close: () => s.stop() });
  return s;
}

async function api(smtp: TestSmtp, options: Parameters<typeof startApi>[0] = {}) {
  const t = await startApi({
    sitesDir: SITES_DIR,
    store: 'sqlite',
    rateLimit: false,
    env: { FORECOURT_SMTP_URL: smtp.url },
    ...options,
    delivery: { random: () => 0, ...options.delivery },
  });
  open.push(t);
  return t;
}

/** Stores a test-drive lead at Nerang with its outbox rows, as the route does. */
async function lead(t: TestApi, now: Date) {
  const site = t.sites.get(SITE)!;
  if (!site.ok) throw new Error('demo site invalid');
  const newLead: NewLead = {
    site: SITE,
    submissionId: crypto.randomUUID(),
    kind: 'lead',
    isLastStep: true,
    category: 'Test Drive',
    name: 'Sam Buyer',
    email: 'sam@example.com',
    payload: { location_id: site.site.locations.find((l) => l.slug === 'nerang')!.id },
    visitedPages: [],
    queryParams: {},
  };
  const deliveries = planDeliveries(site.site, newLead);
  const { leadId } = await t.api.store.leads.create(newLead, {
    createdAt: now.toISOString(),
    deliveries,
  });
  return { leadId, count: deliveries.length };
}

const states = (t: TestApi) =>
  t.rows<{ state: string; attempts: number; last_error: string | null }>(
    'SELECT state, attempts, last_error FROM lead_deliveries ORDER BY id',
  );

describe('back-off', () => {
  it('doubles from 30 s up to an hour, then 50–100% of it', () => {
    expect(backoffMs(1, 1)).toBe(30_000);
    expect(backoffMs(2, 1)).toBe(60_000);
    expect(backoffMs(3, 0)).toBe(60_000);
    expect(backoffMs(20, 1)).toBe(DELIVERY_DEFAULTS.maxDelayMs);
  });
});

describe('when delivery fails', () => {
  it('an SMTP server that is down, then back: delivered after a retry, once', async () => {
    const smtp = await smtpServer(false);
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const t = await api(smtp, { clock });
    const { leadId, count } = await lead(t, clock.now());
    t.api.deliveries.nudge();
    await t.api.settled();
    const first = await states(t);
    expect(first.map((r) => r.state)).toEqual(Array(count).fill('pending'));
    expect(first[0].last_error).toMatch(/ECONNREFUSED|ECONNECTION/);

    await smtp.start();
    // The first retry waits 15 s (30 s with the jitter's least): not yet.
    clock.advance(10_000);
    await t.api.settled();
    expect(smtp.mail).toHaveLength(0);
    clock.advance(10_000);
    await t.api.settled();
    expect(smtp.mail.map((m) => leadIdOf(m.messageId))).toEqual(Array(count).fill(leadId));
    expect(new Set(smtp.mail.map((m) => m.messageId)).size).toBe(count);
    expect((await states(t)).map((r) => [r.state, r.attempts])).toEqual(
      Array(count).fill(['delivered', 2]),
    );
    // Later polls send nothing again.
    clock.advance(5 * 60_000);
    await t.api.settled();
    expect(smtp.mail).toHaveLength(count);
  }, 60_000);

  it('a server killed mid-send: once its lease runs out, the next start sends the row, once', async () => {
    const smtp = await smtpServer();
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const dataDir = tempDataDir();
    const killed = await api(smtp, { clock, dataDir, delivery: { enabled: false } });
    const { count } = await lead(killed, clock.now());
    // It claimed the rows and died before sending or recording anything.
    const claimed = await killed.api.store.deliveries.claim(
      clock.now(),
      DELIVERY_DEFAULTS.leaseMs,
      100,
    );
    expect(claimed).toHaveLength(count);
    await open.pop()!.close();

    const next = await api(smtp, { clock, dataDir });
    await next.api.settled();
    expect(smtp.mail).toHaveLength(0); // still the dead server's for now
    clock.advance(DELIVERY_DEFAULTS.leaseMs + DELIVERY_DEFAULTS.pollMs);
    await next.api.settled();
    expect(smtp.mail).toHaveLength(count);
    expect((await states(next)).map((r) => [r.state, r.attempts])).toEqual(
      Array(count).fill(['delivered', 2]),
    );
  }, 60_000);

  it('an address refused for good fails at once, with the reason, and is not retried', async () => {
    const smtp = await smtpServer();
    smtp.refuseWith = 550;
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const t = await api(smtp, { clock });
    await lead(t, clock.now());
    t.api.deliveries.nudge();
    await t.api.settled();
    const rows = await states(t);
    expect(rows.every((r) => r.state === 'failed' && r.attempts === 1)).toBe(true);
    expect(rows[0].last_error).toContain('550');
    smtp.refuseWith = undefined;
    clock.advance(24 * 3600_000);
    await t.api.settled();
    expect(smtp.mail).toHaveLength(0);
  }, 60_000);

  it('72 hours without success: dead-lettered', async () => {
    const smtp = await smtpServer(false);
    const clock = new FakeClock('2025-06-02T01:00:00Z');
    const t = await api(smtp, { clock });
    await lead(t, clock.now());
    t.api.deliveries.nudge();
    await t.api.settled();
    clock.advance(71 * 3600_000);
    await t.api.settled();
    expect((await states(t)).every((r) => r.state === 'pending')).toBe(true);
    clock.advance(2 * 3600_000);
    await t.api.settled();
    expect((await states(t)).every((r) => r.state === 'dead')).toBe(true);
  }, 60_000);
});

describe.runIf(postgresAvailable)('PostgreSQL: stopping', () => {
  it('close() lets a delivery being sent finish before the store closes', async () => {
    const smtp = await smtpServer();
    let release!: () => void;
    smtp.holdUntil = new Promise<void>((r) => (release = r));
    const dataDir = tempDataDir();
    const t = await api(smtp, { store: 'postgres', dataDir });
    const { leadId, count } = await lead(t, new Date());
    t.api.deliveries.nudge(leadId);
    const sending = async () =>
      (await states(t)).filter((r) => r.state === 'pending' && r.attempts === 1).length;
    const deadline = Date.now() + 20_000;
    while ((await sending()) < count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await sending()).toBe(count);

    const closed = open.pop()!.close();
    setTimeout(release, 300);
    await closed;
    expect(smtp.mail).toHaveLength(count);
    const again = await api(smtp, { store: 'postgres', dataDir, delivery: { enabled: false } });
    expect((await states(again)).map((r) => r.state)).toEqual(Array(count).fill('delivered'));
  }, 60_000);
});

describe.runIf(postgresAvailable)('PostgreSQL: two servers over one database', () => {
  it('send each delivery once between them, each lead by a pg-boss job', async () => {
    const smtp = await smtpServer();
    const dataDir = tempDataDir();
    const server = (name: string) =>
      api(smtp, {
        store: 'postgres',
        dataDir,
        env: { FORECOURT_SMTP_URL: smtp.url, FORECOURT_MAIL_FROM: `${name}@forecourt.test` },
        delivery: { tuning: { batch: 3 } },
      });
    const [a, b] = await Promise.all([server('a'), server('b')]);
    let total = 0;
    for (let i = 0; i < LEADS; i++) {
      const t = i % 2 ? a : b;
      const stored = await lead(t, new Date());
      total += stored.count;
      t.api.deliveries.nudge(stored.leadId);
    }
    await Promise.all([a.api.settled(), b.api.settled()]);
    const ids = smtp.mail.map((m) => m.messageId);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const rows = await states(a);
    expect(rows.every((r) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
    // Both servers sent, each lead's rows by the one that ran its job.
    const senders = new Set(smtp.mail.map((m) => header(m.raw, 'From')));
    expect(senders.size).toBe(2);
    const jobs = await a.rows<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${JOB_SCHEMA}.job WHERE name = '${LEAD_DELIVERY_JOB}' AND state = 'completed'`,
    );
    expect(jobs[0].n).toBe(LEADS);
  }, 120_000);

  it('a lead whose job was never enqueued (a server killed after the commit) is sent by the sweep', async () => {
    const smtp = await smtpServer();
    const t = await api(smtp, {
      store: 'postgres',
      delivery: { tuning: { pollMs: 500 } },
    });
    // Stored as the route stores it, but nothing enqueued its job.
    const { count } = await lead(t, new Date());
    const deadline = Date.now() + 20_000;
    while (smtp.mail.length < count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(smtp.mail).toHaveLength(count);
    const sweeps = await t.rows<{ n: number }>(
      `SELECT CAST(COUNT(*) AS INTEGER) AS n FROM ${JOB_SCHEMA}.job WHERE name = '${LEAD_SWEEP_JOB}'`,
    );
    expect(sweeps[0].n).toBeGreaterThan(0);
  }, 60_000);
});
