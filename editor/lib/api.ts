/** The editor's client for the local API (engine/server/editor-api.ts, mounted at /api/editor). */
import type { Doc } from './doc.ts';
import type { DocumentIssue } from './issues.ts';
import { accessRefused, currentToken } from './auth.ts';

export const API_BASE = '/api/editor';

export interface SiteSummary {
  slug: string;
  name: string;
  template?: string;
  region?: string;
  pages?: number;
  ok: boolean;
  issues: number;
}

export interface LoadedSite {
  slug: string;
  document: Doc;
  version: string;
  templates: Record<string, Doc>;
  resolved: Doc | null;
  issues: DocumentIssue[];
}

export interface NewSite {
  slug: string;
  name: string;
  region: string;
  template?: string;
  dealerships: Array<{ id: number; slug: string; name: string; manufacturers?: string[] }>;
}

/** A failed request, with the server's issues when it refused a document. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: DocumentIssue[] = [],
    readonly body: Record<string, any> = {},
  ) {
    super(message);
  }
}

interface RequestOptions {
  /** Send this token instead of the signed-in one, and leave the sign-in state alone (checking a token). */
  token?: string;
}

async function request<T>(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<T> {
  const checking = options.token !== undefined;
  const token = checking ? options.token : currentToken();
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });
  } catch (err) {
    throw new ApiError(`the server could not be reached (${(err as Error).message}); your draft is kept in this browser`, 0);
  }
  let body: Record<string, any> = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const issues = Array.isArray(body.issues) ? (body.issues as DocumentIssue[]) : [];
    const message =
      body.error ??
      (issues.length ? `the server refused the document: ${issues.length} problem${issues.length === 1 ? '' : 's'}` : `the server answered ${res.status} ${res.statusText}`);
    // The editor shows its sign-in (401) or "remote editing is off" (403) screen.
    if (!checking && (res.status === 401 || res.status === 403)) accessRefused(res.status, body.error, token);
    throw new ApiError(message, res.status, issues, body);
  }
  return body as T;
}

export const api = {
  /** Whether the server accepts this editor token (a 401 ApiError when not); changes no state. */
  checkToken: (token: string) => request<{ sites: SiteSummary[] }>('/sites', {}, { token }).then(() => undefined),
  listSites: () => request<{ sites: SiteSummary[] }>('/sites').then((r) => r.sites),
  listTemplates: () => request<{ templates: Array<{ name: string; document: Doc }> }>('/templates').then((r) => r.templates),
  loadSite: (slug: string) => request<LoadedSite>(`/sites/${encodeURIComponent(slug)}`),
  createSite: (site: NewSite) => request<{ slug: string; document: Doc; version: string }>('/sites', { method: 'POST', body: JSON.stringify(site) }),
  saveSite: (slug: string, document: Doc, baseVersion?: string) =>
    request<{ slug: string; document: Doc; version: string; changed: boolean; live: boolean }>(`/sites/${encodeURIComponent(slug)}`, {
      method: 'PUT',
      body: JSON.stringify({ document, baseVersion }),
    }),
  /** The server validates the draft as the runtime would and returns it prepared for the preview. */
  check: (document: Doc, signal?: AbortSignal) =>
    request<{ issues: DocumentIssue[]; site: Doc | null }>('/check', { method: 'POST', body: JSON.stringify({ document }), signal }),
  models: (makes: string[]) => request<{ models: unknown[] }>(`/models?makes=${encodeURIComponent(makes.join(','))}`).then((r) => r.models),
};
