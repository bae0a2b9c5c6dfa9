/**
 * The platform's last two answers (docs/render.md, "A page that fails whole"): a path nothing serves is a
 * 404 page, and an error a route passes on is a 500 page — unless the error carries its own
 * 4xx status. `send` (res.sendFile, express.static) does that when a file vanished between a
 * check and the send, or a path is refused: a missing file is the visitor's 404, not a fault.
 * An error that says the database is away (a guard's rate counter meeting a stopped
 * PostgreSQL) is a 503 with Retry-After, as the API answers it (docs/api.md, "Storage"):
 * nothing was done, and the same request may be sent again.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import escape from 'lodash-es/escape.js';
import {
  STORE_RETRY_AFTER_SECONDS,
  STORE_UNAVAILABLE,
  storeUnavailable,
} from '../api/unavailable.ts';
import { errorPage } from './server-pages.ts';

type RoutedError = Error & { status?: number; statusCode?: number };

const NOT_FOUND = () => errorPage('Not found', '<p><a href="/">See all sites</a></p>');

export function notFoundAnswer(): RequestHandler {
  return (_req, res) => {
    res.status(404).type('html').send(NOT_FOUND());
  };
}

export function errorAnswer(opts: { development: boolean; fixStack?: (err: Error) => void }) {
  return (err: RoutedError, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    if (storeUnavailable(err)) {
      res.status(503).set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      if (req.accepts(['html', 'json']) === 'json') res.json({ error: STORE_UNAVAILABLE });
      else
        res
          .type('html')
          .send(errorPage('Please try again in a moment', `<p>${STORE_UNAVAILABLE}</p>`));
      return;
    }
    const status = err.status ?? err.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res
        .status(status)
        .type('html')
        .send(
          status === 404
            ? NOT_FOUND()
            : errorPage('Bad request', '<p>Please check the address.</p>'),
        );
      return;
    }
    opts.fixStack?.(err);
    console.error('[forecourt] request failed', err);
    res
      .status(500)
      .type('html')
      .send(
        errorPage(
          'Something went wrong',
          opts.development ? `<pre>${escape(err.stack)}</pre>` : '<p>Please try again.</p>',
        ),
      );
  };
}
