/**
 * One section of the review per changed file (docs/publishing.md, "Review in a pull
 * request"): a new site or template in full, as additions, one fact a line (every page,
 * block, link and rich text); a renamed file as a rename with its other edits; a changed
 * template once, with the sites it reaches grouped (template-sites.ts); shared data value
 * by value; an asset by size. Each section carries the risky facts found in it (risk.ts).
 */
import type { FileDiff } from '../../engine/document/diff-render.ts';
import { fileStatusNote, renderMarkdown } from '../../engine/document/diff-render.ts';
import {
  describeChange,
  MARKDOWN_STYLE,
  mdCode,
  plural,
} from '../../engine/document/diff-sentences.ts';
import { tryParse, type DocSet } from '../../engine/document/diff-sets.ts';
import { outlineLines, riskyLines, riskySentences, type RiskyLine } from './risk.ts';
import { templateSitesMarkdown } from './template-sites.ts';

type Json = Record<string, any>;

export interface FileSection {
  file: string;
  /** `### file (note)` */
  heading: string;
  body: string;
  /** One line standing in for the body when the comment has no room for it. */
  short: string;
  risks: RiskyLine[];
  unreadable?: string;
}

/** A fenced block whose fence no line of the content can close. */
export function fenced(lang: string, lines: string[]): string {
  const longest = Math.max(
    2,
    ...lines.map((l) => (l.match(/`+/g) ?? []).map((m) => m.length)).flat(),
  );
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${lines.join('\n')}\n${fence}`;
}

/** The document a side holds under a file path (sites or templates), if it parses. */
function docAt(set: DocSet, file: string | undefined): Json | undefined {
  if (!file) return undefined;
  for (const map of [set.sites, set.templates])
    for (const e of map.values())
      if (e.file === file) {
        const r = tryParse(e.text);
        return 'doc' in r ? r.doc : undefined;
      }
  return undefined;
}

function newDocumentBody(f: FileDiff, doc: Json): string {
  const lines = outlineLines(doc);
  const extendsNote =
    typeof doc.template === 'string'
      ? ` It extends the template ${mdCode(doc.template)}; what it takes from there is reviewed with the template.`
      : '';
  return [
    `New ${f.summary ?? 'document'}, shown in full (${plural(lines.length, 'line')}, one fact a line).${extendsNote}`,
    '',
    fenced(
      'diff',
      lines.map((l) => `+ ${l}`),
    ),
    '',
  ].join('\n');
}

/** The section of one changed file. */
export function fileSection(f: FileDiff, before: DocSet, after: DocSet): FileSection {
  const note = fileStatusNote(f, mdCode);
  const heading = `### ${mdCode(f.file)}${note ? ` (${note})` : ''}`;
  const count = plural(Math.max(1, f.changes.length), 'change');
  if (f.status === 'unreadable')
    return {
      file: f.file,
      heading,
      body: `This file cannot be read, so nothing in it is compared: ${f.problem}\n`,
      short: 'Cannot be read (see Problems).',
      risks: [],
      unreadable: f.problem,
    };
  if (f.kind === 'asset')
    return { file: f.file, heading, body: `${f.summary}\n`, short: `${f.summary}`, risks: [] };
  if (f.kind === 'data') {
    const sentences = f.changes.map((c) => describeChange(c));
    const body = f.changes.length
      ? `Shared by every site.\n\n${f.changes.map((c) => `- ${describeChange(c, MARKDOWN_STYLE)}`).join('\n')}\n`
      : `${f.summary ?? ''}\n`;
    return {
      file: f.file,
      heading,
      body,
      short: `${count} to shared data.`,
      risks: riskySentences(f.file, sentences),
    };
  }
  const docBefore = f.status === 'added' ? undefined : docAt(before, f.from ?? f.file);
  const docAfter = f.status === 'removed' ? undefined : docAt(after, f.file);
  const risks = riskyLines(f.file, docBefore, docAfter);
  if (f.status === 'added' && docAfter) {
    const n = outlineLines(docAfter).length;
    return {
      file: f.file,
      heading,
      body: newDocumentBody(f, docAfter),
      short: `New ${f.summary ?? 'document'} (${plural(n, 'line')}; shown in full in the full review).`,
      risks,
    };
  }
  if (f.status === 'added' || f.status === 'removed')
    return { file: f.file, heading, body: `${f.summary ?? ''}\n`, short: f.summary ?? '', risks };
  const own = renderMarkdown(f.changes);
  const renamed =
    f.status === 'renamed'
      ? `Renamed from ${mdCode(f.from ?? '?')}. ${own ? '' : 'Nothing else changes.'}\n\n`
      : '';
  const sites = f.inheritedBy ? `\n${templateSitesMarkdown(f.changes, f.inheritedBy)}` : '';
  const reach = f.inheritedBy ? `; it reaches ${plural(f.inheritedBy.length, 'site')}` : '';
  return {
    file: f.file,
    heading,
    body: `${renamed}${own}${sites}`,
    short: `${f.status === 'renamed' ? `Renamed from ${mdCode(f.from ?? '?')}; ` : ''}${count}${reach} (in the full review).`,
    risks,
  };
}
