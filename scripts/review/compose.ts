/**
 * The review as Markdown (docs/publishing.md, "Review in a pull request"): problems
 * first, then the changes that need a careful look, then what changes file by file, then
 * the pictures. Two versions: the full review, and the comment, which must stay under
 * COMMENT_LIMIT characters (GitHub refuses a comment over 65,536): it shortens the file
 * sections, largest first, to one line each that points to the full review.
 */
import { mdCode, plural } from '../../engine/document/diff-sentences.ts';
import type { FileSection } from './file-sections.ts';
import { RISK_ORDER, RISK_TITLES, type RiskyLine } from './risk.ts';
import type { PictureFailure } from '../diff-sites/pictures.ts';

/** The longest comment the review posts (GitHub's limit is 65,536 characters). */
export const COMMENT_LIMIT = 60_000;
/** Risky facts of one kind the comment lists before pointing to the full review. */
export const RISK_LINES_IN_COMMENT = 15;

export interface Invalid {
  file: string;
  lines: string[];
}

export type { PictureFailure };

export interface ReviewParts {
  base: string;
  invalid: Invalid[];
  sections: FileSection[];
  /** Present when pictures were asked for. */
  pictures?: { count: number; dir: string; failures: PictureFailure[]; notes: string[] };
  /** Where the full review is, for a comment that had to be shortened. */
  fullReviewAt?: string;
}

const code = (s: string) => mdCode(s.replace(/`/g, "'"));

/** Invalid documents the comment lists one by one, and issues of each. */
export const INVALID_IN_COMMENT = { documents: 20, issues: 10 };

function problems(p: ReviewParts, cap: typeof INVALID_IN_COMMENT | undefined): string[] {
  const out: string[] = [];
  if (p.invalid.length) {
    const n = p.invalid.length;
    out.push(
      `**${n} site document${n === 1 ? ' is' : 's are'} invalid**; the server would answer 503 for ${n === 1 ? 'it' : 'them'}:`,
      '',
    );
    for (const r of p.invalid.slice(0, cap?.documents)) {
      out.push(`- ${code(r.file)}`);
      for (const line of r.lines.slice(0, cap?.issues)) out.push(`  - ${code(line)}`);
      if (cap && r.lines.length > cap.issues)
        out.push(`  - … and ${r.lines.length - cap.issues} more (in the full review)`);
    }
    if (cap && n > cap.documents)
      out.push(`- … and ${n - cap.documents} more documents (in the full review)`);
    out.push('');
  }
  const unreadable = p.sections.filter((s) => s.unreadable);
  if (unreadable.length) {
    out.push(
      `**${plural(unreadable.length, 'file')} cannot be read**, so ${unreadable.length === 1 ? 'its' : 'their'} changes are not shown:`,
      '',
      ...unreadable.map((s) => `- ${code(s.file)}: ${code(s.unreadable ?? '')}`),
      '',
    );
  }
  const failed = p.pictures?.failures ?? [];
  if (failed.length) {
    out.push(
      `**${plural(failed.length, 'page')} could not be pictured** (a reviewer cannot see ${failed.length === 1 ? 'it' : 'them'}):`,
      '',
      ...failed.map(
        (f) => `- ${code(f.site)} page ${code(f.page)} (${code(f.route)}): ${f.reason}`,
      ),
      '',
    );
  }
  if (!out.length) out.push('Every site document is valid (schema, links, ids, host names).', '');
  return out;
}

function risky(sections: FileSection[], cap: number): { lines: string[]; cut: boolean } {
  const all: RiskyLine[] = sections.flatMap((s) => s.risks);
  if (!all.length) return { lines: [], cut: false };
  let cut = false;
  const out = [
    '### Needs a careful look',
    '',
    'Scripts, host names, links to other sites, prices and finance wording, and feature switches, as this change adds (+) or removes (−) them:',
    '',
  ];
  for (const kind of RISK_ORDER) {
    const mine = all.filter((r) => r.kind === kind);
    if (!mine.length) continue;
    out.push(`#### ${RISK_TITLES[kind]} (${mine.length})`, '');
    for (const r of mine.slice(0, cap))
      out.push(`- ${code(r.file)} ${r.sign === '+' ? '+' : '−'} ${code(r.line)}`);
    if (mine.length > cap) {
      out.push(`- … and ${mine.length - cap} more (in the full review)`);
      cut = true;
    }
    out.push('');
  }
  return { lines: out, cut };
}

function picturesPart(p: ReviewParts): string[] {
  if (!p.pictures) return [];
  const { count, dir, notes } = p.pictures;
  return [
    '### Before and after',
    '',
    count
      ? `${plural(count, 'picture')} of the pages these changes touch are in ${code(dir)} (index.md), uploaded with this run.`
      : 'No page looks different, so there are no pictures.',
    ...notes.map((n) => `- ${n}`),
    '',
  ];
}

/** Problems and risky changes first: sections are ordered unreadable, risky, the rest. */
function ordered(sections: FileSection[]): FileSection[] {
  const rank = (s: FileSection) => (s.unreadable ? 0 : s.risks.length ? 1 : 2);
  return sections
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map((x) => x.s);
}

function assemble(p: ReviewParts, bodies: Map<FileSection, string>, comment: boolean) {
  const r = risky(p.sections, comment ? RISK_LINES_IN_COMMENT : Infinity);
  const changes = p.sections.length
    ? [
        `${plural(p.sections.length, 'file')} changed.`,
        '',
        ...ordered(p.sections).map((s) => `${s.heading}\n\n${bodies.get(s)!.trimEnd()}\n`),
      ]
    : ['No changes to site documents.', ''];
  return {
    text: [
      '## Site documents',
      '',
      ...problems(p, comment ? INVALID_IN_COMMENT : undefined),
      ...r.lines,
      `### What changes, against ${code(p.base)}`,
      '',
      ...changes,
      ...picturesPart(p),
    ].join('\n'),
    riskCut: r.cut,
  };
}

/** The full review and the comment (the same, shortened to COMMENT_LIMIT when needed). */
export function composeReview(p: ReviewParts): { full: string; comment: string } {
  const bodies = new Map(p.sections.map((s) => [s, s.body]));
  const full = assemble(p, bodies, false).text;
  let comment = assemble(p, bodies, true);
  const where = p.fullReviewAt ? ` (${p.fullReviewAt})` : '';
  const note = `_This comment is shortened to stay under ${COMMENT_LIMIT.toLocaleString('en')} characters: sections marked "in the full review" are complete in the full review${where}._\n\n`;
  const fits = () => comment.text.length + note.length <= COMMENT_LIMIT;
  if (!fits() || comment.riskCut) {
    for (const s of [...p.sections].sort((a, b) => b.body.length - a.body.length)) {
      if (fits()) break;
      bodies.set(s, `${s.short}\n`);
      comment = assemble(p, bodies, true);
    }
  }
  let text = comment.text;
  const shortened = text !== full;
  if (shortened) text = `${note}${text}`;
  if (text.length > COMMENT_LIMIT) {
    const cut = '\n\n_… the rest is in the full review._\n';
    text = text.slice(0, COMMENT_LIMIT - cut.length) + cut;
  }
  return { full: `${full.trimEnd()}\n`, comment: `${text.trimEnd()}\n` };
}
