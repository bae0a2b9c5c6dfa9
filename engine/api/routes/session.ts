/**
 * Sign-in by phone number in two steps (docs/api.md, "Watchlist and sign-in"): a one-time
 * code is sent to the number by text message (sign-in-code.ts), and the session is made only
 * for that code. Browsers keep the session in an HttpOnly cookie named for the site
 * (session-cookie.ts); other clients send the token as Authorization: Bearer.
 */
import type {
  Session,
  SessionSite,
  SignInCodeRequest,
  SignInCodeSent,
  SignInRequest,
} from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { requireSite, throwIfAny, type ApiContext } from '../context.ts';
import { phoneKey } from '../regional.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { checkCode, CODE_LENGTH, sendCode, signInCodeLimits } from '../sign-in-code.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../session-cookie.ts';
import { contactErrors } from '../site-rules.ts';
import { SESSION_DAYS } from '../store/sessions.ts';

/** The number a request names, checked against the site's region, as the server keys it. */
function phoneOf(site: ResolvedSite, phoneNumber: string) {
  throwIfAny(
    contactErrors(site, { phone: phoneNumber }).map((f) => ({ ...f, path: '/phone_number' })),
  );
  return phoneKey(phoneNumber);
}

export function sessionRoutes(ctx: ApiContext): ApiRoute[] {
  const limits = signInCodeLimits(ctx);
  return [
    {
      method: 'post',
      path: '/sign-in/code',
      operationId: 'sendSignInCode',
      tag: 'Sign-in',
      summary: 'Send a one-time sign-in code to a phone number by text message',
      description:
        'The code has 6 digits, works for 10 minutes and once, and takes at most 5 tries. At most 3 codes per number and 10 per client address in 15 minutes (429 with Retry-After).',
      body: 'sign-in-code',
      responses: {
        202: { description: 'A code is on its way.', schema: 'sign-in-code-sent' },
      },
      errors: { 503: 'The text message could not be sent; try again (Retry-After).' },
      notFound: 'Unknown site.',
      rateLimited: true,
      async handle({ req, body }: RouteInput<SignInCodeRequest>) {
        const site = requireSite(ctx, body.site);
        const phone = phoneOf(site, body.phone_number);
        const expires = await sendCode(ctx, limits, site, phone, req.ip ?? '');
        const json: SignInCodeSent = {
          phone_number: phone,
          expires_at: expires.toISOString(),
          code_length: CODE_LENGTH,
        };
        return { status: 202, json };
      },
    },
    {
      method: 'post',
      path: '/sign-in',
      operationId: 'signIn',
      tag: 'Sign-in',
      summary:
        "Sign in with the code sent to the phone number; sets the site's session cookie and answers the token",
      description:
        'A wrong, expired, used or locked code answers 400 on /code; 10 wrong codes for a number in an hour answer 429 with Retry-After.',
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
        const phone = phoneOf(site, body.phone_number);
        await checkCode(ctx, limits, site.slug, phone, body.code);
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
