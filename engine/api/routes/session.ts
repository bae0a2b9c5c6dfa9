/**
 * Sign-in by phone number. A visitor is identified by phone number only and sign-in asks
 * for no code, so a session proves only that someone typed the number; docs/api.md
 * ("Watchlist and sign-in") says what a dealer backend should add (an SMS code) before
 * trusting it more. Browsers keep the session in an HttpOnly cookie named for the site
 * (session-cookie.ts); other clients send the token as Authorization: Bearer.
 */
import type { Session, SessionSite, SignInRequest } from '../../../schemas/types.gen.ts';
import { requireSite, throwIfAny, type ApiContext } from '../context.ts';
import { phoneKey } from '../regional.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../session-cookie.ts';
import { contactErrors } from '../site-rules.ts';
import { SESSION_DAYS } from '../store/sessions.ts';

export function sessionRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/sign-in',
      operationId: 'signIn',
      tag: 'Sign-in',
      summary: "Sign in with a phone number; sets the site's session cookie and answers the token",
      body: 'sign-in',
      responses: {
        201: {
          description:
            'Signed in. Browsers get the session as an HttpOnly cookie (fc_sid_{site}, Path=/api, SameSite=Strict); other clients send token as Authorization: Bearer {token}.',
          schema: 'session',
          headers: {
            'Set-Cookie':
              'fc_sid_{site}={token}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=2592000 (and Secure over HTTPS)',
          },
        },
      },
      notFound: 'Unknown site.',
      rateLimited: true,
      async handle({ req, res, body }: RouteInput<SignInRequest>) {
        const site = requireSite(ctx, body.site);
        throwIfAny(
          contactErrors(site, { phone: body.phone_number }).map((f) => ({
            ...f,
            path: '/phone_number',
          })),
        );
        const phone = phoneKey(body.phone_number);
        const { token, expiresAt } = await ctx.sessions.create(phone, site.slug, ctx.now());
        setSessionCookie(req, res, site.slug, token, SESSION_DAYS * 86_400_000);
        const json: Session = {
          token,
          phone_number: phone,
          site: site.slug,
          expires_at: expiresAt,
        };
        return { status: 201, json };
      },
    },
    {
      method: 'get',
      path: '/me',
      operationId: 'me',
      tag: 'Sign-in',
      summary: 'Who the session (the ?site= cookie, or the bearer token) belongs to',
      query: 'session-site',
      auth: 'session',
      responses: { 200: { description: 'The signed-in visitor.', schema: 'session' } },
      handle({ session }: RouteInput) {
        const json: Session = {
          phone_number: session!.phone,
          site: session!.site,
          expires_at: session!.expiresAt,
        };
        return { json };
      },
    },
    {
      method: 'post',
      path: '/sign-out',
      operationId: 'signOut',
      tag: 'Sign-in',
      summary: "End the session and clear the site's session cookie",
      body: 'session-site',
      responses: {
        204: {
          description:
            'Signed out (also when the session had already ended, so a stale cookie is cleared too).',
        },
      },
      async handle({ req, res, body }: RouteInput<SessionSite>) {
        const token = sessionToken(req);
        const session = token ? await ctx.sessions.find(token, ctx.now()) : undefined;
        if (token) await ctx.sessions.remove(token);
        const site = body.site ?? session?.site;
        if (site) clearSessionCookie(req, res, site);
        return { status: 204 };
      },
    },
  ];
}
