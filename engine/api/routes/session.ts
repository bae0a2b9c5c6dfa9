/**
 * Sign-in by phone number. A visitor is identified by phone number only and sign-in asks
 * for no code, so a session proves only that someone typed the number; docs/api.md
 * ("Watchlist and sign-in") says what a dealer backend should add (an SMS code) before
 * trusting it more.
 */
import type { Session, SignInRequest } from '../../../schemas/types.gen.ts';
import { requireSite, throwIfAny, type ApiContext } from '../context.ts';
import { bearerToken } from '../http.ts';
import { phoneKey } from '../regional.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { contactErrors } from '../site-rules.ts';

export function sessionRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/sign-in',
      operationId: 'signIn',
      tag: 'Sign-in',
      summary: 'Sign in with a phone number; answers a session token',
      body: 'sign-in',
      responses: { 201: { description: 'Signed in. Send token as Authorization: Bearer {token}.', schema: 'session' } },
      notFound: 'Unknown site.',
      rateLimited: true,
      handle({ body }: RouteInput<SignInRequest>) {
        const site = requireSite(ctx, body.site);
        throwIfAny(contactErrors(site, { phone: body.phone_number }).map((f) => ({ ...f, path: '/phone_number' })));
        const phone = phoneKey(body.phone_number);
        const { token, expiresAt } = ctx.sessions.create(phone, site.slug, ctx.now());
        const json: Session = { token, phone_number: phone, site: site.slug, expires_at: expiresAt };
        return { status: 201, json };
      },
    },
    {
      method: 'get',
      path: '/me',
      operationId: 'me',
      tag: 'Sign-in',
      summary: 'Who the session token belongs to',
      auth: 'session',
      responses: { 200: { description: 'The signed-in visitor.', schema: 'session' } },
      handle({ session }: RouteInput) {
        const json: Session = { phone_number: session!.phone, site: session!.site, expires_at: session!.expiresAt };
        return { json };
      },
    },
    {
      method: 'post',
      path: '/sign-out',
      operationId: 'signOut',
      tag: 'Sign-in',
      summary: 'End the session',
      auth: 'session',
      responses: { 204: { description: 'Signed out.' } },
      handle({ req }: RouteInput) {
        ctx.sessions.remove(bearerToken(req.get('authorization'))!);
        return { status: 204 };
      },
    },
  ];
}
