/** Security headers for every response; a Content-Security-Policy in production; HSTS over https. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { memoryRateCounter, type RateCounter, type RateLimitOptions } from '../api/rate-limit.ts';
import { cameThroughProxy, foreignRequest, publicOrigin } from './request-guard.ts';

export function securityHeaders(mode: 'development' | 'production'): RequestHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // The theme is one inline <style> of CSS variables built from validated colours.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    "frame-src 'self' https:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return (req, res, next) => {
    // req.secure: TLS here, or X-Forwarded-Proto: https from a trusted proxy (FORECOURT_TRUST_PROXY).
    // Not includeSubDomains: a dealer's other sub-domains are not ours to promise https for.
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    if (mode === 'production') res.setHeader('Content-Security-Policy', csp);
    next();
  };
}

/**
 * The editor writes site documents, so its API is for staff only:
 *  - whatever the token, the request's Host must be this server's (a loopback name or
 *    FORECOURT_PUBLIC_ORIGIN's host) and its Origin, when sent, the same origin
 *    (request-guard.ts): a DNS-rebinding page on this machine's browser is refused;
 *  - with FORECOURT_EDITOR_TOKEN set it needs "Authorization: Bearer <token>" (from any
 *    address, this machine included), and wrong tokens are limited per client address;
 *  - without one it answers only requests made on this machine: from a loopback address
 *    and not through a proxy (the local default of npm start).
 *  - a staff member's token, or the operators' token, passes from any address when `member`
 *    accepts it (staff-access.ts: its sites only, 403 for another).
 * The editor's page (/editor/) is a public app shell: it holds no data, and shows a
 * sign-in screen when this guard answers 401. docs/security.md lists these promises.
 */
export function staffOnly(
  token = process.env.FORECOURT_EDITOR_TOKEN,
  options: {
    publishToken?: string;
    queryToken?: boolean;
    failures?: RateCounter;
    publicOrigin?: string;
    member?: (given: string, req: Request) => Promise<MemberCheck>;
  } = {
    publishToken: process.env.FORECOURT_PUBLISH_TOKEN,
  },
): RequestHandler {
  const failures = options.failures ?? tokenFailureLimiter();
  const origin = 'publicOrigin' in options ? options.publicOrigin : publicOrigin();
  return async (req, res, next) => {
    const foreign = foreignRequest(req, origin);
    if (foreign) {
      res
        .status(403)
        .json({ error: `Refused: ${foreign}. Open the editor at this server's own address.` });
      return;
    }
    // A page opened in the browser (the draft preview) cannot send a header: it may carry ?token=.
    const given =
      bearerToken(req.get('authorization')) ??
      (options.queryToken && typeof req.query.token === 'string' ? req.query.token : undefined);
    const client = req.ip ?? '';
    if (token || (given !== undefined && options.member)) {
      const waitSeconds = await failures.blockedFor(client);
      if (waitSeconds !== undefined) {
        res.setHeader('Retry-After', String(waitSeconds));
        res.status(429).json({
          error:
            'Too many wrong editor tokens from this address. Please wait a moment and try again.',
        });
        return;
      }
    }
    const member = given !== undefined ? await options.member?.(given, req) : undefined;
    if (member === 'pass') return next();
    if (typeof member === 'object') {
      res.status(403).json({ error: member.refused });
      return;
    }
    if (token || member === 'wrong') {
      const accepted = [token, options.publishToken].filter((t): t is string => Boolean(t));
      if (given !== undefined && member !== 'wrong' && accepted.some((t) => sameSecret(given, t)))
        return next();
      if (given !== undefined) await failures.hit(client);
      res.setHeader('WWW-Authenticate', 'Bearer realm="forecourt-editor"');
      res.status(401).json({
        error:
          given === undefined
            ? 'Sign in: the editor API needs the staff editor token (Authorization: Bearer <FORECOURT_EDITOR_TOKEN>).'
            : 'The editor token was not accepted. Check it and sign in again.',
      });
      return;
    }
    const ip = client;
    if ((ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1') && !cameThroughProxy(req))
      return next();
    res.status(403).json({
      error:
        'Remote editing is off: the editor API only answers this machine unless FORECOURT_EDITOR_TOKEN is set on the server.',
    });
  };
}

/** A member token's check (staff-access.ts): passed, refused with a reason, wrong, or not a member's token. */
export type MemberCheck = 'pass' | 'wrong' | { refused: string } | undefined;

/** Wrong staff tokens allowed per client address and minute, across every site and route. */
export const TOKEN_FAILURE_LIMIT: RateLimitOptions = { limit: 10, windowMs: 60_000 };

/**
 * One count of wrong tokens per client address, in this process; share it between guards of
 * the same token. Servers sharing a PostgreSQL store count in it instead (app.ts: the API
 * store's rateCounter), so guesses spread over several servers meet the same limit.
 */
export function tokenFailureLimiter(
  options: RateLimitOptions = TOKEN_FAILURE_LIMIT,
  clock: () => number = Date.now,
): RateCounter {
  return memoryRateCounter(options, clock);
}

/** The credentials of an "Authorization: Bearer <token>" header (scheme case-insensitive). */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer[ \t]+(\S.*)$/i.exec(header ?? '');
  return m ? m[1].trim() : undefined;
}

/**
 * Compares secrets in constant time: hashing both first gives timingSafeEqual equal-length
 * inputs, so neither the contents nor the length of the token leak through timing.
 */
export function sameSecret(given: string, expected: string) {
  const hash = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(hash(given), hash(expected));
}
