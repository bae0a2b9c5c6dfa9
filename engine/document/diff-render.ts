/**
 * Words for the semantic diff: one sentence per change, as plain text (terminal, git
 * diff driver), Markdown (pull-request comment, editor review panel) or JSON (tools).
 * Nothing is cut short: long text shows the words that changed in context, a list shows
 * the items added, removed or moved. Secrets (keys, tokens) are never printed.
 * Isomorphic: the editor renders the same sentences before save.
 */
import type { BlockPosition, ListEdit, RecordCollection, SiteChange } from './diff-types.ts';
import type { InheritingSite } from './diff-inherit.ts';
import { redactChange, Secret, SECRET_TEXT, unwrapSecret } from './secrets.ts';
import {
  mdEscape,
  showJson,
  wantsWordDiff,
  wordDiff,
  wordDiffMarkdown,
  wordDiffText,
} from './diff-words.ts';
import { fromPointer } from './tree.ts';

/** The diff of one file of a change set (a site document or a template). */
export interface FileDiff {
  /** Path as the reviewer knows it, e.g. sites/gold-coast-ford.json. */
  file: string;
  status: 'added' | 'removed' | 'modified';
  /** For added/removed files: what the document is ("site Gold Coast Ford, 9 pages"). */
  summary?: string;
  changes: SiteChange[];
  /** For a template: the sites that extend it and what its change means for each. */
  inheritedBy?: InheritingSite[];
}

export type DiffFormat = 'text' | 'markdown' | 'json';

/** How names, values and word diffs are written: plain text, Markdown, or a caller's wrapper. */
export interface Style {
  code: (s: string) => string;
  words: (before: string, after: string) => string;
}

export const TEXT_STYLE: Style = { code: (s) => s, words: (a, b) => wordDiffText(wordDiff(a, b)) };
export const MARKDOWN_STYLE: Style = {
  code: mdCode,
  words: (a, b) => wordDiffMarkdown(wordDiff(a, b), mdCode),
};

function styleOf(s: Style | ((s: string) => string) | undefined): Style {
  if (!s) return TEXT_STYLE;
  if (typeof s !== 'function') return s;
  return { code: s, words: (a, b) => s(wordDiffText(wordDiff(a, b))) };
}

// ---------------------------------------------------------------- values

/** A value as a reviewer reads it: JSON, whole, invisible characters spelt out, secrets hidden. */
export function showValue(v: unknown): string {
  if (v === undefined) return '(not set)';
  if (v instanceof Secret) return SECRET_TEXT;
  return showJson(v);
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(unwrapSecret(a)) === JSON.stringify(unwrapSecret(b));

/** "a → b"; long text as its changed words; two lists of plain values as items added and removed. */
function showChange(before: unknown, after: unknown, st: Style): string {
  const v = (x: unknown) => st.code(showValue(x));
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    [...before, ...after].every((x) => x === null || typeof x !== 'object' || x instanceof Secret)
  ) {
    const added = after.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !after.includes(x));
    const parts: string[] = [];
    if (added.length) parts.push(`added ${added.map(v).join(', ')}`);
    if (removed.length) parts.push(`removed ${removed.map(v).join(', ')}`);
    if (!parts.length) parts.push(`reordered to ${v(after)}`);
    return parts.join('; ');
  }
  if (before instanceof Secret && after instanceof Secret)
    return `${SECRET_TEXT} → (another secret, not shown)`;
  if (wantsWordDiff(before, after)) return `edited: ${st.words(before, after as string)}`;
  return `${v(before)} → ${v(after)}`;
}

/** A JSON pointer shown without its leading slash and with ~ escapes undone. */
function field(path: string, drop = 0): string {
  const parts = fromPointer(path).slice(drop);
  return parts.join('/') || '(whole value)';
}

/** An item's name, quoted unless it is `id 3` or `item 2`. */
function itemName(item: string, st: Style): string {
  return st.code(/^(id|item) \S+$/.test(item) ? item : showJson(item));
}

/**
 * The part after "Block hero x on page home: " for a value change: a list item added,
 * removed, items moved, or the value at a path edited (naming the list item it is in).
 */
function valueSentence(
  c: ListEdit & { path: string; before?: unknown; after?: unknown },
  drop: number,
  st: Style,
  edit: () => string,
): string {
  const position = (p: string) => Number(p.split('/').pop()) + 1;
  const list = (p: string) => st.code(field(p.split('/').slice(0, -1).join('/'), drop));
  switch (c.op) {
    case 'item-added':
      return `${list(c.path)}: added ${itemName(c.item ?? '?', st)} at position ${position(c.path)}: ${st.code(showValue(c.after))}`;
    case 'item-removed':
      return `${list(c.path)}: removed ${itemName(c.item ?? '?', st)} (was position ${position(c.path)}): ${st.code(showValue(c.before))}`;
    case 'reordered':
      return `${st.code(field(c.path, drop))} reordered: ${(c.moves ?? []).map((m) => `${itemName(m.item, st)} moved from position ${m.from + 1} to ${m.to + 1}`).join('; ')}`;
    default:
      return `${st.code(field(c.path, drop))}${c.item ? ` (${itemName(c.item, st)})` : ''} ${edit()}`;
  }
}

/**
 * "before → after" where a side that leaves the value out shows the default that
 * applies in its place, since that is what the visitor gets.
 */
function showWithDefault(
  c: {
    before?: unknown;
    after?: unknown;
    default?: unknown;
    defaultFrom?: string;
    override?: string;
  },
  st: Style,
): string {
  const v = (x: unknown) => st.code(showValue(x));
  const hasDefault = c.default !== undefined;
  const before = c.before === undefined && hasDefault ? c.default : c.before;
  const after = c.after === undefined && hasDefault ? c.default : c.after;
  const what = c.defaultFrom === 'template' ? "the template's value" : 'the default';
  if (same(before, after)) {
    return c.after === undefined
      ? `no longer set (it was ${v(c.before)}, the same as ${what})`
      : `now set explicitly to ${what} ${v(c.after)}`;
  }
  // The override note says the same for template values; say it once.
  const how = c.override
    ? ''
    : c.before === undefined && hasDefault
      ? ` (was ${what})`
      : c.after === undefined && hasDefault
        ? ` (unset: back to ${what})`
        : '';
  return `${showChange(before, after, st)}${how}`;
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
  const inside = p.parent
    ? ` inside ${p.parent.type} ${code(p.parent.id)}${p.slot ? ` (slot ${p.slot})` : ''}`
    : '';
  return `${list}${inside}, position ${p.index + 1}`;
}

const listOf = (p: BlockPosition, code: (s: string) => string) =>
  where(p, code).replace(/, position \d+$/, '');

function overrideNote(o: 'added' | 'dropped' | undefined): string {
  return o === 'added'
    ? " (now overrides the template's value)"
    : o === 'dropped'
      ? " (override dropped: the template's value applies again)"
      : '';
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function recordNoun(c: RecordCollection, many = false) {
  const one = c === 'dealerships' ? 'Dealership' : c === 'offers' ? 'Offer' : 'Location';
  return many ? `${one}s` : one;
}

// ---------------------------------------------------------------- sentences

/**
 * One sentence for a change. `style` says how names, values and word diffs are written
 * (a function is taken as the wrapper of names and values, as before) so the same
 * wording serves every renderer. A template switch's effects are further changes
 * (changeLines lists them under it).
 */
export function describeChange(
  change: SiteChange,
  style?: Style | ((s: string) => string),
): string {
  const st = styleOf(style);
  const c = redactChange(change);
  const v = (x: unknown) => st.code(showValue(x));
  const name = (s: string) => st.code(s);
  const edit = (x: { before?: unknown; after?: unknown }) => () =>
    showChange(x.before, x.after, st);
  switch (c.kind) {
    case 'template': {
      const head =
        c.action === 'added'
          ? `Template: now extends ${name(c.after!)}`
          : c.action === 'dropped'
            ? `Template: no longer extends ${name(c.before!)}`
            : `Template: now extends ${name(c.after!)} instead of ${name(c.before!)}`;
      if (!c.effects) return head;
      return c.effects.length
        ? `${head}; for this site that changes (${plural(c.effects.length, 'change')}):`
        : `${head}; nothing changes for this site`;
    }
    case 'identity':
      return `Identity: ${valueSentence(c, 0, st, edit(c))}${overrideNote(c.override)}`;
    case 'setting': {
      if (c.path === `/${c.section}` && !c.op)
        return `${SECTION_NAMES[c.section]}: ${showWithDefault(c, st)}${overrideNote(c.override)}`;
      return `${SECTION_NAMES[c.section]}: ${valueSentence(c, c.section === 'other' ? 0 : 1, st, () => showWithDefault(c, st))}${overrideNote(c.override)}`;
    }
    case 'feature': {
      const key = name(field(c.path, 1));
      const note = overrideNote(c.override);
      if (c.action === 'on' || c.action === 'off') {
        const what = c.defaultFrom === 'template' ? 'the template has it' : 'the default is';
        const how = c.override
          ? ''
          : c.before === undefined
            ? ` (${what} ${c.action === 'on' ? 'off' : 'on'})`
            : c.after === undefined
              ? ` (unset: ${what} ${c.action})`
              : '';
        return `Feature ${key} turned ${c.action}${how}${note}`;
      }
      if (c.op) return `Feature ${valueSentence(c, 1, st, edit(c))}${note}`;
      return `Feature ${key}${c.item ? ` (${itemName(c.item, st)})` : ''}: ${showWithDefault(c, st)}${note}`;
    }
    case 'record-added':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}) added`;
    case 'record-removed':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}) removed`;
    case 'record-changed':
      return `${recordNoun(c.collection)} ${name(c.label)} (id ${c.id}): ${valueSentence(c, 2, st, edit(c))}${overrideNote(c.override)}`;
    case 'records-reordered':
      return `${recordNoun(c.collection, true)} reordered (visitors see them in this order): ${c.moves
        .map(
          (m) =>
            `${name(m.item)}${m.id !== undefined ? ` (id ${m.id})` : ''} moved from position ${m.from + 1} to ${m.to + 1}`,
        )
        .join('; ')}`;
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
      if (c.before.title !== c.after.title)
        parts.push(`title ${showChange(c.before.title, c.after.title, st)}`);
      if (c.before.path !== c.after.path)
        parts.push(`path ${name(c.before.path ?? '(none)')} → ${name(c.after.path ?? '(none)')}`);
      return `Page ${name(c.page)} renamed: ${parts.join('; ')}`;
    }
    case 'page-changed':
      return `Page ${name(c.page)}: ${valueSentence(c, 2, st, edit(c))}`;
    case 'page-moved':
      return `Page ${name(c.page)} moved in the page list from position ${c.from + 1} to ${c.to + 1}`;
    case 'block-added':
      return `Block ${c.block.type} ${name(c.block.id)} added on ${where(c.at, name)}${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-removed':
      return `Block ${c.block.type} ${name(c.block.id)} removed from ${where(c.at, name)}${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-renamed':
      return `Block ${c.block.type} renamed ${name(c.from)} → ${name(c.block.id)} (${where(c.at, name)})`;
    case 'block-moved': {
      if (listOf(c.from, name) === listOf(c.to, name)) {
        return `Block ${c.block.type} ${name(c.block.id)} moved within ${listOf(c.to, name)} from position ${c.from.index + 1} to ${c.to.index + 1}`;
      }
      return `Block ${c.block.type} ${name(c.block.id)} moved from ${where(c.from, name)} to ${where(c.to, name)}`;
    }
    case 'block-changed':
      return `Block ${c.block.type} ${name(c.block.id)} on ${listOf(c.at, name)}: ${valueSentence(c, 0, st, edit(c))}`;
  }
}

/** A change and, indented under it, what a template switch changes for the site. */
export function changeLines(
  c: SiteChange,
  style?: Style | ((s: string) => string),
  indent = '    ',
): string[] {
  const lines = [describeChange(c, style)];
  if (c.kind === 'template' && c.effects)
    for (const e of c.effects) lines.push(...changeLines(e, style, indent).map((l) => indent + l));
  return lines;
}

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

function mdCode(s: string): string {
  // A value holding backticks needs a longer fence; padding keeps edge backticks apart.
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
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

/** A whole change set (several files) in one format. Empty text when nothing changed. */
export function renderReport(files: FileDiff[], format: DiffFormat): string {
  const changed = files.filter((f) => f.status !== 'modified' || f.changes.length);
  if (format === 'json') return `${JSON.stringify({ files: changed.map(redactFile) }, null, 2)}\n`;
  if (!changed.length) return format === 'markdown' ? 'No changes to site documents.\n' : '';
  if (format === 'markdown') {
    const total = changed.reduce((n, f) => n + Math.max(1, f.changes.length), 0);
    const head = `## Site document changes\n\n${plural(total, 'change')} in ${plural(changed.length, 'file')}.\n`;
    const body = changed.map((f) => {
      const title = `### ${mdCode(f.file)}${f.status === 'modified' ? '' : ` (${f.status})`}\n`;
      if (f.status !== 'modified') return `${title}\n${f.summary ?? ''}\n`;
      return `${title}\n${renderMarkdown(f.changes)}${f.inheritedBy ? `\n${inheritedMarkdown(f.inheritedBy)}` : ''}`;
    });
    return `${head}\n${body.join('\n')}`;
  }
  return changed
    .map((f) => {
      if (f.status !== 'modified')
        return `${f.file}: ${f.status}${f.summary ? ` — ${f.summary}` : ''}\n`;
      const lines = [
        ...f.changes.flatMap((c) => changeLines(c)).map((l) => `  ${l}`),
        ...(f.inheritedBy ? inheritedText(f.inheritedBy) : []),
      ];
      return `${f.file}\n${lines.map((l) => `${l}\n`).join('')}`;
    })
    .join('\n');
}

export { mdEscape };
