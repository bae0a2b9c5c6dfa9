/**
 * The semantic diff (engine/document/diff.ts) in staff words, for the editor's review and
 * the server's publish, discard and History summaries and commit messages: every change
 * names its place as the editor shows it ("Page Home (/) › Hero home-hero › Heading",
 * place-words.ts, the Problems panel's words), never a JSON path like `props/heading` or
 * `/pages/0/…`; the changes a reviewer must not miss (scripts, host names, outside links,
 * prices, switches: engine/document/risk.ts) come first (docs/editor-design.md, "Staff words").
 */
import { fromPointer, toPointer } from '../../tree.ts';
import type { BlockPosition, ListEdit, SiteChange } from '../diff-types.ts';
import { describeChange, plural, showValue } from '../diff-sentences.ts';
import { wantsWordDiff, wordDiff, wordDiffText } from '../diff-words.ts';
import { classifyLine, RISK_ORDER, type RiskKind } from '../risk.ts';
import { redactChange } from '../secrets.ts';
import { pageName } from './names.ts';
import { pathWords } from './place-words.ts';

type Doc = Record<string, any>;

export interface StaffLine {
  text: string;
  /** The first kind of risk it carries (its place in the list), when it carries one. */
  risk?: RiskKind;
}

/** The two documents the changes are between, as the site shows them (templates merged). */
export interface ChangeDocs {
  before: Doc;
  after: Doc;
}

const MAX_VALUE = 80;

/** The name staff know an entry of a list by (a location's or offer's name, a preset's label). */
const entryName = (v: unknown): string | undefined => {
  const e = v as Doc | null;
  const name = e && typeof e === 'object' ? (e.label ?? e.name ?? e.title) : undefined;
  return typeof name === 'string' ? name : undefined;
};

/** A value as staff read it: text as it is (shortened), a list of named entries by their names, other values as JSON. */
function value(v: unknown): string {
  const names = Array.isArray(v) && v.length ? v.map(entryName) : [];
  const text =
    typeof v === 'string'
      ? `“${v}”`
      : names.length && names.every((n) => n !== undefined)
        ? names.map((n) => `“${n}”`).join(', ')
        : showValue(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isObject = (v: unknown) => !!v && typeof v === 'object';

function valueChange(before: unknown, after: unknown): string {
  if (before === undefined) return `set to ${value(after)}`;
  if (after === undefined) return `cleared (was ${value(before)})`;
  if (wantsWordDiff(before, after))
    return `edited: ${wordDiffText(wordDiff(before, after as string))}`;
  return `${value(before)} → ${value(after)}`;
}

/** The list a block sits in, in words ("Page Home (/)", "Page Home (/) › Section why-us › Columns 1"). */
function listWords(p: BlockPosition, doc: Doc): string {
  const parts = fromPointer(p.path);
  const parent = parts.slice(0, -2);
  if (p.area !== 'page') return p.area === 'header' ? 'the header' : 'the footer';
  return parent.length > 2 ? pathWords(toPointer(parent), doc) : pageName(doc, p.page);
}

type ValueChange = ListEdit & { path: string; before?: unknown; after?: unknown };

/** A value's change at `where` (a pointer into the document the change names). */
function valueSentence(c: ValueChange, pointer: string, docs: ChangeDocs): string {
  const op = c.op;
  const doc = op === 'item-removed' ? docs.before : docs.after;
  const where = pathWords(pointer, doc);
  switch (op) {
    // The item is named by its content in `where` already; a whole object as JSON says nothing more.
    case 'item-added':
      return `${where}: added${isObject(c.after) ? '' : ` ${value(c.after)}`}`;
    case 'item-removed':
      return `${where}: removed${isObject(c.before) ? '' : ` (was ${value(c.before)})`}`;
    case 'reordered':
      return `${where}: reordered`;
    default:
      return `${where}: ${valueChange(c.before, c.after)}`;
  }
}

/** One change in staff words. */
export function staffSentence(change: SiteChange, docs: ChangeDocs): string {
  const c = redactChange(change);
  switch (c.kind) {
    case 'template':
    case 'record-added':
    case 'record-removed':
    case 'records-reordered':
    case 'template-page-removed':
    case 'template-page-restored':
      // These name things by their names already ("Location “Gold Coast” (id 3) added").
      return describeChange(c);
    case 'identity':
    case 'setting':
    case 'record-changed':
    case 'page-changed':
      return valueSentence(c, c.path, docs);
    case 'feature':
      if (c.action === 'on' || c.action === 'off')
        return `${pathWords(c.path, docs.after)}: turned ${c.action}`;
      return valueSentence(c, c.path, docs);
    case 'page-added':
      return `${pageName(docs.after, c.page.id)} added, with ${plural(c.blocks, 'block')}`;
    case 'page-removed':
      return `${pageName(docs.before, c.page.id)} removed, with ${plural(c.blocks, 'block')}`;
    case 'page-renamed': {
      const parts: string[] = [];
      if (c.before.title !== c.after.title)
        parts.push(`title ${valueChange(c.before.title, c.after.title)}`);
      if (c.before.path !== c.after.path)
        parts.push(`address ${valueChange(c.before.path, c.after.path)}`);
      return `${pageName(docs.after, c.page)}: ${parts.join('; ')}`;
    }
    case 'page-moved':
      return `${pageName(docs.after, c.page)} moved in the page list from position ${c.from + 1} to ${c.to + 1}`;
    case 'block-added':
      return `${pathWords(c.at.path, docs.after)}: added${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-removed':
      return `${pathWords(c.at.path, docs.before)}: removed${c.contains ? `, with ${plural(c.contains, 'block')} inside` : ''}`;
    case 'block-renamed':
      return `${pathWords(c.at.path, docs.after)}: its name changed from ${value(c.from)}`;
    case 'block-moved': {
      const sameList =
        c.from.area === c.to.area &&
        c.from.page === c.to.page &&
        c.from.parent?.id === c.to.parent?.id &&
        c.from.slot === c.to.slot;
      return sameList
        ? `${pathWords(c.to.path, docs.after)}: moved from position ${c.from.index + 1} to ${c.to.index + 1}`
        : `${pathWords(c.to.path, docs.after)}: moved here from ${listWords(c.from, docs.before)}`;
    }
    case 'block-changed':
      return valueSentence(c, `${c.at.path}${c.path}`, docs);
  }
}

/** The outline-like line risk.ts classifies: the setting's key and the values, as text. */
function riskOf(c: SiteChange, text: string, ownHosts: Set<string>): RiskKind | undefined {
  const key =
    c.kind === 'feature'
      ? `features/${c.key}`
      : c.kind === 'identity' && fromPointer(c.path)[0] === 'hostnames'
        ? 'hostnames'
        : 'change';
  const values = 'after' in c || 'before' in c ? JSON.stringify([c.before, c.after]) : '';
  const kinds = classifyLine(`${key} = ${text} ${values}`, ownHosts);
  return RISK_ORDER.find((k) => kinds.includes(k));
}

/** Every change in staff words, the risky ones first (in risk.ts's order), the rest as they came. */
export function staffChangeLines(changes: SiteChange[], docs: ChangeDocs): StaffLine[] {
  const hosts = [docs.before.hostnames, docs.after.hostnames].flatMap((h) =>
    Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [],
  );
  const own = new Set(hosts.map((h) => h.toLowerCase()));
  const lines = changes.map((c) => {
    const text = staffSentence(c, docs);
    return { text, risk: riskOf(redactChange(c), text, own) };
  });
  const rank = (l: StaffLine) => (l.risk ? RISK_ORDER.indexOf(l.risk) : RISK_ORDER.length);
  return lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map(({ l }) => l);
}
