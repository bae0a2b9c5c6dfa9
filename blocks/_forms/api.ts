/**
 * Calls to the site's API ({site.api.baseUrl}/…; /api is the platform's own). Every
 * call answers an outcome instead of throwing: ok with the data, or the error sentence
 * and per-field problems the API sent (ApiError), or a network failure.
 *
 * Lead submits may be retried (network failure, 502/503/504): the body, and so its
 * submission_id, is sent again unchanged and the API stores one lead.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { FieldError as ApiFieldError } from '../../schemas/types.gen.ts';
import { MESSAGES } from './messages.ts';
import { decodePointerSegment } from '../../engine/tree.ts';

export type { ApiFieldError };

export type ApiOutcome<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error?: string; fields: ApiFieldError[]; network: boolean };

export interface RequestOptions {
  /** Extra attempts after a network failure or a 502/503/504 (default 0). */
  retries?: number;
  /** Bearer session token. */
  token?: string;
  signal?: AbortSignal;
  /** For tests. */
  fetch?: typeof fetch;
  /** Milliseconds before the first retry, doubled each time (default 400); longer when the server's Retry-After asks (at most MAX_RETRY_AFTER_MS). */
  backoffMs?: number;
}

/** The longest a submit waits on a server's Retry-After before its next attempt. */
export const MAX_RETRY_AFTER_MS = 10_000;

type SiteApi = Pick<ResolvedSite, 'api'>;

export function apiUrl(site: SiteApi, path: string): string {
  const base = (site.api?.baseUrl || '/api').replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

const RETRYABLE = new Set([502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function apiRequest<T>(
  site: SiteApi,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiOutcome<T>> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const retries = options.retries ?? 0;
  const backoff = options.backoffMs ?? 400;
  let last: ApiOutcome<T> = { ok: false, status: 0, fields: [], network: true };
  let askedMs = 0; // the last answer's Retry-After (a database away answers 503 with it)
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(Math.max(backoff * 2 ** (attempt - 1), askedMs));
    let response: Response;
    try {
      response = await doFetch(apiUrl(site, path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError')
        return { ok: false, status: 0, fields: [], network: true };
      last = { ok: false, status: 0, fields: [], network: true };
      continue;
    }
    const json = await response.json().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status, data: json as T };
    const error = json && typeof json.error === 'string' ? (json.error as string) : undefined;
    const fields = Array.isArray(json?.fields) ? (json.fields as ApiFieldError[]) : [];
    last = { ok: false, status: response.status, error, fields, network: false };
    if (!RETRYABLE.has(response.status)) return last;
    const seconds = Number(response.headers?.get('retry-after'));
    askedMs = Number.isFinite(seconds)
      ? Math.min(Math.max(0, seconds) * 1000, MAX_RETRY_AFTER_MS)
      : 0;
  }
  return last;
}

export const apiGet = <T>(site: SiteApi, path: string, options?: RequestOptions) =>
  apiRequest<T>(site, 'GET', path, undefined, options);
export const apiPost = <T>(site: SiteApi, path: string, body: unknown, options?: RequestOptions) =>
  apiRequest<T>(site, 'POST', path, body, options);

/** What a lead submit came to (docs/forms.md, "How every form behaves"). */
export interface LeadResult {
  leadId?: number;
  /** The lead's secret (lead_secret), needed to act on the lead later; kept in memory only (docs/api.md, "Leads"). */
  leadSecret?: string;
  /** Form-level error for the destructive alert. */
  error?: string;
  /** Per-field problems the API reported (JSON pointers). */
  fields: ApiFieldError[];
  /** No answer came, or the server failed (5xx): the same submit may be tried again. */
  retryable?: boolean;
}

/**
 * A lead submit's outcome (docs/forms.md, "How every form behaves"): with a lead_id the
 * submit succeeded; otherwise the returned error shows, or "An unexpected error occured"
 * when the answer had neither. No answer at all (network) shows "An error occurred when
 * submitting this form".
 */
export function leadResult(
  outcome: ApiOutcome<{ lead_id?: unknown; lead_secret?: unknown; error?: unknown }>,
): LeadResult {
  if (outcome.ok) {
    const id = outcome.data?.lead_id;
    const secret = outcome.data?.lead_secret;
    if (typeof id === 'number' && id > 0)
      return {
        leadId: id,
        ...(typeof secret === 'string' ? { leadSecret: secret } : {}),
        fields: [],
      };
    const error =
      typeof outcome.data?.error === 'string' && outcome.data.error
        ? outcome.data.error
        : MESSAGES.unexpected;
    return { error, fields: [] };
  }
  if (outcome.network) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return { error: offline ? MESSAGES.offline : MESSAGES.formError, fields: [], retryable: true };
  }
  return {
    error: outcome.error ?? MESSAGES.unexpected,
    fields: outcome.fields,
    ...(outcome.status >= 500 ? { retryable: true } : {}),
  };
}

/** A general form's failure: the server's message or "An error occurred when submitting this form". */
export function formResult(outcome: ApiOutcome<unknown>): {
  error?: string;
  fields: ApiFieldError[];
} {
  if (outcome.ok) return { fields: [] };
  return { error: outcome.error ?? MESSAGES.formError, fields: outcome.fields };
}

/** The form field a field error points at: "/email" → email, "/fields/phone" → phone, "/captcha/answer" → captcha. */
export function fieldNameOf(path: string, aliases: Record<string, string> = {}): string {
  const parts = path.split('/').filter(Boolean).map(decodePointerSegment);
  const [first, second] = parts;
  const name = first === 'fields' || first === 'value' ? (second ?? first) : (first ?? '');
  return aliases[name] ?? name;
}
