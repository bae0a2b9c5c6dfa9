/**
 * The sign-in session in the browser: an HttpOnly, SameSite=Strict cookie limited to the
 * API's path and named for its site (fc_sid_{slug}), so page scripts cannot read it and
 * one host serving several sites (/sites/{slug}/) keeps one session per site. Clients
 * that are not browsers send the token as Authorization: Bearer instead (docs/api.md,
 * "Watchlist and sign-in").
 */
import type { Request, Response } from 'express';
import type { ApiContext } from './context.ts';
import { bearerToken, HttpError } from './http.ts';
import type { SessionRecord } from './store/types.ts';

/** Slugs are lowercase letters, digits and hyphens; cookie names keep to [a-z0-9_]. */
export const sessionCookieName = (site: string) => `fc_sid_${site.replace(/-/g, '_')}`;

/** The site a request names (body.site, else ?site=), which picks the cookie. */
export function requestSite(req: Request): string | undefined {
  const fromBody = (req.body as { site?: unknown } | undefined)?.site;
  const site = typeof fromBody === 'string' ? fromBody : req.query.site;
  return typeof site === 'string' && /^[a-z0-9-]{1,80}$/.test(site) ? site : undefined;
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined; // not percent-encoded as this server writes it
    }
  }
  return undefined;
}

/** The session token a request carries: Authorization: Bearer, else the named site's cookie. */
export function sessionToken(req: Request): string | undefined {
  const bearer = bearerToken(req.get('authorization'));
  if (bearer) return bearer;
  const site = requestSite(req);
  return site ? readCookie(req, sessionCookieName(site)) : undefined;
}

/**
 * The session a request carries, or 401. With a site named, the session must be that
 * site's: a bearer token of one site opens nothing on another. `optional`: a request
 * carrying no token at all passes without a session.
 */
export async function signedIn(
  req: Request,
  ctx: Pick<ApiContext, 'sessions' | 'now'>,
  optional = false,
): Promise<SessionRecord | undefined> {
  const token = sessionToken(req);
  if (!token && optional) return undefined;
  const session = token ? await ctx.sessions.find(token, ctx.now()) : undefined;
  const site = requestSite(req);
  if (!session || (site && session.site !== site)) {
    throw new HttpError(401, 'Please sign in again.', undefined, {
      'WWW-Authenticate': 'Bearer realm="forecourt"',
    });
  }
  return session;
}

const cookieOptions = (req: Request) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  // Behind an HTTPS proxy the server trusts (X-Forwarded-Proto), req.secure is true.
  secure: req.secure,
  path: req.baseUrl || '/api',
});

export function setSessionCookie(
  req: Request,
  res: Response,
  site: string,
  token: string,
  maxAgeMs: number,
) {
  res.cookie(sessionCookieName(site), token, { ...cookieOptions(req), maxAge: maxAgeMs });
}

export function clearSessionCookie(req: Request, res: Response, site: string) {
  res.clearCookie(sessionCookieName(site), cookieOptions(req));
}
