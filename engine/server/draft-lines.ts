/**
 * Words and links of a draft (drafts.ts): the one-line commit message of a change set, the
 * pages a review's preview links open, and the log of drafts following the published site.
 */
import { touchedPages, type SiteChange } from '../document/diff.ts';
import { parseDocumentText } from '../site/json-text.ts';
import type { FollowOutcome } from './draft-follow.ts';

type Json = Record<string, any>;

/** The first change, and how many more. */
export function oneLine(lines: string[]): string {
  if (!lines.length) return '';
  const first = lines[0].length > 120 ? `${lines[0].slice(0, 119)}…` : lines[0];
  return lines.length > 1
    ? `${first} (and ${lines.length - 1} more change${lines.length > 2 ? 's' : ''})`
    : first;
}

/** The fixed paths of the pages a change set touches (for preview links); the home page when every page may change. */
export function touchedPaths(changes: SiteChange[], afterText: string | undefined): string[] {
  const doc = afterText ? (parseDocumentText(afterText) as Json) : {};
  const pages: Json[] = Array.isArray(doc.pages) ? doc.pages : [];
  const touched = touchedPages(changes);
  const fixed = (p: Json) =>
    typeof p.path === 'string' && !p.path.includes(':') && !p.path.includes('*');
  const paths = pages
    .filter((p) => touched.pages.has(p.id) && fixed(p))
    .map((p) => p.path as string);
  return touched.everyPage || !paths.length ? ['/', ...paths.filter((p) => p !== '/')] : paths;
}

/** Says what following the published site did to drafts: a draft left behind is a warning. */
export function logFollowed(outcomes: FollowOutcome[]) {
  for (const { slug, kind, conflicts, how, reviewBranch } of outcomes) {
    if (kind === 'published')
      console.warn(
        `[forecourt] the draft of ${slug} is published (${how === 'same-changes' ? 'its changes are all on the published branch: a squash or rebase merge of its pull request' : 'its pull request was merged'}); the draft and its review branch are done`,
      );
    else if (kind === 'followed' && reviewBranch === 'left')
      console.warn(
        `[forecourt] the draft of ${slug} follows the published site; it was saved since its review was requested, so its review branch gets this with the next "Request review"`,
      );
    else if (kind === 'conflict')
      console.warn(
        `[forecourt] the draft of ${slug} could not follow the published site: both changed ${conflicts} value(s); publishing it asks which to keep`,
      );
    else if (kind === 'invalid')
      console.warn(
        `[forecourt] the draft of ${slug} could not follow the published site: laid over it, the document would be invalid; it is left as it was`,
      );
  }
}
