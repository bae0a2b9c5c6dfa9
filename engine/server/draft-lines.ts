/**
 * Words and links of a draft (drafts.ts): a change set in staff words (the publish and
 * discard summaries, History, the commit messages), its one line, the pages a review's
 * preview links open, and the log of drafts following the published site.
 */
import { diffSiteDocuments, touchedPages, type SiteChange } from '../document/diff.ts';
import { staffChangeLines } from '../document/words/change-words.ts';
import { parseDocumentText } from '../site/json-text.ts';
import { migrateDocument } from '../site/migrations.ts';
import { resolveTemplate, type TemplateLoader } from '../site/templates.ts';
import type { FollowOutcome } from './draft-follow.ts';
import type { Author } from './site-repo.ts';

type Json = Record<string, any>;

/** A stored document as the site shows it (its template merged), as the editor's review reads it. */
function shown(text: string | undefined, loadTemplate: TemplateLoader): Json {
  const doc = text === undefined ? {} : (parseDocumentText(text) as Json);
  if (typeof doc.template !== 'string') return doc;
  try {
    const load: TemplateLoader = (name) => {
      const t = loadTemplate(name);
      return t ? migrateDocument(t).doc : undefined;
    };
    return resolveTemplate(doc, load).doc;
  } catch {
    // A template that cannot be read: the document's own changes are still named.
    return doc;
  }
}

/**
 * What changed between two stored versions of a document, in staff words, risky changes
 * first: page, block and field named by their titles ("Page Home (/) › Hero home-hero ›
 * Heading: …"), the same lines the editor's review shows (docs/editor-design.md, "Staff words").
 */
export function staffLines(
  beforeText: string | undefined,
  afterText: string | undefined,
  loadTemplate: TemplateLoader,
): string[] {
  const docs = { before: shown(beforeText, loadTemplate), after: shown(afterText, loadTemplate) };
  return staffChangeLines(diffSiteDocuments(docs.before, docs.after), docs).map((l) => l.text);
}

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

/**
 * A review's description after its change lines: the published and draft preview links of the
 * pages it touches, and who asked for the review (a review makes no commit of its own, so the
 * pull request would not name them otherwise; docs/publishing.md, "Review in a pull request").
 */
export function reviewFooter(
  pages: string[],
  at: { previewBase: string; slug: string },
  requester?: Author,
): string {
  const path = (p: string) => (p === '/' ? '/' : p);
  const links = pages.map(
    (p) =>
      `- \`${p}\`: published ${at.previewBase}/sites/${at.slug}${path(p)} · draft ${at.previewBase}/drafts/${at.slug}${path(p)}`,
  );
  const previews = pages.length ? `\n\n### Before and after\n\n${links.join('\n')}\n` : '';
  if (!requester) return previews;
  const who = requester.email ? `${requester.name} <${requester.email}>` : requester.name;
  // The name is the member's (their token) or the sign-in's, already one short plain line;
  // escaped so that it reads as written in the pull request, never as a link or heading.
  const plain = who.replace(/[\\`*_[\]()#!|~]/g, '\\$&');
  return `${previews}${previews ? '\n' : '\n\n'}Review requested by ${plain}.\n`;
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
