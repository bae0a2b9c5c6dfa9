/**
 * The editor's client for the local API (engine/server/editor-api.ts, mounted at
 * /api/editor). Saves are draft commits; review, publish, history and restore follow
 * docs/publishing.md. Every request names the staff member (X-Forecourt-Staff).
 */
import type { TemplateInfo } from './template-choice.ts';
import type { Doc } from './doc.ts';
import type { DocumentIssue } from './issues.ts';
import { accessRefused, currentStaffName, currentToken } from './auth.ts';

export const API_BASE = '/api/editor';

export interface SiteSummary {
  slug: string;
  name: string;
  template?: string;
  region?: string;
  pages?: number;
  ok: boolean;
  issues: number;
  /** The site has a saved draft that is not published. */
  draft?: boolean;
  /** Created in the editor and never published: only its draft exists (docs/publishing.md). */
  unpublished?: boolean;
}

/** The site's unpublished draft, as the server describes it (the semantic diff published → draft, one line per change). */
export type { DraftInfo } from '../../engine/server/drafts.ts';
import type { DraftInfo } from '../../engine/server/drafts.ts';
import type { StaleSite } from '../../engine/server/stale-sites.ts';
import type { SyncState } from '../../engine/server/published-sync.ts';

export interface LoadedSite {
  slug: string;
  /** The draft when the site has one, else the published document. */
  document: Doc;
  /** The commit `document` comes from: send it back as `baseVersion`. */
  version: string;
  templates: Record<string, Doc>;
  resolved: Doc | null;
  issues: DocumentIssue[];
  draft?: DraftInfo;
  published?: { commit: string };
  /** Whether this staff member may publish. */
  canPublish?: boolean;
  /** Set while visitors get the site's last good revision because its published document is invalid. */
  liveProblem?: StaleSite;
  /** The server's sync with the git remote; absent without a remote. */
  sync?: SyncState;
}

/** The live site's status (GET /sites/:slug/status), which the editor asks for while a site is open. */
export interface SiteStatus {
  draft: DraftInfo;
  liveProblem?: StaleSite;
  sync?: SyncState;
}

export interface SaveResult {
  slug?: string;
  document: Doc;
  version: string;
  changed: boolean;
  /** Someone else saved since `baseVersion`; `document` is both saves merged block by block. */
  merged?: boolean;
  draft?: DraftInfo;
  live?: false;
}

/** Both sides changed the same value (the body of a 409 from a save or a publish). */
export interface Conflict {
  path: string;
  label: string;
  /** Each side that removed the value has no field. */
  base?: unknown;
  mine?: unknown;
  theirs?: unknown;
}

export interface ConflictBody {
  error: string;
  conflicts: Conflict[];
  /** The merge with *their* values in place. */
  document: Doc;
  /** Save the resolved document with this as `baseVersion`. */
  version: string;
}

export interface ReviewResult {
  branch: string;
  remote?: string;
  pushed: boolean;
  markdown: string;
  /** The pull request the server opened (or found open) on GitHub (FORECOURT_GITHUB_TOKEN). */
  pullRequest?: { url: string; number: number; created: boolean };
  /** Why GitHub did not open it (the branch is pushed; open it by hand). */
  pullRequestError?: string;
}

export interface PublishedVersion {
  commit: string;
  author: string;
  date: string;
  message: string;
  summary: string[];
}

/** The conflicts of a 409, when it carries them. */
export function conflictOf(err: unknown): ConflictBody | undefined {
  const e = err as ApiError;
  if (
    !(e instanceof ApiError) ||
    e.status !== 409 ||
    !Array.isArray(e.body.conflicts) ||
    !e.body.document
  )
    return undefined;
  return {
    error: String(e.body.error ?? e.message),
    conflicts: e.body.conflicts as Conflict[],
    document: e.body.document as Doc,
    version: String(e.body.version),
  };
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
  /** A 403 is this request's own answer (publish: "you may not publish"), not "remote editing is off". */
  forbiddenIsAnswer?: boolean;
  /** Milliseconds to wait for the answer (REQUEST_TIMEOUT unless given). */
  timeout?: number;
}

/**
 * How long a request waits for the server before it fails (and says so), so no
 * "Saving…" hangs on a server that froze; the work stays in this browser and the action
 * can be tried again. Requests that may go through the git remote (a draft's load, save,
 * restore and discard, review, publish) wait as long as the server lets git take
 * (FORECOURT_GIT_TIMEOUT_SECONDS, 60 s by default) and more.
 */
export const REQUEST_TIMEOUT = 30_000;
export const REMOTE_REQUEST_TIMEOUT = 120_000;

export const timeoutMessage = (ms: number) =>
  `the server did not answer within ${Math.round(ms / 1000)} seconds; your draft is kept in this browser, try again`;

function withTimeout(signal: AbortSignal | null | undefined, ms: number): AbortSignal {
  const timer = AbortSignal.timeout(ms);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timer]) : timer;
}

/** One editor API request: token, staff name, JSON in and out, refusals shown as sign-in. */
export async function request<T>(
  path: string,
  init: RequestInit = {},
  options: RequestOptions = {},
): Promise<T> {
  const checking = options.token !== undefined;
  const token = checking ? options.token : currentToken();
  const staff = currentStaffName();
  const timeout = options.timeout ?? REQUEST_TIMEOUT;
  const signal = withTimeout(init.signal, timeout);
  let res: Response;
  let body: Record<string, any> = {};
  try {
    res = await fetch(API_BASE + path, {
      ...init,
      signal,
      headers: {
        Accept: 'application/json',
        ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}), // a file upload sends its own type
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(staff ? { 'X-Forecourt-Staff': encodeURIComponent(staff) } : {}),
        ...init.headers,
      },
    });
    try {
      body = await res.json();
    } catch (err) {
      if (signal.aborted) throw err; // timed out while the answer came in
      /* not JSON */
    }
  } catch (err) {
    if (init.signal?.aborted) throw err; // the caller's own cancel
    if (signal.aborted) throw new ApiError(timeoutMessage(timeout), 0);
    throw new ApiError(
      `the server could not be reached (${(err as Error).message}); your draft is kept in this browser`,
      0,
    );
  }
  if (!res.ok) {
    const issues = Array.isArray(body.issues) ? (body.issues as DocumentIssue[]) : [];
    const message =
      body.error ??
      (issues.length
        ? `the server refused the document: ${issues.length} problem${issues.length === 1 ? '' : 's'}`
        : `the server answered ${res.status} ${res.statusText}`);
    // The editor shows its sign-in (401) or "remote editing is off" (403) screen.
    if (!checking && (res.status === 401 || (res.status === 403 && !options.forbiddenIsAnswer)))
      accessRefused(res.status, body.error, token);
    throw new ApiError(message, res.status, issues, body);
  }
  return body as T;
}

const site = (slug: string) => `/sites/${encodeURIComponent(slug)}`;
/** Drafts are shared through the git remote when the server has one (docs/publishing.md): reading, saving, restoring and discarding one may wait on it. */
const REMOTE: RequestOptions = { timeout: REMOTE_REQUEST_TIMEOUT };

export const api = {
  /** Whether the server accepts this editor token (a 401 ApiError when not); changes no state. */
  checkToken: (token: string) =>
    request<{ sites: SiteSummary[] }>('/sites', {}, { token }).then(() => undefined),
  listSites: () => request<{ sites: SiteSummary[] }>('/sites').then((r) => r.sites),
  listTemplates: () =>
    request<{ templates: TemplateInfo[] }>('/templates').then((r) => r.templates),
  /** The document to edit (the draft when there is one), its version, the draft and whether this staff member may publish. */
  loadSite: (slug: string) => request<LoadedSite>(site(slug), {}, REMOTE),
  /** The live site's status: its last good revision in use, the sync with the remote, the draft. */
  siteStatus: (slug: string) => request<SiteStatus>(`${site(slug)}/status`),
  /** Creates the site's first draft (visitors see it once it is published). */
  createSite: (site: NewSite) =>
    request<{ slug: string; document: Doc; version: string; draft?: DraftInfo }>(
      '/sites',
      { method: 'POST', body: JSON.stringify(site) },
      REMOTE,
    ),
  /** Saves a draft commit (nothing goes live). A 409 with conflicts: see `conflictOf`. */
  saveSite: (slug: string, document: Doc, baseVersion?: string) =>
    request<SaveResult>(
      site(slug),
      { method: 'PUT', body: JSON.stringify({ document, baseVersion }) },
      REMOTE,
    ),
  /** The semantic diff published → draft. */
  diff: (slug: string) =>
    request<{ changes: unknown[]; text: string; markdown: string }>(`${site(slug)}/diff`),
  /** Pushes the draft branch (when the server has a remote) and returns the review description. */
  requestReview: (slug: string) =>
    request<ReviewResult>(
      `${site(slug)}/review`,
      { method: 'POST' },
      { timeout: REMOTE_REQUEST_TIMEOUT },
    ),
  /** Merges the draft into the published site (403: this staff member may not publish). */
  publish: (slug: string) =>
    request<{ published: string | { commit: string }; document: Doc }>(
      `${site(slug)}/publish`,
      { method: 'POST' },
      { forbiddenIsAnswer: true, timeout: REMOTE_REQUEST_TIMEOUT },
    ),
  /** Published versions, newest first. */
  history: (slug: string) =>
    request<{ versions: PublishedVersion[] }>(`${site(slug)}/history`).then((r) => r.versions),
  /** Makes a published version the draft (nothing is published). */
  restore: (slug: string, commit: string) =>
    request<SaveResult>(
      `${site(slug)}/restore`,
      { method: 'POST', body: JSON.stringify({ commit }) },
      REMOTE,
    ),
  /** Deletes the site's draft branch. */
  discardDraft: (slug: string) =>
    request<Record<string, unknown>>(`${site(slug)}/draft`, { method: 'DELETE' }, REMOTE),
  /** The server validates the draft as the runtime would and returns it prepared for the preview. */
  check: (document: Doc, signal?: AbortSignal) =>
    request<{ issues: DocumentIssue[]; site: Doc | null }>('/check', {
      method: 'POST',
      body: JSON.stringify({ document }),
      signal,
    }),
  models: (makes: string[]) =>
    request<{ models: unknown[] }>(`/models?makes=${encodeURIComponent(makes.join(','))}`).then(
      (r) => r.models,
    ),
};
