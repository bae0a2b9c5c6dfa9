/**
 * How the local API answers: JSON errors shaped as ApiError ({error, fields}), and
 * the headers every answer carries (personal data must never sit in a cache).
 */
import type { RequestHandler } from 'express';
import type { ApiError, FieldError } from '../../schemas/types.gen.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): ApiError {
    return this.fields?.length
      ? { error: this.message, fields: this.fields }
      : { error: this.message };
  }
}

/** A request that failed schema or business-rule validation. */
export function invalid(fields: FieldError[], message = 'Please fix the following errors:') {
  return new HttpError(400, message, fields);
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

/** no-store by default: leads, watchlists and sessions are personal data. */
export function apiHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // JSON is never a document: nothing in an answer may run or be framed.
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };
}

/** Bearer token from the Authorization header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/**
 * 415 for a body that is not JSON on a JSON endpoint (docs/api.md): a form post or
 * text/plain is told what to send instead of being read as an empty object.
 */
export function jsonBodiesOnly(formPaths: readonly string[] = []): RequestHandler {
  return (req, res, next) => {
    const hasBody =
      Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody || req.is(['application/json', '+json'])) return next();
    // A one-click unsubscribe is a form post by the mail program (RFC 8058); its body is not read.
    if (formPaths.includes(req.path) && req.is('application/x-www-form-urlencoded')) return next();
    res.status(415).json({
      error: 'The request body must be JSON (Content-Type: application/json).',
    } satisfies ApiError);
  };
}
