/**
 * One sentence per change of the semantic diff, and the styles (plain text, Markdown, a
 * caller's wrapper) its names, values and word diffs are written in. Secrets are never
 * printed. Isomorphic: the editor renders the same sentences before save.
 */
import type { BlockPosition, ListEdit, RecordCollection, SiteChange } from './diff-types.ts';
import { redactChange, Secret, SECRET_TEXT, unwrapSecret } from './secrets.ts';
import { showJson, wantsWordDiff, wordDiff, wordDiffMarkdown, wordDiffText } from './diff-words.ts';
import { fromPointer } from '../tree.ts';

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

export function plural(n: number, word: string) {
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

/** A name or value as Markdown inline code. */
export function mdCode(s: string): string {
  // A value holding backticks needs a longer fence; padding keeps edge backticks apart.
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
}
