/**
 * Stopping a server without cutting anyone off (docs/deploy.md, "Stopping a server"). On
 * SIGTERM or SIGINT the listening socket closes at once and readiness answers 503 from that
 * moment (the proxy stops sending here), the requests in flight are answered (a keep-alive
 * connection is closed after its current response, an idle one at once), then the app's own
 * work is waited for (lead deliveries and the job queue's graceful stop, photo uploads to the
 * bucket), and the process exits 0. Past the deadline it exits 1 with a line naming what was
 * still open; a second signal exits at once.
 */
import type { RequestListener, Server, ServerResponse } from 'node:http';
import { bucketUploads } from '../assets/photo-bucket.ts';

/** Seconds a drain may take by default (FORECOURT_DRAIN_SECONDS): above the job queue's graceful stop (35 s, engine/jobs/pg-boss.ts). */
export const DEFAULT_DRAIN_SECONDS = 40;

/** The drain deadline FORECOURT_DRAIN_SECONDS sets (fractions allowed), else the default. */
export function drainDeadlineMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.FORECOURT_DRAIN_SECONDS);
  return (seconds > 0 ? seconds : DEFAULT_DRAIN_SECONDS) * 1000;
}

/** Work a drain waits for once no request is in flight. */
export interface DrainStep {
  /** How the log names it while it is open. */
  name: string;
  run(): Promise<void>;
  /** What of it is still open, for the log ("2 uploads"). */
  detail?(): string | undefined;
}

/**
 * What a stopping server waits for after its last request: the app's close (the sync and
 * watchers stop, the job queue stops gracefully so a lead delivery mid-send finishes, the store
 * closes) and the photo uploads to the bucket still running.
 */
export function platformDrainSteps(closeApp: () => Promise<void>): DrainStep[] {
  return [
    { name: 'lead deliveries, the job queue and the store', run: closeApp },
    {
      name: 'photo uploads to the bucket',
      run: () => bucketUploads.settled(),
      detail: () => `${bucketUploads.count} left`,
    },
  ];
}

export const DRAIN_LOG = {
  started: (signal: string, seconds: number) =>
    `[forecourt] ${signal}: draining (new connections refused, readiness 503), at most ${seconds} s`,
  done: '[forecourt] drained: every request and background job here has finished',
  deadline: (seconds: number, open: string) =>
    `[forecourt] drain deadline of ${seconds} s passed; still open: ${open}`,
  again: (signal: string, open: string) =>
    `[forecourt] ${signal} again: stopping now; still open: ${open}`,
};

export interface DrainOptions {
  deadlineMs: number;
  log?: Pick<Console, 'log' | 'error'>;
  exit?: (code: number) => void;
}

/** The path without its query: a query may carry a token, and the log needs only where. */
const pathOf = (url = '') => url.split('?')[0].slice(0, 200);

export class Drain {
  /** True from the first signal on: readiness answers 503. */
  draining = false;
  private readonly inFlight = new Map<ServerResponse, string>();
  private readonly idleWaiters = new Set<() => void>();
  private readonly open = new Set<DrainStep>();
  private steps: DrainStep[] = [];
  private connectionsOpen = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly server: Server,
    private readonly options: DrainOptions,
  ) {}

  private get log() {
    return this.options.log ?? console;
  }

  private exit(code: number) {
    clearTimeout(this.timer);
    (this.options.exit ?? process.exit)(code);
  }

  /**
   * Resolves once no request is in flight, or after `maxMs` whatever comes: work in the
   * background (the stock's warm-up) waits for visitors' requests, and is never starved by them.
   */
  whenIdle(maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      if (!this.inFlight.size) return setImmediate(resolve);
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        setImmediate(resolve);
      };
      const timer = setTimeout(done, maxMs);
      this.idleWaiters.add(done);
    });
  }

  /** Wraps the server's request listener: requests are counted, and while draining none keeps its connection. */
  track(handler: RequestListener): RequestListener {
    return (req, res) => {
      this.inFlight.set(res, `${req.method} ${pathOf(req.url)}`);
      res.once('close', () => {
        this.inFlight.delete(res);
        if (!this.inFlight.size) for (const idle of [...this.idleWaiters]) idle();
        // The connection is idle once its response is done: close it rather than wait for its keep-alive timeout.
        if (this.draining) setImmediate(() => this.server.closeIdleConnections());
      });
      if (this.draining) res.setHeader('Connection', 'close');
      handler(req, res);
    };
  }

  /** Drains on these signals, running `steps` (at once, side by side) after the last request. */
  onSignals(steps: DrainStep[], signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): this {
    this.steps = steps;
    for (const signal of signals) process.on(signal, () => this.signal(signal));
    return this;
  }

  signal(name: string): void {
    if (!this.draining) {
      void this.drain(name);
      return;
    }
    this.log.error(DRAIN_LOG.again(name, this.stillOpen()));
    this.exit(1);
  }

  /** What the drain still waits for, in words. */
  stillOpen(): string {
    const parts: string[] = [];
    const requests = [...this.inFlight.values()];
    if (requests.length)
      parts.push(
        `${requests.length} request${requests.length === 1 ? '' : 's'} in flight (${requests.slice(0, 5).join(', ')}${requests.length > 5 ? ', …' : ''})`,
      );
    else if (this.draining && this.connectionsOpen) parts.push('connections without a request');
    for (const step of this.open) {
      const detail = step.detail?.();
      parts.push(detail ? `${step.name} (${detail})` : step.name);
    }
    return parts.join('; ') || 'nothing';
  }

  private async drain(signal: string): Promise<void> {
    this.draining = true;
    const seconds = this.options.deadlineMs / 1000;
    // Not unref'd: a step whose promise never settles must still end the process, and with 1.
    this.timer = setTimeout(() => {
      this.log.error(DRAIN_LOG.deadline(seconds, this.stillOpen()));
      this.exit(1);
    }, this.options.deadlineMs);
    // Responses not begun yet tell their client this connection ends with them.
    for (const res of this.inFlight.keys())
      if (!res.headersSent) res.setHeader('Connection', 'close');
    // close() stops accepting at once (so the line below is true when read) and closes idle
    // connections; it calls back when the last connection has ended.
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.log.log(DRAIN_LOG.started(signal, seconds));
    await closed;
    this.connectionsOpen = false;
    let failed = false;
    await Promise.all(
      this.steps.map(async (step) => {
        this.open.add(step);
        try {
          await step.run();
        } catch (err) {
          failed = true;
          this.log.error(`[forecourt] stopping: ${step.name} failed`, err);
        } finally {
          this.open.delete(step);
        }
      }),
    );
    if (failed) return this.exit(1);
    this.log.log(DRAIN_LOG.done);
    this.exit(0);
  }
}
