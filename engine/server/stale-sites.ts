/**
 * Sites kept on their last good revision: a site that was serving a valid document goes on
 * serving it when the document that replaces it (a file edited in place, a merged pull
 * request brought in by the git sync) is invalid or does not parse. What failed is kept
 * here until a valid document arrives, logged once per change, and shown on /healthz and
 * in the editor (docs/publishing.md, "When the remote fails").
 */
import { basename } from 'node:path';
import type { SiteEntry } from '../site/folder.ts';
import { readPlainFile } from '../site/safe-file.ts';
import { formatIssue } from '../site/source.ts';
import type { DocumentIssue } from '../site/types.ts';

/** What keeps a site on its last good revision. */
export interface StaleSite {
  slug: string;
  /** The document that failed: its file name in the sites folder (`{slug}.json`). */
  file: string;
  /** When the site stopped following its file (ISO time): the first failing document since the last good one. */
  since: string;
  /** The latest failing document's issues, as the validator gives them: JSON path and message. */
  issues: DocumentIssue[];
}

/** How many issues the log shows of a failing document (all of them are on /healthz). */
export const LOGGED_ISSUES = 5;

/** A line that git writes where a merge stopped on a conflict (`<<<<<<< ours`, `|||||||`, `>>>>>>> theirs`). */
const CONFLICT_MARKER = /^(?:<{7}|\|{7}|>{7})(?: |$)/m;

export function conflictMarkersMessage(file: string, line: number): string {
  return `${file} holds git conflict markers (<<<<<<<, =======, >>>>>>>; the first on line ${line}): a merge was committed before its conflict was resolved. Keep one side of each conflict, delete the marker lines and commit the file again`;
}

/**
 * The entry, with a document that did not parse because of git's conflict markers said to
 * be that (JSON's own complaint, an unexpected character, does not help whoever fixes it).
 */
export function withConflictMarkersNamed(entry: SiteEntry): SiteEntry {
  if (entry.ok || entry.raw !== undefined) return entry; // a document that parsed has no markers
  let text: string;
  try {
    text = readPlainFile(entry.file); // a symlink or special file is never read (safe-file.ts)
  } catch {
    return entry;
  }
  const marker = CONFLICT_MARKER.exec(text);
  if (!marker) return entry;
  const line = text.slice(0, marker.index).split('\n').length;
  return {
    ...entry,
    issues: [{ path: '/', message: conflictMarkersMessage(basename(entry.file), line) }],
    sources: undefined,
  };
}

/** The failures of the sites kept on their last good revision, by slug. */
export class StaleSites {
  private readonly bySlug = new Map<string, StaleSite>();

  constructor(private readonly options: { quiet?: boolean } = {}) {}

  /**
   * Records that `failed` did not replace the site's good revision; logs it unless the
   * same failure is already recorded (the git sync and the file watcher both see a change).
   */
  record(failed: Extract<SiteEntry, { ok: false }>) {
    const issues = failed.issues.map(({ path, message }) => ({ path, message }));
    const known = this.bySlug.get(failed.slug);
    if (known && JSON.stringify(known.issues) === JSON.stringify(issues)) return;
    const problem: StaleSite = {
      slug: failed.slug,
      file: basename(failed.file),
      since: known?.since ?? new Date().toISOString(),
      issues,
    };
    this.bySlug.set(failed.slug, problem);
    if (this.options.quiet) return;
    const shown = failed.issues
      .slice(0, LOGGED_ISSUES)
      .map((issue, n) => `  ${formatIssue(issue, failed.sources?.[n])}`);
    if (issues.length > LOGGED_ISSUES) shown.push(`  … and ${issues.length - LOGGED_ISSUES} more`);
    console.error(
      `[forecourt] site ${failed.slug}: its new document ${problem.file} is invalid, so visitors keep its last good revision (since ${problem.since}) until a valid one arrives:\n${shown.join('\n')}`,
    );
  }

  /** Forgets a site's failure (a valid document arrived, or the site is gone); says so when there was one. */
  clear(slug: string, { loaded = false } = {}) {
    const known = this.bySlug.get(slug);
    if (!known) return;
    this.bySlug.delete(slug);
    if (loaded && !this.options.quiet)
      console.warn(
        `[forecourt] site ${slug}: ${known.file} is valid again and served (it was kept on its last good revision since ${known.since})`,
      );
  }

  get(slug: string): StaleSite | undefined {
    return this.bySlug.get(slug);
  }

  /** Every site kept on its last good revision, by slug. */
  all(): StaleSite[] {
    return [...this.bySlug.values()].sort((a, b) =>
      a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0,
    );
  }
}

/** What /healthz adds about the sites: `{ sites: { stale } }` while any is kept on its last good revision, else nothing. */
export function sitesHealth(stale: StaleSite[]): { sites?: { stale: StaleSite[] } } {
  return stale.length ? { sites: { stale } } : {};
}
