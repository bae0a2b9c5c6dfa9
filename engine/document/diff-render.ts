/**
 * Words for the semantic diff: one sentence per change, as plain text (terminal, git
 * diff driver), Markdown (pull-request comment, editor review panel) or JSON (tools).
 * Isomorphic: the editor renders the same sentences before save.
 */
import type { BlockPosition, SiteChange } from './diff.ts';

/** The diff of one file of a change set (a site document or a template). */
export interface FileDiff {
  /** Path as the reviewer knows it, e.g. sites/gold-coast-ford.json. */
  file: string;
  status: 'added' | 'removed' | 'modified';
  /** For added/removed files: what the document is ("site Gold Coast Ford, 9 pages"). */
  summary?: string;
  changes: SiteChange[];
}

export type DiffFormat = 'text' | 'markdown' | 'json';

// ---------------------------------------------------------------- values

const MAX_VALUE = 80;

/** A value as a reviewer reads it: strings quoted, long values shortened. */
export function showValue(v: unknown): string {
  if (v === undefined) return '(not set)';
  const s = JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

/** "a → b", or for two lists of plain values the items added and removed. */
function showChange(before: unknown, after: unknown, show: (v: unknown) => string): string {
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].every((v) => v === null || typeof v !== 'object')) {
    const added = after.filter((v) => !before.includes(v));
    const removed = before.filter((v) => !after.includes(v));
    const parts: string[] = [];
    if (added.length) parts.push(`added ${added.map(show).join(', ')}`);
    if (removed.length) parts.push(`removed ${removed.map(show).join(', ')}`);
    if (!parts.length) parts.push(`reordered to ${show(after)}`);
    return parts.join('; ');
  }
  return `${show(before)} → ${show(after)}`;
}

/** A JSON pointer shown without its leading slash and with ~ escapes undone. */
function field(path: string, drop = 0): string {
  const parts = path
    .split('/')
    .slice(1 + drop)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.join('/') || '(whole value)';
}

/**
 * "before → after" where a side that leaves the value out shows the schema default that
 * applies in its place, since that is what the visitor gets.
 */
function showWithDefault(c: { before?: unknown; after?: unknown; default?: unknown; defaultFrom?: string; override?: string }, v: (x: unknown) => string): string {
  const hasDefault = c.default !== undefined;
  const before = c.before === undefined && hasDefault ? c.default : c.before;
  const after = c.after === undefined && hasDefault ? c.default : c.after;
  if (JSON.stringify(before) === JSON.stringify(after)) {
    const what = c.defaultFrom === 'template' ? "the template's value" : 'the default';
    return c.after === undefined ? `no longer set (it was ${v(c.before)}, the same as ${what})` : `now set explicitly to ${what} ${v(c.after)}`;
  }
  const what = c.defaultFrom === 'template' ? "the template's value" : 'the default';
  // The override note says the same for template values; say it once.
  const how = c.override ? '' : c.before === undefined && hasDefault ? ` (was ${what})` : c.after === undefined && hasDefault ? ` (unset: back to ${what})` : '';
  return `${showChange(before, after, v)}${how}`;
}

const SECTION_NAMES: Record<string, string> = {
  region: 'Region',
  search: 'Search',
  theme: 'Theme',
  api: 'API',
  layout: 'Layout',
  other: 'Setting',
};

function where(p: BlockPosition, code: (s: string) => string): string {
  const list = p.area === 'page' ? `page ${code(p.page ?? '?')}` : `the ${p.area}`;
  const inside = p.parent ? ` inside ${p.parent.type} ${code(p.parent.id)}${p.slot ? ` (slot ${p.slot})` : ''}` : '';
  return `${list}${inside}, position ${p.index + 1}`;
}

function overrideNote(o: 'added' | 'dropped' | undefined): string {
  return o === 'added' ? " (now overrides the template's value)" : o === 'dropped' ? " (override dropped: the template's value applies again)" : '';
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------- sentences

/**
 * One sentence for a change. `code` wraps names and values (identity for text, backticks
 * for Markdown) so the same wording serves both renderers.
 */
export function describeChange(c: SiteChange, code: (s: string) => string = (s) => s): string {
  const v = (x: unknown) => code(showValue(x));
  const name = (s: string) => code(s);
  switch (c.kind) {
    case 'template':
      if (c.action === 'added') return `Template: now extends ${name(c.after!)}`;
      if (c.action === 'dropped') return `Template: no longer extends ${name(c.before!)}`;
      return `Template: now extends ${name(c.after!)} instead of ${name(c.before!)}`;
    case 'identity':
      return `Identity: ${name(field(c.path))} ${showChange(c.before, c.after, v)}${overrideNote(c.override)}`;
    case 'setting': {
      const f = c.path === `/${c.section}` ? '' : ` ${name(field(c.path, c.section === 'other' ? 0 : 1))}`;
      return `${SECTION_NAMES[c.section]}:${f} ${showWithDefault(c, v)}${overrideNote(c.override)}`;
    }
    case 'feature': {
      const key = name(field(c.path, 1));
      const note = overrideNote(c.override);
      if (c.action === 'on' || c.action === 'off') {
        const what = c.defaultFrom === 'template' ? 'the template has it' : 'the default is';
        const how = c.override ? '' : c.before === undefined ? ` (${what} ${c.action === 'on' ? 'off' : 'on'})` : c.after === undefined ? ` (unset: ${what} ${c.action})` : '';
        return `Feature ${key} turned ${c.action}${how}${note}`;
      }
      return `Feature ${key}: ${showWithDefault(c, v)}${note}`;
    }
    case 'record-added':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}) added`;
    case 'record-removed':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}) removed`;
    case 'record-changed':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}): ${name(field(c.path, 2))} ${showChange(c.before, c.after, v)}${overrideNote(c.override)}`;
    case 'page-added':
      return `Page ${name(c.page.id)} added at ${name(c.page.path ?? '?')}${c.page.title ? ` titled ${v(c.page.title)}` : ''}, with ${plural(c.blocks, 'block')}${c.override === 'added' ? ' (replaces the template page)' : ''}`;
    case 'page-removed':
      return `Page ${name(c.page.id)} removed (was ${name(c.page.path ?? '?')}, with ${plural(c.blocks, 'block')})${c.override === 'dropped' ? '; the template page applies again' : ''}`;
    case 'template-page-removed':
    case 'template-page-restored': {
      const at = c.page.path ? ` at ${name(c.page.path)}` : '';
      return `Page ${name(c.page.id)} ${c.kind === 'template-page-removed' ? 'removed' : 'restored'} (template page${at}${c.page.title ? ` titled ${v(c.page.title)}` : ''})`;
    }
    case 'page-renamed': {
      const parts: string[] = [];
      if (c.before.title !== c.after.title) parts.push(`title ${v(c.before.title)} → ${v(c.after.title)}`);
      if (c.before.path !== c.after.path) parts.push(`path ${name(c.before.path ?? '(none)')} → ${name(c.after.path ?? '(none)')}`);
      return `Page ${name(c.page)} renamed: ${parts.join('; ')}`;
    }
    case 'page-changed':
      return `Page ${name(c.page)}: ${name(field(c.path, 2))} ${showChange(c.before, c.after, v)}`;
    case 'page-moved':
      return `Page ${name(c.page)} moved in the page list from position ${c.from + 1} to ${c.to + 1}`;
    case 'block-added':
      return `Block ${c.block.type} ${name(c.block.id)} added on ${where(c.at, name)}${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-removed':
      return `Block ${c.block.type} ${name(c.block.id)} removed from ${where(c.at, name)}${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-moved': {
      const list = (p: BlockPosition) => where(p, name).replace(/, position \d+$/, '');
      if (list(c.from) === list(c.to)) {
        return `Block ${c.block.type} ${name(c.block.id)} moved within ${list(c.to)} from position ${c.from.index + 1} to ${c.to.index + 1}`;
      }
      return `Block ${c.block.type} ${name(c.block.id)} moved from ${where(c.from, name)} to ${where(c.to, name)}`;
    }
    case 'block-changed':
      return `Block ${c.block.type} ${name(c.block.id)} on ${where(c.at, name).replace(/, position \d+$/, '')}: ${name(field(c.path))} ${showChange(c.before, c.after, v)}`;
  }
}

function recordNoun(c: 'dealerships' | 'locations' | 'offers') {
  return c === 'dealerships' ? 'Dealership' : c === 'offers' ? 'Offer' : 'Location';
}

// ---------------------------------------------------------------- grouping

const isRecord = (c: SiteChange) => c.kind === 'record-added' || c.kind === 'record-removed' || c.kind === 'record-changed';
const GROUPS: Array<{ title: string; has: (c: SiteChange) => boolean }> = [
  { title: 'Template', has: (c) => c.kind === 'template' },
  { title: 'Identity', has: (c) => c.kind === 'identity' || (isRecord(c) && (c as { collection: string }).collection !== 'offers') },
  { title: 'Settings', has: (c) => c.kind === 'setting' },
  { title: 'Offers', has: (c) => isRecord(c) && (c as { collection: string }).collection === 'offers' },
  { title: 'Feature switches', has: (c) => c.kind === 'feature' },
  { title: 'Pages', has: (c) => c.kind.startsWith('page-') || c.kind.startsWith('template-page-') },
  { title: 'Blocks', has: (c) => c.kind.startsWith('block-') },
];

/** Changes grouped the way a reviewer scans them; empty groups left out. */
export function groupChanges(changes: SiteChange[]): Array<{ title: string; changes: SiteChange[] }> {
  return GROUPS.map((g) => ({ title: g.title, changes: changes.filter(g.has) })).filter((g) => g.changes.length);
}

// ---------------------------------------------------------------- renderers

/** Plain text: one line per change. Empty string when nothing changed. */
export function renderText(changes: SiteChange[]): string {
  return changes.map((c) => `${describeChange(c)}\n`).join('');
}

function mdCode(s: string): string {
  // A value holding backticks needs a longer fence; padding keeps edge backticks apart.
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
}

/** Markdown list, grouped under small headings. Empty string when nothing changed. */
export function renderMarkdown(changes: SiteChange[], headingLevel = 4): string {
  const h = '#'.repeat(headingLevel);
  return groupChanges(changes)
    .map((g) => `${h} ${g.title}\n\n${g.changes.map((c) => `- ${describeChange(c, mdCode)}`).join('\n')}\n`)
    .join('\n');
}

export function renderJson(changes: SiteChange[]): string {
  return `${JSON.stringify(changes, null, 2)}\n`;
}

/** A whole change set (several files) in one format. Empty text when nothing changed. */
export function renderReport(files: FileDiff[], format: DiffFormat): string {
  const changed = files.filter((f) => f.status !== 'modified' || f.changes.length);
  if (format === 'json') return `${JSON.stringify({ files: changed }, null, 2)}\n`;
  if (!changed.length) return format === 'markdown' ? 'No changes to site documents.\n' : '';
  if (format === 'markdown') {
    const total = changed.reduce((n, f) => n + Math.max(1, f.changes.length), 0);
    const head = `## Site document changes\n\n${plural(total, 'change')} in ${plural(changed.length, 'file')}.\n`;
    const body = changed.map((f) => {
      const title = `### ${mdCode(f.file)}${f.status === 'modified' ? '' : ` (${f.status})`}\n`;
      if (f.status !== 'modified') return `${title}\n${f.summary ?? ''}\n`;
      return `${title}\n${renderMarkdown(f.changes)}`;
    });
    return `${head}\n${body.join('\n')}`;
  }
  return changed
    .map((f) => {
      if (f.status !== 'modified') return `${f.file}: ${f.status}${f.summary ? ` — ${f.summary}` : ''}\n`;
      return `${f.file}\n${f.changes.map((c) => `  ${describeChange(c)}\n`).join('')}`;
    })
    .join('\n');
}
