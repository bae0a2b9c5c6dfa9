/**
 * The platform's one job queue for background work (docs/deploy.md, "Background jobs"): lead
 * delivery, the reservation holds' release, and any scheduled job another part registers (feed
 * pulls, alerts, git sync). One interface, two implementations: pg-boss over PostgreSQL when
 * the servers share a database (a job runs on one server of many), and the in-process default
 * (SQLite, one server) running the same jobs in this process. The queue knows no particular
 * job: callers name their jobs and give their handlers.
 */
import type { Clock } from '../clock.ts';
import { InProcessQueue } from './in-process.ts';

export type JobHandler<T extends object> = (data: T) => Promise<void>;

export interface WorkOptions {
  /** How long one run may take before the queue gives it to another server (a server killed mid-run). */
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Where jobs run, for the start-up note. */
  readonly where: string;
  /** Handles jobs of this name on this server (one handler per name). */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Enqueues a job of a name some server handles: it runs once, on one server. */
  send(name: string, data?: object): Promise<void>;
  /**
   * Runs `handler` every `everyMs` of the queue's clock, once across the servers that share the
   * queue, never two runs of it at once; ticks that come while it runs make one more run.
   */
  schedule(
    name: string,
    everyMs: number,
    handler: () => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Resolves when the jobs sent or started so far have finished (tests; a test clock's route). */
  settled(): Promise<void>;
  /** Stops taking jobs and waits for the ones running here to finish. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  clock: Clock;
  /** A PostgreSQL connection string: pg-boss in that database. Without it, the in-process queue. */
  databaseUrl?: string;
  log: Pick<Console, 'error'>;
}

export async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  // pg-boss is loaded only with a database: a server without one never pays for it.
  if (!options.databaseUrl) return new InProcessQueue(options);
  const { PgBossQueue } = await import('./pg-boss.ts');
  return PgBossQueue.open({ ...options, databaseUrl: options.databaseUrl });
}
