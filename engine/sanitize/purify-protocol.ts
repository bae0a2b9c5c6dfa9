/**
 * What the server and its sanitiser worker say to each other (purify-client.ts,
 * purify-worker.ts; docs/deploy.md, "Memory and start-up").
 */
import type { MessagePort } from 'node:worker_threads';
import type { SvgCleaning } from './svg-rules.ts';

export interface PurifyJobs {
  /** Dealer rich text by html-rules.ts. */
  html: { text: string; result: string };
  /** An uploaded or imported SVG by svg-rules.ts. */
  svg: { text: string; result: SvgCleaning };
}
export type PurifyJob = keyof PurifyJobs;

export interface PurifyRequest {
  id: number;
  job: PurifyJob;
  text: string;
  /** Answered on the sync port with the signal raised (the caller waits with Atomics.wait). */
  sync: boolean;
}

export interface PurifyReply {
  id: number;
  result?: PurifyJobs[PurifyJob]['result'];
  error?: string;
}

/** The id of the reply a worker that could not load jsdom sends a waiting caller. */
export const START_FAILED = 0;

/** Slots of the worker's shared Int32Array. */
export const SIGNAL = { answered: 0, ready: 1 } as const;

export interface PurifyWorkerData {
  /** SIGNAL.answered counts answers on `syncPort`; SIGNAL.ready is 1 once jsdom is loaded. */
  signal: Int32Array;
  syncPort: MessagePort;
}
