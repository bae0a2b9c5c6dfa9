/**
 * The server's side of the sanitiser worker (purify-worker.ts): DOMPurify and jsdom run
 * there, so the server's own thread never loads jsdom (docs/deploy.md, "Memory and
 * start-up"). The worker starts on the first call (or early, `startPurifyWorker`), ends
 * when it has been idle for PURIFY_IDLE_MS or when told (`endPurifyWorker`, at the end of
 * start-up), and never keeps the process alive.
 *
 * Rich text is sanitised synchronously (ajv keywords are synchronous): the request is
 * posted and the caller waits on a shared signal with Atomics.wait, then takes the answer
 * with receiveMessageOnPort, the way the synckit package does. synckit itself keeps one
 * worker for the life of the process and has no asynchronous calls, so it is not used.
 * A worker that fails, stops or does not answer in time is an error; the text is never
 * returned unsanitised.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import {
  SIGNAL,
  START_FAILED,
  type PurifyJob,
  type PurifyJobs,
  type PurifyReply,
  type PurifyRequest,
  type PurifyWorkerData,
} from './purify-protocol.ts';

/** Idle time after which the worker ends (docs/deploy.md, "Choices we made"). */
export const PURIFY_IDLE_MS = 30_000;
/** How long a waiting caller gives a new worker to load jsdom and answer. */
export const PURIFY_START_WAIT_MS = 30_000;
/** How long a waiting caller gives a worker that has jsdom loaded. */
export const PURIFY_WAIT_MS = 5_000;

export class PurifyWorkerError extends Error {
  override name = 'PurifyWorkerError';
}

interface Pending {
  resolve: (value: never) => void;
  reject: (err: Error) => void;
}

interface Running {
  worker: Worker;
  signal: Int32Array;
  syncReplies: MessagePort;
  pending: Map<number, Pending>;
  /** Why it failed ('error' event), for the message of the calls it leaves unanswered. */
  failure?: Error;
  ending?: boolean;
}

const limits = {
  idleMs: PURIFY_IDLE_MS,
  startWaitMs: PURIFY_START_WAIT_MS,
  waitMs: PURIFY_WAIT_MS,
};
let running: Running | undefined;
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;
/** A worker that failed before it loaded jsdom: the next synchronous call says so at once instead of waiting out a new one. */
let startFailure: Error | undefined;
/** Each worker's signal, kept past its end (purifyWorkerLoadedForTests). */
const signals = new WeakMap<Worker, Int32Array>();

/**
 * A worker compiled ahead that tests start instead of the one beside this file: from source
 * every start transpiles the worker through tsx, about a second of CPU on top of jsdom's
 * load, and the worker's tests start a dozen (docs/deploy.md, "Memory and start-up").
 */
let compiledForTests: string | undefined;
export function setPurifyWorkerFileForTests(file: string | undefined): void {
  compiledForTests = file;
}

/** Tests shorten the waits. */
export function setPurifyLimits(next: Partial<typeof limits>): void {
  Object.assign(limits, next);
}

/**
 * The built server has purify-worker.js beside its chunks (scripts/build-server.ts); from
 * source a bootstrap registers tsx first. Paths, not `new URL('./…', import.meta.url)`:
 * Vite rewrites that pattern into a page address in the unit tests.
 */
export function workerEntry(here = dirname(fileURLToPath(import.meta.url))): {
  file: string;
  execArgv?: string[];
} {
  const built = join(here, 'purify-worker.js');
  if (existsSync(built)) return { file: built };
  const source = join(here, 'purify-worker.source.mjs');
  // Said at once: a worker without its file would only fail once a caller had waited for it.
  if (!existsSync(source))
    throw new PurifyWorkerError(
      `The sanitiser worker's code is missing: no ${built} (run \`npm run build\` again)`,
    );
  // From source, none of the parent's options (`--import tsx` twice, an `-e` script's `--input-type`).
  return { file: source, execArgv: [] };
}

function start(): Running {
  const { port1: syncReplies, port2: syncPort } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const data: PurifyWorkerData = { signal, syncPort };
  const { file, execArgv } = compiledForTests ? { file: compiledForTests } : workerEntry();
  const worker = new Worker(file, { execArgv, workerData: data, transferList: [syncPort] });
  const self: Running = { worker, signal, syncReplies, pending: new Map() };
  signals.set(worker, signal);
  worker.on('message', (reply: PurifyReply) => settle(self, reply));
  worker.on('error', (err) => {
    self.failure = err;
    // Not for a worker already stopped: its caller has had the error.
    if (!self.ending && Atomics.load(signal, SIGNAL.ready) !== 1) startFailure = err;
  });
  worker.on('exit', (code) => {
    if (running === self) running = undefined;
    syncReplies.close();
    const why = self.failure
      ? `: ${self.failure.message}`
      : self.ending
        ? ''
        : ` (exit code ${code})`;
    for (const call of self.pending.values())
      call.reject(new PurifyWorkerError(`The sanitiser worker stopped before answering${why}`));
    self.pending.clear();
  });
  // After the listeners: adding a 'message' listener refs the worker's port again.
  worker.unref();
  syncReplies.unref();
  running = self;
  return self;
}

function settle(self: Running, reply: PurifyReply) {
  const call = self.pending.get(reply.id);
  if (!call) return;
  self.pending.delete(reply.id);
  if (!self.pending.size) self.worker.unref();
  if (reply.error !== undefined)
    call.reject(new PurifyWorkerError(`The sanitiser worker failed: ${reply.error}`));
  else call.resolve(reply.result as never);
  afterCall(self);
}

/** The worker ends after PURIFY_IDLE_MS without a call, or at once when asked to end while busy. */
function afterCall(self: Running) {
  if (self.pending.size) return;
  if (self.ending) return retire(self);
  if (idleTimer) idleTimer.refresh();
  else
    idleTimer = setTimeout(
      () => running && !running.pending.size && retire(running),
      limits.idleMs,
    ).unref();
}

/** Stops a worker at once: it failed or does not answer. */
function stop(self: Running) {
  forget(self);
  void self.worker.terminate();
}

/**
 * Ends a worker that is done with, once it has loaded jsdom and never while it loads:
 * Node 20 aborts the whole process when a worker is terminated while instantiating a
 * module that a require() loads ("IsGraphAsync must be used on an instantiated module"),
 * which a server whose start-up ended the worker early did in CI.
 */
function retire(self: Running) {
  forget(self);
  if (Atomics.load(self.signal, SIGNAL.ready) === 1) return void self.worker.terminate();
  const loaded = waitAsync(self.signal, SIGNAL.ready, 0, limits.startWaitMs);
  if (!loaded.async) return void self.worker.terminate();
  // A worker that fails to load exits by itself; one that hangs is terminated after the start wait.
  void loaded.value.then(() => self.worker.terminate());
}

/** Atomics.waitAsync (in Node since 16; in TypeScript's lib only from ES2024). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

function forget(self: Running) {
  self.ending = true;
  if (running === self) running = undefined;
  clearTimeout(idleTimer);
  idleTimer = undefined;
}

/** Starts the worker (loading jsdom on another core) if it is not running; the start of site loading calls it. */
export function startPurifyWorker(): void {
  if (running) return;
  afterCall(start());
}

/** Ends the worker now, or once the calls it is answering are answered (the end of start-up calls it). */
export function endPurifyWorker(): void {
  if (!running) return;
  running.ending = true;
  afterCall(running);
}

/** Whether a worker is running (tests; an ended worker is gone at once). */
export function purifyWorkerRunning(): boolean {
  return running !== undefined;
}

/** The running worker, for tests that stop it under a caller. */
export function purifyWorkerForTests(): Worker | undefined {
  return running?.worker;
}

/** Whether a worker (running or not) had loaded jsdom (tests). */
export function purifyWorkerLoadedForTests(worker: Worker): boolean {
  const signal = signals.get(worker);
  return signal !== undefined && Atomics.load(signal, SIGNAL.ready) === 1;
}

/** A job answered while the caller waits (rich text during site preparation). */
export function purifySync<J extends PurifyJob>(job: J, text: string): PurifyJobs[J]['result'] {
  if (!running && startFailure) {
    const failure = startFailure;
    startFailure = undefined; // the call after this one tries a new worker
    throw new PurifyWorkerError(`The sanitiser worker could not start: ${failure.message}`);
  }
  const self = running ?? start();
  const id = nextId++;
  const started = Atomics.load(self.signal, SIGNAL.ready) === 1;
  const waitMs = started ? limits.waitMs : limits.startWaitMs;
  const deadline = Date.now() + waitMs;
  self.worker.postMessage({ id, job, text, sync: true } satisfies PurifyRequest);
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0 || Atomics.wait(self.signal, SIGNAL.answered, 0, left) === 'timed-out') {
      stop(self);
      throw new PurifyWorkerError(
        `The sanitiser worker did not answer within ${waitMs / 1000} s${started ? '' : ' of starting'}${self.failure ? ` (${self.failure.message})` : ''}; it was stopped and starts again on the next call`,
      );
    }
    Atomics.store(self.signal, SIGNAL.answered, 0);
    for (
      let got = receiveMessageOnPort(self.syncReplies);
      got;
      got = receiveMessageOnPort(self.syncReplies)
    ) {
      const reply = got.message as PurifyReply;
      if (reply.id === START_FAILED) {
        stop(self);
        throw new PurifyWorkerError(`The sanitiser worker could not start: ${reply.error}`);
      }
      if (reply.id !== id) continue; // an answer to a call that gave up waiting
      afterCall(self);
      if (reply.error !== undefined)
        throw new PurifyWorkerError(`The sanitiser worker failed: ${reply.error}`);
      return reply.result as PurifyJobs[J]['result'];
    }
  }
}

/** A job answered asynchronously (SVG uploads and imported photos); the process stays alive until it is answered. */
export function purifyAsync<J extends PurifyJob>(
  job: J,
  text: string,
): Promise<PurifyJobs[J]['result']> {
  const self = running ?? start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    self.pending.set(id, { resolve, reject });
    self.worker.ref();
    self.worker.postMessage({ id, job, text, sync: false } satisfies PurifyRequest);
  });
}
