/**
 * Staff sign-in for the editor API (engine/server/security.ts `staffOnly`). With
 * FORECOURT_EDITOR_TOKEN set on the server every request needs "Authorization: Bearer
 * <token>"; the token staff type in is kept in sessionStorage, so it ends with the browser
 * session (never in localStorage, where the drafts live and stay).
 *
 * `api.ts` reports refusals here: a 401 asks for the token, a 403 means the server answers
 * only its own machine. The app shows the matching screen while the state says so.
 *
 * Staff also give their name (docs/publishing.md: draft commits, reviews and publishes
 * carry it in the X-Forecourt-Staff header). The name is not a secret: it is kept in
 * localStorage, so it survives browser sessions, and "Sign out" leaves it.
 */
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'forecourt:editor:token';
export const STAFF_KEY = 'forecourt:editor:staff';

export type Access =
  /** Requests go through (with `token` when one is in use). */
  | { kind: 'ok'; token?: string }
  /** The API answered 401: sign in. `reason` says why when a token was in use. */
  | { kind: 'sign-in'; reason?: string }
  /** The API answered 403: remote editing is off (no FORECOURT_EDITOR_TOKEN on the server). */
  | { kind: 'forbidden'; message?: string };

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function readToken(): string | undefined {
  try {
    return session()?.getItem(TOKEN_KEY) || undefined;
  } catch {
    return undefined;
  }
}

// When the browser refuses sessionStorage the token lives in memory (this page) only.
let memoryToken: string | undefined;
let access: Access = { kind: 'ok', token: readToken() };
const listeners = new Set<() => void>();

function set(next: Access) {
  access = next;
  for (const l of listeners) l();
}

/** The token sent with editor API requests, if any. */
export function currentToken(): string | undefined {
  return readToken() ?? memoryToken;
}

export function getAccess(): Access {
  return access;
}

export function subscribeAccess(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useAccess(): Access {
  return useSyncExternalStore(subscribeAccess, getAccess);
}

/** Keeps the token for this browser session and lets the editor continue. */
export function signIn(token: string) {
  memoryToken = undefined;
  try {
    const s = session();
    if (!s) throw new Error('no sessionStorage');
    s.setItem(TOKEN_KEY, token);
  } catch {
    memoryToken = token;
  }
  set({ kind: 'ok', token });
}

/** Forgets the token (drafts in localStorage stay) and shows the sign-in screen. */
export function signOut() {
  forgetToken();
  set({ kind: 'sign-in' });
}

function forgetToken() {
  memoryToken = undefined;
  try {
    session()?.removeItem(TOKEN_KEY);
  } catch {
    /* nothing kept */
  }
}

/**
 * The API refused a request sent with `sentToken`. A refusal of a token that is no longer
 * the current one (signed in again meanwhile) changes nothing.
 */
export function accessRefused(
  status: 401 | 403,
  message: string | undefined,
  sentToken: string | undefined,
) {
  if (sentToken !== currentToken()) return;
  if (status === 401) {
    if (access.kind === 'sign-in') return;
    if (sentToken) forgetToken();
    set({
      kind: 'sign-in',
      reason: sentToken
        ? 'Your editor token was not accepted any more (it may have been changed on the server). Sign in again.'
        : undefined,
    });
  } else if (access.kind !== 'forbidden') {
    set({ kind: 'forbidden', message });
  }
}

/** Try again after a 403 (e.g. once the server has a token). */
export function retryAccess() {
  set({ kind: 'ok', token: currentToken() });
}

// ---------------------------------------------------------------- staff name

function local(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readStaffName(): string {
  try {
    return local()?.getItem(STAFF_KEY)?.trim() ?? '';
  } catch {
    return '';
  }
}

// When the browser refuses localStorage the name lives in memory (this page) only.
let staffName = readStaffName();
const staffListeners = new Set<() => void>();

/** Why a name cannot be used, or undefined when it can. */
export function staffNameProblem(name: string): string | undefined {
  const given = name.trim();
  if (!given) return 'Enter your name: saved drafts and publishes carry it.';
  if (given.length > 80) return 'That name is too long (80 characters at most).';
  if (/[\u0000-\u001f\u007f<>]/.test(given))
    return 'A name cannot contain control characters or < >.';
  return undefined;
}

/** The staff member's name, '' until they have given it. */
export function currentStaffName(): string {
  return staffName;
}

export function subscribeStaffName(listener: () => void) {
  staffListeners.add(listener);
  return () => void staffListeners.delete(listener);
}

export function useStaffName(): string {
  return useSyncExternalStore(subscribeStaffName, currentStaffName);
}

/** Remembers the name (trimmed) in this browser, across sessions. */
export function setStaffName(name: string) {
  staffName = name.trim();
  try {
    if (staffName) local()?.setItem(STAFF_KEY, staffName);
    else local()?.removeItem(STAFF_KEY);
  } catch {
    /* kept in memory */
  }
  for (const l of staffListeners) l();
}
