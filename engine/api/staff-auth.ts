/**
 * Who may read which leads (docs/security.md, "Who may read what"; docs/api.md, "Staff"):
 * the operators' token (FORECOURT_STAFF_TOKEN, or the one generated and printed at start-up)
 * opens every site; a token made with `npm run staff-token` opens its own sites only, and a
 * revoked one nothing. The check runs before anything about the request is looked at, so a
 * wrong token answers the same 401 whatever the site; wrong tokens count per client address
 * and then every staff request from it answers 429 until the window ends. A right token for
 * another site answers 403 (a dealer's staff see only their own sites' leads and deliveries).
 */
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiRouterOptions } from './options.ts';
import { bearerToken, HttpError } from './http.ts';
import type { RateCounter } from './rate-limit.ts';
import type { ApiRoute } from './route.ts';
import type { StaffSites } from './store/staff-tokens.ts';
import type { Store } from './store/types.ts';

export const STAFF_TOKEN_REQUIRED = 'Staff token required.';
export const NOT_YOUR_SITE = 'This staff token does not open this site.';

export interface StaffGuard {
  operatorToken: string;
  store: Store;
  now: () => Date;
  failures?: RateCounter;
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string) {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
}

async function sitesOf(given: string, guard: StaffGuard): Promise<StaffSites | undefined> {
  if (sameSecret(given, guard.operatorToken)) return 'all';
  return (await guard.store.staffTokens.use(given, guard.now()))?.sites;
}

/** Passes a staff request whose token opens the site it names (?site=), or throws 429, 401 or 403. */
export async function guardStaff(route: ApiRoute, req: Request, guard: StaffGuard) {
  const client = req.ip ?? '';
  const waitSeconds = await guard.failures?.blockedFor(client);
  if (waitSeconds !== undefined) {
    throw new HttpError(429, 'Too many requests. Please wait a moment and try again.', undefined, {
      'Retry-After': String(waitSeconds),
    });
  }
  const given =
    route.auth === 'staff'
      ? bearerToken(req.get('authorization'))
      : typeof req.query.token === 'string'
        ? req.query.token
        : undefined;
  const sites = given ? await sitesOf(given, guard) : undefined;
  if (!sites) {
    await guard.failures?.hit(client);
    throw new HttpError(401, STAFF_TOKEN_REQUIRED, undefined, {
      'WWW-Authenticate': 'Bearer realm="forecourt-staff"',
    });
  }
  // Every staff route names its site in ?site= (staff-leads-query).
  const site = req.query.site;
  if (sites !== 'all' && (typeof site !== 'string' || !sites.includes(site)))
    throw new HttpError(403, NOT_YOUR_SITE);
}

/** The operators' token: given, FORECOURT_STAFF_TOKEN, or generated once and kept in the store. */
export async function resolveStaffToken(
  options: ApiRouterOptions,
  store: Store,
  log: Pick<Console, 'log' | 'warn'>,
): Promise<string> {
  const env = options.env ?? process.env;
  const given = options.staffToken || env.FORECOURT_STAFF_TOKEN;
  if (given) {
    if (given.length < 16)
      log.warn(
        '[forecourt] the staff token is shorter than 16 characters; anyone guessing it can read every lead.',
      );
    return given;
  }
  const token = await store.setting('staff_token');
  log.log(
    `[forecourt] staff lead view: /api/staff/leads.html?site={slug}&token=${token}\n` +
      `  (or GET /api/staff/leads?site={slug} with "Authorization: Bearer ${token}").\n` +
      `  This operators' token opens every site; it was generated once and is kept in ${store.where}. Set FORECOURT_STAFF_TOKEN to choose your own,\n` +
      `  and give a dealer's staff a token for their own sites: npm run staff-token -- create --sites {slug} --name "…".`,
  );
  return token;
}
