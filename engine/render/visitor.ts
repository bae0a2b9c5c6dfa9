/**
 * What the engine knows about the visitor, in the browser only: whether they are signed
 * in (a session kept in localStorage plus a cookie, written by the sign-in block), the
 * pages they saw this visit and the campaign parameters they arrived with (both in
 * sessionStorage, sent with leads as lead_attributes). Pure functions and storage
 * access that never throws (storage can be blocked); nothing here runs on the server.
 *
 * Gated pages (`gate` on a page) send visitors without a session to
 * /sign-in?type={gate}&redirect={this page}&back={the page before}. The server does
 * not enforce sessions: a gate is a journey step, not access control.
 */
import type { Features, Page } from '../site/types.ts';

export type Gate = NonNullable<Page['gate']>;

/** A signed-in visitor, as POST {api}/sign-in answered (schemas/api/session.schema.json). */
export interface StoredSession {
  token?: string;
  phone_number: string;
  site: string;
  expires_at: string;
}

const SESSION_KEY = (slug: string) => `fc:session:${slug}`;
/** Cookie names allow neither hyphens in every tool nor per-path sites: one cookie per site slug. */
export const sessionCookieName = (slug: string) => `fc_session_${slug.replace(/-/g, '_')}`;
const VISITS_KEY = (slug: string) => `fc:visited-pages:${slug}`;
const PARAMS_KEY = (slug: string) => `fc:linked-query-params:${slug}`;

/** Pages never gated whatever a document says: trade-in and sell-my-car are open to everyone (docs/forms.md, "Trade-in and sell my car"). */
const NEVER_GATED = /(?:^|\/)(?:trade-in|sell-my-car|sign-in|success)(?:\/|$)/;

export const MAX_VISITED_PAGES = 50;
const MAX_URL = 2000;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined; // blocked (privacy settings, sandboxed frame)
  }
}

function readJson<T>(store: Storage | undefined, key: string): T | undefined {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(store: Storage | undefined, key: string, value: unknown) {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    /* full or blocked: the visit simply isn't remembered */
  }
}

// ---------------------------------------------------------------- session

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The visitor's session on this site, if they signed in and it has not expired. */
export function readSession(slug: string, now = Date.now()): StoredSession | undefined {
  const stored = readJson<StoredSession>(storage('localStorage'), SESSION_KEY(slug));
  if (stored && Date.parse(stored.expires_at) > now) return stored;
  return undefined;
}

export function isSignedIn(slug: string, now = Date.now()): boolean {
  return Boolean(readSession(slug, now) || readCookie(sessionCookieName(slug)));
}

export function writeSession(slug: string, session: StoredSession, now = Date.now()) {
  writeJson(storage('localStorage'), SESSION_KEY(slug), session);
  if (typeof document === 'undefined') return;
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expires_at) - now) / 1000));
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${sessionCookieName(slug)}=${encodeURIComponent(session.token ?? '1')}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function clearSession(slug: string) {
  try {
    storage('localStorage')?.removeItem(SESSION_KEY(slug));
  } catch {
    /* blocked */
  }
  if (typeof document !== 'undefined')
    document.cookie = `${sessionCookieName(slug)}=; Path=/; Max-Age=0; SameSite=Lax`;
}

// ---------------------------------------------------------------- gates

/** Whether a page's gate asks this site's visitors to sign in. */
export function gateApplies(
  gate: Page['gate'],
  features: Pick<Features, 'financeRequiresSignIn'>,
  path = '',
): gate is Gate {
  if (!gate || NEVER_GATED.test(path)) return false;
  if (gate === 'finance') return Boolean(features.financeRequiresSignIn);
  return gate === 'sign-in';
}

/** A path inside the site that is safe to navigate to (no other origin, no scheme), or undefined. */
export function safeInternalPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return undefined;
  if (/[\u0000-\u001f]/.test(value)) return undefined;
  return value.slice(0, MAX_URL);
}

/** /sign-in?type=&redirect=&back= for a gate (or the watchlist). */
export function signInHref(type: string, redirect: string, back = '/'): string {
  const q = new URLSearchParams({ type, redirect, back });
  return `/sign-in?${q.toString()}`;
}

// ---------------------------------------------------------------- visits and campaign parameters

/** Query parameters kept as linked_query_params: campaign tags and ad click ids. */
const CAMPAIGN_PARAM =
  /^(?:utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga)$/i;

export function campaignParams(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (CAMPAIGN_PARAM.test(key) && key.length <= 64 && value) out[key] = value.slice(0, 500);
  }
  return out;
}

/** Adds a page view (path + query inside the site) to this visit's list, oldest first, at most 50. */
export function addVisit(list: string[], url: string, max = MAX_VISITED_PAGES): string[] {
  const entry = url.slice(0, MAX_URL);
  if (list[list.length - 1] === entry) return list; // a re-render or refresh is not a new visit
  const next = [...list, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function recordVisit(slug: string, pathname: string, search = '') {
  const session = storage('sessionStorage');
  const visits = readJson<string[]>(session, VISITS_KEY(slug)) ?? [];
  writeJson(
    session,
    VISITS_KEY(slug),
    addVisit(Array.isArray(visits) ? visits : [], pathname + search),
  );
  const found = campaignParams(search);
  if (Object.keys(found).length) {
    const kept = readJson<Record<string, string>>(session, PARAMS_KEY(slug)) ?? {};
    const merged = { ...kept, ...found };
    writeJson(session, PARAMS_KEY(slug), Object.fromEntries(Object.entries(merged).slice(0, 30)));
  }
}

export function visitedPages(slug: string): string[] {
  const visits = readJson<unknown>(storage('sessionStorage'), VISITS_KEY(slug));
  return Array.isArray(visits)
    ? visits.filter((v): v is string => typeof v === 'string' && v.startsWith('/'))
    : [];
}

export function linkedQueryParams(slug: string): Record<string, string> {
  const params = readJson<unknown>(storage('sessionStorage'), PARAMS_KEY(slug));
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;
}

/** The page seen before `current` this visit (the sign-in page's Back), or /. Never the sign-in page itself. */
export function previousPage(slug: string, current: string): string {
  const currentPath = current.split('?')[0];
  const visits = visitedPages(slug);
  for (let i = visits.length - 1; i >= 0; i--) {
    const path = visits[i].split('?')[0];
    if (path !== currentPath && path !== '/sign-in') return visits[i];
  }
  return '/';
}
