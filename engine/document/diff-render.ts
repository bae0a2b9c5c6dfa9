/**
 * Words for the semantic diff: one sentence per change, as plain text (terminal, git
 * diff driver), Markdown (pull-request comment, editor review panel) or JSON (tools).
 * Nothing is cut short: long text shows the words that changed in context, a list shows
 * the items added, removed or moved. Secrets (keys, tokens) are never printed.
 * Isomorphic: the editor renders the same sentences before save. The sentences
 * themselves are written in diff-sentences.ts; this module groups and renders them.
 */
import type { RecordCollection, SiteChange } from './diff-types.ts';
import type { InheritingSite } from './diff-inherit.ts';
import { redactChange } from './secrets.ts';
import { mdEscape } from './diff-words.ts';
import { changeLines, describeChange, MARKDOWN_STYLE, mdCode, plural } from './diff-sentences.ts';

/** The diff of one file of a change set (a site document or a template). */
export interface FileDiff {
  /** Path as the reviewer knows it, e.g. sites/gold-coast-ford.json. */
  file: string;
  /**
   * `renamed`: the document moved from `from` (and `changes` are its edits besides);
   * `unreadable`: one side does not parse (`problem` says why), so nothing is compared.
   */
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'unreadable';
  /** What the file is: absent for site documents and templates (the file's folder says which). */
  kind?: 'site' | 'template' | 'data' | 'asset';
  /** For a renamed file: the path it had before. */
  from?: string;
  /** For an unreadable file: why it cannot be read. */
  problem?: string;
  /** For added/removed files: what the document is ("site Gold Coast Ford, 9 pages"). */
  summary?: string;
  changes: SiteChange[];
  /** For a template: the sites that extend it and what its change means for each. */
  inheritedBy?: InheritingSite[];
}

export type DiffFormat = 'text' | 'markdown' | 'json';

// ---------------------------------------------------------------- grouping

const isRecord = (c: SiteChange): c is Extract<SiteChange, { collection: RecordCollection }> =>
  c.kind === 'record-added' ||
  c.kind === 'record-removed' ||
  c.kind === 'record-changed' ||
  c.kind === 'records-reordered';
const GROUPS: Array<{ title: string; has: (c: SiteChange) => boolean }> = [
  { title: 'Template', has: (c) => c.kind === 'template' },
  {
    title: 'Identity',
    has: (c) => c.kind === 'identity' || (isRecord(c) && c.collection !== 'offers'),
  },
  { title: 'Settings', has: (c) => c.kind === 'setting' },
  { title: 'Offers', has: (c) => isRecord(c) && c.collection === 'offers' },
  { title: 'Feature switches', has: (c) => c.kind === 'feature' },
  { title: 'Pages', has: (c) => c.kind.startsWith('page-') || c.kind.startsWith('template-page-') },
  { title: 'Blocks', has: (c) => c.kind.startsWith('block-') },
];

/** Changes grouped the way a reviewer scans them; empty groups left out. */
export function groupChanges(
  changes: SiteChange[],
): Array<{ title: string; changes: SiteChange[] }> {
  return GROUPS.map((g) => ({ title: g.title, changes: changes.filter(g.has) })).filter(
    (g) => g.changes.length,
  );
}

// ---------------------------------------------------------------- renderers

/** Plain text: one line per change. Empty string when nothing changed. */
export function renderText(changes: SiteChange[]): string {
  return changes
    .flatMap((c) => changeLines(c))
    .map((l) => `${l}\n`)
    .join('');
}

const mdItems = (changes: SiteChange[], indent = '') =>
  changes.flatMap((c) =>
    changeLines(c, MARKDOWN_STYLE, '  ').map(
      (l) => `${indent}${l.replace(/^((?: {2})*)/, '$1- ')}`,
    ),
  );

/** Markdown list, grouped under small headings. Empty string when nothing changed. */
export function renderMarkdown(changes: SiteChange[], headingLevel = 4): string {
  const h = '#'.repeat(headingLevel);
  return groupChanges(changes)
    .map((g) => `${h} ${g.title}\n\n${mdItems(g.changes).join('\n')}\n`)
    .join('\n');
}

/** JSON of change objects, secrets hidden. */
export function renderJson(changes: SiteChange[]): string {
  return `${JSON.stringify(changes.map(redactChange), null, 2)}\n`;
}

function redactFile(f: FileDiff): FileDiff {
  const out: FileDiff = { ...f, changes: f.changes.map(redactChange) };
  if (f.inheritedBy)
    out.inheritedBy = f.inheritedBy.map((s) => ({
      ...s,
      changes: s.changes.map(redactChange),
      overridden: s.overridden.map(redactChange),
    }));
  return out;
}

/** The sites a template change reaches, as text lines (indented under the template's own changes). */
function inheritedText(sites: InheritingSite[]): string[] {
  if (!sites.length) return ['  No site extends this template.'];
  const lines = [`  Sites that extend this template (${sites.length}):`];
  for (const s of sites) {
    const via = s.via.length ? ` (through ${s.via.join(' → ')})` : '';
    lines.push(`    ${s.file}${via}:${s.changes.length ? '' : ' nothing changes for this site'}`);
    for (const c of s.changes) lines.push(...changeLines(c).map((l) => `      ${l}`));
    for (const c of s.overridden)
      lines.push(`      Not for this site (it sets this itself): ${describeChange(c)}`);
  }
  return lines;
}

function inheritedMarkdown(sites: InheritingSite[]): string {
  if (!sites.length)
    return '#### Sites that extend this template\n\nNo site extends this template.\n';
  const items = sites.map((s) => {
    const via = s.via.length ? ` (through ${s.via.map(mdCode).join(' → ')})` : '';
    const head = `- ${mdCode(s.file)}${via}:${s.changes.length ? '' : ' nothing changes for this site'}`;
    const own = s.overridden.map(
      (c) => `  - Not for this site (it sets this itself): ${describeChange(c, MARKDOWN_STYLE)}`,
    );
    return [head, ...mdItems(s.changes, '  '), ...own].join('\n');
  });
  return `#### Sites that extend this template\n\n${items.join('\n')}\n`;
}

/** What happened to a file besides its changes, for its heading ("renamed from …"). */
export function fileStatusNote(f: FileDiff, code = (s: string) => s): string {
  if (f.status === 'renamed') return `renamed from ${code(f.from ?? '?')}`;
  if (f.status === 'unreadable') return `cannot be read: ${f.problem ?? 'unknown reason'}`;
  return f.status === 'modified' ? '' : f.status;
}

/** Does the file differ between the two sides (a renamed file does, even with no other change)? */
export const fileChanged = (f: FileDiff) =>
  f.status !== 'modified' || f.changes.length > 0 || f.kind === 'asset';

const hasBody = (f: FileDiff) =>
  (f.status === 'modified' || f.status === 'renamed') && f.kind !== 'asset';

/** A whole change set (several files) in one format. Empty text when nothing changed. */
export function renderReport(files: FileDiff[], format: DiffFormat): string {
  const changed = files.filter(fileChanged);
  if (format === 'json') return `${JSON.stringify({ files: changed.map(redactFile) }, null, 2)}\n`;
  if (!changed.length) return format === 'markdown' ? 'No changes to site documents.\n' : '';
  if (format === 'markdown') {
    const total = changed.reduce((n, f) => n + Math.max(1, f.changes.length), 0);
    const head = `## Site document changes\n\n${plural(total, 'change')} in ${plural(changed.length, 'file')}.\n`;
    const body = changed.map((f) => {
      const note = fileStatusNote(f, mdCode);
      const title = `### ${mdCode(f.file)}${note ? ` (${note})` : ''}\n`;
      if (!hasBody(f)) return `${title}\n${f.summary ?? ''}\n`;
      return `${title}\n${renderMarkdown(f.changes)}${f.inheritedBy ? `\n${inheritedMarkdown(f.inheritedBy)}` : ''}`;
    });
    return `${head}\n${body.join('\n')}`;
  }
  return changed
    .map((f) => {
      if (!hasBody(f))
        return `${f.file}: ${fileStatusNote(f)}${f.summary ? ` — ${f.summary}` : ''}\n`;
      const lines = [
        ...f.changes.flatMap((c) => changeLines(c)).map((l) => `  ${l}`),
        ...(f.inheritedBy ? inheritedText(f.inheritedBy) : []),
      ];
      const note = fileStatusNote(f);
      return `${f.file}${note ? ` (${note})` : ''}\n${lines.map((l) => `${l}\n`).join('')}`;
    })
    .join('\n');
}

export { mdEscape };
