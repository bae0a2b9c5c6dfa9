/**
 * What the editor says about the live site (docs/editor-guide.md, "The live site's status"):
 * whether visitors get the published document or its last good revision, and how the server's
 * sync with the git remote is doing (docs/publishing.md, "When the remote fails"). Words
 * only; LiveStatus.tsx shows them.
 */
import type { StaleSite } from '../../engine/server/stale-sites.ts';
import type { SyncState } from '../../engine/server/published-sync.ts';
import type { DraftInfo } from './api.ts';
import { formatWhen } from './publishing.ts';

export type { StaleSite, SyncState };

export interface LiveStatusLine {
  /** `problem`: visitors are affected (an alert); `warning`: something to know; `ok`: all is well. */
  kind: 'problem' | 'warning' | 'ok';
  text: string;
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const LIVE_STATUS = {
  invalid: (problem: StaleSite) => {
    const [first] = problem.issues;
    const more = problem.issues.length > 1 ? ` (and ${problem.issues.length - 1} more)` : '';
    return `The published version of this site is invalid, so visitors still see the version that was live before ${formatWhen(problem.since)}. ${first ? `First problem: ${first.path} ${first.message}${more}. ` : ''}Fix it and publish, or fix it in a pull request.`;
  },
  failing: (sync: SyncState) =>
    `The live site may be behind: bringing in published changes from the remote failed ${times(sync.failuresInARow)} in a row (${sync.lastError ?? 'no reason given'}). ${sync.nextAttemptAt ? `Next try at ${formatWhen(sync.nextAttemptAt)}. ` : ''}${sync.lastSuccessAt ? `Last brought in at ${formatWhen(sync.lastSuccessAt)}.` : 'Nothing was brought in since the server started.'}`,
  behind: (n: number) =>
    `${plural(n, 'published change')} on the remote ${n === 1 ? 'is' : 'are'} not live here yet.`,
  ahead: (n: number) =>
    `${plural(n, 'publish', 'publishes')} made here ${n === 1 ? 'is' : 'are'} not on the remote yet; the server sends ${n === 1 ? 'it' : 'them'} again at its next sync.`,
  starting: 'Checking the remote for published changes…',
  upToDate: (sync: SyncState) =>
    `The live site is up to date with the remote (checked at ${formatWhen(sync.lastSuccessAt)}).`,
  conflicts: (n: number) =>
    `Since this draft began, the published site changed ${plural(n, 'value')} this draft changes too: publishing asks which to keep.`,
  newSite: 'New site, not published yet: visitors cannot see it until it is published.',
} as const;

/** The lines of the live site's status, most important first; none without a remote and a problem. */
export function liveStatusLines(status: {
  sync?: SyncState;
  liveProblem?: StaleSite;
}): LiveStatusLine[] {
  const lines: LiveStatusLine[] = [];
  const { sync, liveProblem } = status;
  if (liveProblem) lines.push({ kind: 'problem', text: LIVE_STATUS.invalid(liveProblem) });
  if (!sync) return lines;
  if (sync.state === 'failing') lines.push({ kind: 'problem', text: LIVE_STATUS.failing(sync) });
  if (sync.behind) lines.push({ kind: 'warning', text: LIVE_STATUS.behind(sync.behind) });
  if (sync.ahead) lines.push({ kind: 'warning', text: LIVE_STATUS.ahead(sync.ahead) });
  if (sync.state === 'starting' && !lines.length)
    lines.push({ kind: 'ok', text: LIVE_STATUS.starting });
  if (sync.state === 'ok' && !lines.length)
    lines.push({ kind: 'ok', text: LIVE_STATUS.upToDate(sync) });
  return lines;
}

/** What the draft's status line adds: a new site not published yet, values both changed. */
export function draftNotes(draft: DraftInfo): string[] {
  return [
    ...(draft.newSite ? [LIVE_STATUS.newSite] : []),
    ...(draft.conflicts ? [LIVE_STATUS.conflicts(draft.conflicts)] : []),
  ];
}
