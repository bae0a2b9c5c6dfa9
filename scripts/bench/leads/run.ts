/**
 * The leads bench's run (docs/leads.md, "Proof"): server processes (api-server.ts) over a
 * copy of the demo sites, a real SMTP server here (smtp-log.ts), leads posted at a steady
 * pace while the SMTP server is stopped for a while and started again and a server is
 * SIGKILLed twice (and started again each time); then, once the outbox has nothing pending
 * (bounded), the count of tally.ts. On PostgreSQL two servers share one database of a
 * throwaway cluster, leads go to both in turn (to the other while one is down), and the
 * first is the one killed.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  preparePostgresDir,
  removePostgresDir,
  startCluster,
} from '../../../tests/setup/postgres.ts';
import type { DeliveryTuning } from '../../../engine/api/delivery/worker.ts';
import { freePort } from '../platform/process.ts';
import { postLead, STAFF_TOKEN, storedLeads, type Posted } from './client.ts';
import { benchCars, benchLead, benchSites } from './leads-mix.ts';
import { BenchServer } from './processes.ts';
import { startSmtpLog } from './smtp-log.ts';
import { tally, type StoredLead, type Tally } from './tally.ts';

export interface LeadsPlan {
  leads: number;
  /** Leads are posted evenly over this long. */
  postMs: number;
  /** The SMTP server is stopped at outageAtMs for outageMs. */
  outageAtMs: number;
  outageMs: number;
  /**
   * When the (first) server is SIGKILLed, then started again: not before each of these,
   * and only once its running process has sent killAfterSends messages, so that it dies
   * while sending (however long a start takes on a busy machine).
   */
  killsAtMs: number[];
  killAfterSends: number;
  /** How long a visitor keeps trying after the posting window. */
  retryForMs: number;
  /** The longest wait for the outbox to have nothing pending. */
  drainMs: number;
  /** The worker's timings; undefined: the platform's defaults. */
  tuning?: DeliveryTuning;
}

/** The proof: 2,000 leads over 120 s, SMTP down from 10 s to 70 s, kills from 75 s and 90 s with the backlog and new leads going out; the platform's own timings (2-minute lease, 30 s first retry). */
export const FULL_PLAN: LeadsPlan = {
  leads: 2000,
  postMs: 120_000,
  outageAtMs: 10_000,
  outageMs: 60_000,
  killsAtMs: [75_000, 90_000],
  killAfterSends: 50,
  retryForMs: 180_000,
  drainMs: 10 * 60_000,
};

/** The same path, small and quick for the unit test: the worker's timings shortened so a killed server's lease runs out in seconds. */
export const QUICK_PLAN: LeadsPlan = {
  leads: 200,
  postMs: 30_000,
  outageAtMs: 1_000,
  outageMs: 5_000,
  killsAtMs: [6_000, 14_000],
  killAfterSends: 10,
  retryForMs: 120_000,
  drainMs: 60_000,
  tuning: { pollMs: 300, leaseMs: 3_000, baseDelayMs: 500, maxDelayMs: 2_000 },
};

export interface LeadsBenchOptions {
  plan: LeadsPlan;
  postgres?: boolean;
  /** A running cluster's admin connection string (tests); else a throwaway cluster is started. */
  postgresAdminUrl?: string;
  /** api-server.ts compiled ahead (tests, tests/unit/bundled-script.ts); else it runs through tsx. */
  serverScript?: string;
}

export interface LeadsBenchResult extends Tally {
  store: 'sqlite' | 'postgres';
  servers: number;
  tries: number;
  /** Tries answered 5xx (each tried again). */
  serverErrors: number;
  refused: string[];
  /** The SIGKILLed processes. */
  killed: string[];
  postedMs: number;
  drainedMs: number;
  /** Whether the outbox had nothing pending within plan.drainMs. */
  drained: boolean;
}

/** The longest a kill waits for its process to have sent killAfterSends messages. */
const KILL_WAIT_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A copy of the demo sites with the captcha off (the bench cannot answer one per lead: scripts/bench/load/leads.ts does the same). */
function benchSitesDir(work: string): string {
  const dir = join(work, 'sites');
  cpSync(join(import.meta.dirname, '../../../sites'), dir, { recursive: true });
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    doc.features = { ...doc.features, captcha: false };
    writeFileSync(join(dir, f), JSON.stringify(doc));
  }
  return dir;
}

/** A database in a throwaway cluster started as tests/setup/postgres.ts does (runuser -u postgres as root). */
async function benchDatabase(adminUrl: string | undefined, cleanup: (() => unknown)[]) {
  if (adminUrl) return createTestDatabase(adminUrl, 'forecourt_leads_bench');
  // A folder of its own in the system's temporary folder: the postgres user must reach it.
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-leads-bench-pg-'));
  preparePostgresDir(dir);
  cleanup.push(() => removePostgresDir(dir));
  return createTestDatabase(await startCluster(dir), 'forecourt_leads_bench');
}

export async function runLeadsBench(options: LeadsBenchOptions): Promise<LeadsBenchResult> {
  const { plan } = options;
  const work = mkdtempSync(join(tmpdir(), 'forecourt-leads-bench-'));
  const cleanup: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })];
  try {
    const sitesDir = benchSitesDir(work);
    const cars = benchCars(sitesDir);
    const carsFile = join(work, 'cars.json');
    writeFileSync(carsFile, JSON.stringify(cars));
    const sites = benchSites(sitesDir, cars);
    const smtp = await startSmtpLog(await freePort());
    cleanup.push(() => smtp.stop());
    const databaseUrl = options.postgres
      ? await benchDatabase(options.postgresAdminUrl, cleanup)
      : undefined;
    const servers: BenchServer[] = [];
    for (const slot of options.postgres ? ['a', 'b'] : ['a']) {
      const dataDir = join(work, `data-${slot}`);
      servers.push(
        new BenchServer(
          slot,
          await freePort(),
          {
            FORECOURT_SITES_DIR: sitesDir,
            FORECOURT_DATA_DIR: dataDir,
            FORECOURT_SMTP_URL: smtp.url,
            FORECOURT_STAFF_TOKEN: STAFF_TOKEN,
            LEADS_BENCH_CARS: carsFile,
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
            ...(plan.tuning ? { LEADS_BENCH_TUNING: JSON.stringify(plan.tuning) } : {}),
          },
          options.serverScript,
        ),
      );
    }
    cleanup.push(() => Promise.all(servers.map((s) => s.kill())));
    // Started together: on one PostgreSQL database both migrate it, under its advisory lock.
    await Promise.all(servers.map((s) => s.start()));
    const victim = servers[0];

    const t0 = Date.now();
    const at = async (ms: number) => sleep(t0 + ms - Date.now());
    const events = [
      { ms: plan.outageAtMs, run: () => smtp.stop() },
      { ms: plan.outageAtMs + plan.outageMs, run: () => smtp.start() },
      ...plan.killsAtMs.map((ms) => ({
        ms,
        run: async () => {
          const sender = victim.sender;
          const sent = () => smtp.log.filter((m) => m.from === sender).length;
          // Bounded: a process that sends nothing (all delivered) is killed all the same.
          for (let waited = 0; sent() < plan.killAfterSends && waited < KILL_WAIT_MS; waited += 50)
            await sleep(50);
          await victim.kill();
          await victim.start();
        },
      })),
    ].sort((x, y) => x.ms - y.ms);
    const disruptions = (async () => {
      for (const e of events) {
        await at(e.ms);
        await e.run();
      }
    })();

    const now = new Date();
    const leads = Array.from({ length: plan.leads }, (_, i) => benchLead(i, sites, now));
    const giveUpAt = t0 + plan.postMs + plan.retryForMs;
    // Each lead to the servers in turn; with two, to the one that is up while its own is down
    // (a load balancer); with one, to it whatever its state (a refused connection is a try).
    const serverFor = (i: number) => () => {
      const own = servers[i % servers.length];
      return (own.up || servers.length === 1 ? own : servers.find((s) => s.up))?.url;
    };
    const posted: Posted[] = await Promise.all(
      leads.map(async (lead, i) => {
        await at((i * plan.postMs) / plan.leads);
        return postLead(lead, serverFor(i), giveUpAt);
      }),
    );
    const postedMs = Date.now() - t0;
    await disruptions;

    // Until nothing is pending (the staff view of a server that is up), or the bound.
    const drainUntil = Date.now() + plan.drainMs;
    let stored: StoredLead[] = [];
    let drained = false;
    for (;;) {
      const base = servers.find((s) => s.up)!.url;
      stored = (await Promise.all(sites.map((s) => storedLeads(base, s.slug)))).flat();
      drained = stored.every((l) => l.deliveries.every((d) => d.state !== 'pending'));
      if (drained || Date.now() > drainUntil) break;
      await sleep(1_000);
    }
    const drainedMs = Date.now() - t0;

    const killed = new Set(servers.flatMap((s) => [...s.killed]));
    const counted = tally(
      leads.map((l, i) => ({
        index: l.index,
        buyer: l.buyer,
        submissionId: l.body.submission_id as string,
        leadId: posted[i].leadId,
      })),
      stored,
      smtp.log,
      killed,
    );
    const refused = posted.flatMap((p) => (p.refused ? [p.refused] : []));
    return {
      ...counted,
      ok: counted.ok && drained && refused.length === 0,
      store: options.postgres ? 'postgres' : 'sqlite',
      servers: servers.length,
      tries: posted.reduce((n, p) => n + p.tries, 0),
      serverErrors: posted.reduce((n, p) => n + p.serverErrors, 0),
      refused,
      killed: [...killed],
      postedMs,
      drainedMs,
      drained,
    };
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}
