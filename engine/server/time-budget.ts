/**
 * Every request has a time budget (docs/security.md, "Editor and server"): a client that
 * sends its headers or body slowly is cut off, and a handler that has not answered in time
 * (a stalled lock, a slow disk, a hung provider) gets a 503 the client can retry, so no
 * single request holds a connection, a worker slot or a buyer's page open indefinitely.
 * Search has its own, tighter work budget (engine/search/limits.ts).
 */
import type { ServerOptions } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

export interface HttpLimits {
  /** Until the request's headers have arrived. */
  headersTimeoutMs: number;
  /** Until the whole request (headers and body) has arrived. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above (its default, 30 s, would let a slow client stay 40 s). */
  checkIntervalMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Options for `http.createServer` that enforce the limits (they cannot all be set after creation). */
export function httpServerOptions(limits: HttpLimits = HTTP_LIMITS): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
}

export interface DeadlineOptions {
  /** Milliseconds from arrival to the first byte of the answer. */
  ms: number;
  /** Longer budgets for the paths that match (uploads of staff images over slow links). */
  longer?: { path: RegExp; ms: number }[];
}

/**
 * A page, an API answer or a file: 10 s; an image upload to the asset library: 60 s; the
 * editor's site answers: 30 s, as with a remote each may wait for it (a few commands of at
 * most 8 s each: draft-share.ts), after a validation that takes seconds on a busy server.
 */
export const RESPONSE_DEADLINES: DeadlineOptions = {
  ms: 10_000,
  longer: [
    { path: /^\/api\/editor\/sites\/[^/]+\/assets$/, ms: 60_000 },
    { path: /^\/api\/editor\/sites(\/|$)/, ms: 30_000 },
  ],
};

export const DEADLINE_MESSAGE = 'The server took too long to answer. Please try again.';

/**
 * Answers 503 with `Retry-After` when the route has not started its answer within the
 * budget. The late handler's own answer is then dropped: its writes go to a response that
 * has already ended, which Node ignores, instead of throwing "headers already sent".
 */
export function responseDeadline(options: DeadlineOptions = RESPONSE_DEADLINES) {
  return (req: Request, res: Response, next: NextFunction) => {
    const ms = options.longer?.find((l) => l.path.test(req.path))?.ms ?? options.ms;
    const timer = setTimeout(() => {
      if (res.headersSent || res.writableEnded) return;
      const wantsJson =
        req.path.startsWith('/api') ||
        req.path.startsWith('/1/') ||
        req.accepts(['html', 'json']) === 'json';
      res.status(503).set('Retry-After', '5');
      if (wantsJson) res.json({ message: DEADLINE_MESSAGE, status: 503 });
      else res.type('text/plain').send(DEADLINE_MESSAGE);
      silenceLateAnswer(res);
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    res.once('finish', clear);
    res.once('close', clear);
    next();
  };
}

function silenceLateAnswer(res: Response) {
  const ignore = function (this: Response) {
    return this;
  };
  res.status = ignore as unknown as Response['status'];
  res.set = ignore as unknown as Response['set'];
  res.setHeader = ignore as unknown as Response['setHeader'];
  res.type = ignore as unknown as Response['type'];
  res.send = ignore as unknown as Response['send'];
  res.json = ignore as unknown as Response['json'];
  res.redirect = (() => undefined) as unknown as Response['redirect'];
  res.writeHead = ignore as unknown as Response['writeHead'];
  res.write = (() => true) as unknown as Response['write'];
  res.end = ignore as unknown as Response['end'];
}
