/**
 * The job queue on PostgreSQL (docs/deploy.md, "Background jobs"): pg-boss in the schema
 * JOB_SCHEMA of the servers' database. pg-boss creates and upgrades its schema at start under
 * an advisory lock (servers started together do not race), and each job is fetched by one
 * server with SKIP LOCKED. A job a server was running when it died is given to another once
 * its expiry has passed (checked every EXPIRY_CHECK_SECONDS). A schedule's ticks are enqueued under one id per period of the clock,
 * so the servers ticking in that period make one job between them; the queue's "singleton"
 * policy keeps two runs of it from overlapping.
 */
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { JobHandler, JobQueue, WorkOptions } from './queue.ts';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'forecourt_jobs';

/** How often an idle server looks for jobs another server sent (one it sends itself it takes at once). */
const POLL_SECONDS = 1;
/** Jobs one server takes in one fetch of a queue. */
const BATCH = 10;
/**
 * How often one of the servers checks for jobs whose server died mid-run (their expiry
 * passed), to give them to another. pg-boss's default, 120 s, held a dead server's
 * schedule (its singleton) that long on top of the expiry: lead delivery's sweep stopped
 * for two minutes after a SIGKILL. The check is one query, taken by one server per period.
 */
const EXPIRY_CHECK_SECONDS = 10;
/** How long stop() waits for the jobs running here (longer than an SMTP or HTTP try may take). */
const STOP_WAIT_MS = 35_000;

/** What PostgreSQL answers the second of two servers making one queue at once: deadlock, duplicate table or key. */
const CREATE_RACES = new Set(['40P01', '42P07', '23505']);

/** One job id per schedule and period: a uuid made from the pair, the same on every server. */
export function periodJobId(name: string, period: number): string {
  const h = createHash('sha256').update(`${name}\u0000${period}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class PgBossQueue implements JobQueue {
  readonly where = `pg-boss (PostgreSQL schema ${JOB_SCHEMA})`;
  private readonly workers = new Map<string, string>();
  /** Sends and runs in flight here. */
  private readonly local = new Set<Promise<unknown>>();
  private readonly timers: (() => void)[] = [];
  private stopped = false;

  static async open(o: { databaseUrl: string; clock: Clock; log: Pick<Console, 'error'> }) {
    const boss = new PgBoss({
      connectionString: o.databaseUrl,
      schema: JOB_SCHEMA,
      application_name: 'forecourt-jobs',
      max: 4,
      maintenanceIntervalSeconds: EXPIRY_CHECK_SECONDS,
      // Schedules tick on the queue's clock (schedule() below), not on pg-boss's cron.
      schedule: false,
    });
    boss.on('error', (err) => o.log.error('[forecourt] job queue (pg-boss)', err));
    await boss.start();
    return new PgBossQueue(boss, o.clock, o.log);
  }

  private constructor(
    private readonly boss: PgBoss,
    private readonly clock: Clock,
    private readonly log: Pick<Console, 'error'>,
  ) {}

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions & { policy?: PgBoss.QueuePolicy } = {},
  ) {
    await this.createQueue(name, {
      name,
      policy: options.policy ?? 'standard',
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
    });
    const id = await this.boss.work<T>(
      name,
      { batchSize: BATCH, pollingIntervalSeconds: POLL_SECONDS },
      async (jobs) => {
        const run = Promise.allSettled(jobs.map((job) => handler(job.data)));
        const results = await this.track(run);
        // pg-boss fails the whole batch: a job that did its part already does nothing the second time.
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
      },
    );
    this.workers.set(name, id);
  }

  async send(name: string, data: object = {}) {
    await this.enqueue(name, data, {});
  }

  async schedule(
    name: string,
    everyMs: number,
    handler: () => Promise<void>,
    options: WorkOptions = {},
  ) {
    await this.work(name, handler, {
      policy: 'singleton',
      // A server killed mid-run holds the singleton only this long.
      expireInSeconds: options.expireInSeconds ?? Math.max(60, Math.ceil((4 * everyMs) / 1000)),
    });
    let sending = false;
    let again = false;
    const tick = () => {
      if (this.stopped) return;
      if (sending) return void (again = true);
      sending = true;
      const id = periodJobId(name, Math.floor(this.clock.now().getTime() / everyMs));
      void this.enqueue(name, {}, { id })
        .catch((err: unknown) =>
          this.log.error(`[forecourt] job ${name} could not be enqueued`, err),
        )
        .finally(() => {
          sending = false;
          if (again) {
            again = false;
            tick();
          }
        });
    };
    this.timers.push(this.clock.every(everyMs, tick));
  }

  async settled() {
    for (;;) {
      while (this.local.size) await Promise.allSettled(this.local);
      let waiting = 0;
      for (const name of this.workers.keys())
        waiting += await this.boss.getQueueSize(name, { before: 'completed' });
      if (!waiting && !this.local.size) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    for (const stop of this.timers.splice(0)) stop();
    await Promise.allSettled(this.local);
    // Graceful: the jobs running here finish (no delivery cut mid-way) before the pool closes.
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
  }

  /**
   * pg-boss makes a queue's table in its own statement; servers starting together deadlock
   * there (PostgreSQL picks one to fail), so the loser looks again: the winner's queue stands.
   */
  private async createQueue(name: string, queue: PgBoss.Queue) {
    for (let attempt = 1; ; attempt++) {
      if (await this.boss.getQueue(name)) return;
      try {
        return await this.boss.createQueue(name, queue);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 5 || !code || !CREATE_RACES.has(code)) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }

  private async enqueue(name: string, data: object, options: PgBoss.SendOptions) {
    if (this.stopped) return;
    await this.track(this.boss.send(name, data, options));
    // Taken here at once rather than at the next poll (a period's job already sent is null).
    const worker = this.workers.get(name);
    if (worker && !this.stopped) this.boss.notifyWorker(worker);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.local.add(p);
    void p.finally(() => this.local.delete(p)).catch(() => undefined);
    return p;
  }
}
