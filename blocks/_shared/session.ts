/**
 * The signed-in visitor, for blocks: sign in by phone number (a code texted by POST
 * {api}/sign-in/code, then POST {api}/sign-in with it), read
 * who is signed in (localStorage plus a cookie, see engine/render/visitor.ts) and build the
 * sign-in address (/sign-in?type=&redirect=&back=) for gated actions such as the watchlist:
 *
 *   const session = useSession();
 *   if (!session) navigate(signInHref('watchlist', location.pathname + location.search, location.pathname));
 *   apiPost(site, '/watchlist/save-car', { site: site.slug, car_id });
 *
 * The session token itself is never kept where scripts can read it: the API sets it as an
 * HttpOnly cookie for the site and the browser sends it with API calls (docs/api.md,
 * "Watchlist and sign-in"). What is kept here is only who is signed in and until when.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  clearSession,
  readSession,
  writeSession,
  type StoredSession,
} from '../../engine/render/visitor.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { Session, SignInCodeSent } from '../../schemas/types.gen.ts';
import { apiPost, type ApiFieldError } from '../_forms/api.ts';
import { MESSAGES } from '../_forms/messages.ts';

export {
  clearSession,
  isSignedIn,
  readSession,
  safeInternalPath,
  signInHref,
  writeSession,
} from '../../engine/render/visitor.ts';
export type { StoredSession };

export type SignInResult =
  { ok: true; session: StoredSession } | { ok: false; error: string; fields: ApiFieldError[] };

/** Asks the API to text a one-time sign-in code to the number (docs/api.md, "Watchlist and sign-in"). */
export async function requestSignInCode(
  site: Pick<ResolvedSite, 'slug' | 'api'>,
  phoneNumber: string,
  fetchImpl?: typeof fetch,
): Promise<
  { ok: true; sent: SignInCodeSent } | { ok: false; error: string; fields: ApiFieldError[] }
> {
  const res = await apiPost<SignInCodeSent>(
    site,
    '/sign-in/code',
    { site: site.slug, phone_number: phoneNumber.trim() },
    { fetch: fetchImpl },
  );
  if (res.ok && res.data?.expires_at) return { ok: true, sent: res.data };
  if (res.ok) return { ok: false, error: MESSAGES.unexpected, fields: [] };
  return { ok: false, error: res.error ?? MESSAGES.formError, fields: res.fields };
}

/** Signs in with the code texted to the number; keeps who is signed in (never the token). */
export async function signIn(
  site: Pick<ResolvedSite, 'slug' | 'api'>,
  phoneNumber: string,
  code: string,
  fetchImpl?: typeof fetch,
): Promise<SignInResult> {
  const res = await apiPost<Session>(
    site,
    '/sign-in',
    { site: site.slug, phone_number: phoneNumber.trim(), code: code.trim() },
    { fetch: fetchImpl },
  );
  if (res.ok && res.data?.phone_number && res.data.expires_at) {
    const session: StoredSession = {
      phone_number: res.data.phone_number,
      site: res.data.site,
      expires_at: res.data.expires_at,
    };
    writeSession(site.slug, session);
    notify();
    return { ok: true, session };
  }
  if (res.ok) return { ok: false, error: MESSAGES.unexpected, fields: [] };
  return { ok: false, error: res.error ?? MESSAGES.formError, fields: res.fields };
}

/** Forgets the visitor here and asks the API to end the session and clear its cookie. */
export async function signOut(site: Pick<ResolvedSite, 'slug' | 'api'>) {
  clearSession(site.slug);
  notify();
  await apiPost(site, '/sign-out', { site: site.slug });
}

/**
 * The API answered 401 (the session ended, or was made before sessions moved into the
 * HttpOnly cookie): forget the visitor here too, so the next gated action asks them to sign in.
 */
export function forgetSession(site: Pick<ResolvedSite, 'slug'>) {
  clearSession(site.slug);
  notify();
}

const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}

/** The session after hydration (undefined on the server and until then), kept current across tabs. */
export function useSession(): StoredSession | undefined {
  const { site } = useSite();
  const [session, setSession] = useState<StoredSession | undefined>();
  const refresh = useCallback(() => setSession(readSession(site.slug)), [site.slug]);
  useEffect(() => {
    refresh();
    listeners.add(refresh);
    window.addEventListener('storage', refresh);
    return () => {
      listeners.delete(refresh);
      window.removeEventListener('storage', refresh);
    };
  }, [refresh]);
  return session;
}
