/**
 * The in-process job queue (docs/deploy.md, "Background jobs"): the default with one server
 * and SQLite. A job sent runs at once in this process; a schedule runs on the queue's clock
 * (a test's FakeClock runs it as it moves). Nothing outlives the process: what a job was for
 * is kept by its caller (the lead outbox), whose sweep finds it again at the next start.
 */
import type { Clock } from '../clock.ts';
import type { JobHandler, JobQueue } from './queue.ts';

export class InProcessQueue implements JobQueue {
  readonly where = 'in this process';
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly o: { clock: Clock; log: Pick<Console, 'error'> }) {}

  async work<T extends object>(name: string, handler: JobHandler<T>) {
    this.handlers.set(name, handler as JobHandler<object>);
  }

  async send(name: string, data: object = {}) {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for the job "${name}" on this server.`);
    if (!this.stopped) this.track(name, () => handler(data));
  }

  async schedule(name: string, everyMs: number, handler: () => Promise<void>) {
    let again = false;
    let run: Promise<void> | undefined;
    const loop = async () => {
      try {
        do {
          again = false;
          await handler().catch((err: unknown) => this.failed(name, err));
        } while (again && !this.stopped);
      } finally {
        run = undefined;
      }
    };
    this.handlers.set(name, handler);
    this.timers.push(
      this.o.clock.every(everyMs, () => {
        if (this.stopped) return;
        if (run) again = true;
        else run = this.track(name, loop);
      }),
    );
  }

  async settled() {
    while (this.running.size) await Promise.all(this.running);
  }

  async stop() {
    this.stopped = true;
    for (const stop of this.timers.splice(0)) stop();
    await this.settled();
  }

  private track(name: string, job: () => Promise<void>) {
    const p: Promise<void> = job()
      .catch((err: unknown) => this.failed(name, err))
      .finally(() => this.running.delete(p));
    this.running.add(p);
    return p;
  }

  private failed(name: string, err: unknown) {
    this.o.log.error(`[forecourt] job ${name} failed`, err);
  }
}
