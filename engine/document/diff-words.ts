/**
 * Showing values so that two different values never read the same: short values as
 * JSON (invisible characters spelt out), long text as the words that changed with a few
 * words of context, HTML tokenized into tags and words so a changed or added tag shows as
 * that tag. The token diff is jsdiff's (`diff`, Myers' algorithm). Isomorphic.
 */
import { diffArrays } from 'diff';

/** Values longer than this (as JSON) are shown as a word diff instead of "a" → "b". */
export const LONG_VALUE = 80;
/** Words of unchanged text kept either side of a change. */
export const CONTEXT_WORDS = 4;

/** Characters a terminal or browser shows as nothing or as a plain space. */
// Combining marks and variation selectors are listed alone on purpose: each is invisible by itself.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- see above
  /[\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]/g;

/** Spells out invisible characters as \uXXXX (used on JSON text, whose own escapes stay distinct). */
export function escapeInvisible(s: string): string {
  return s.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value as JSON with invisible characters spelt out: distinct values never print alike. */
export function showJson(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? '(not set)' : escapeInvisible(s);
}

/** The inside of a JSON string literal (quotes, backslashes, control characters escaped). */
function inner(s: string): string {
  return escapeInvisible(JSON.stringify(s).slice(1, -1));
}

/** Tags, words and runs of white space; every character of the text is in one token. */
export function tokenize(s: string): string[] {
  return s.match(/<\/?[A-Za-z!][^<>]*>|[^\s<]+|<|\s+/g) ?? [];
}

const isSpace = (t: string) => /^\s+$/.test(t);
const words = (tokens: string[]) => tokens.filter((t) => !isSpace(t)).length;

export type WordPart = { type: 'same' | 'del' | 'ins'; text: string } | { type: 'gap' };

export interface WordDiff {
  parts: WordPart[];
  /** Tag names (`script`, `a`) only in the new text, only in the old, or in both with changed attributes. */
  tags: { added: string[]; removed: string[]; changed: string[] };
}

/** Is this change better read as a word diff than as "a" → "b"? */
export function wantsWordDiff(before: unknown, after: unknown): before is string {
  return (
    typeof before === 'string' &&
    typeof after === 'string' &&
    before !== after &&
    Math.max(showJson(before).length, showJson(after).length) > LONG_VALUE
  );
}

/** The changed words of two texts with `context` words either side; the rest elided (gap). */
export function wordDiff(before: string, after: string, context = CONTEXT_WORDS): WordDiff {
  type Seg = { type: 'same' | 'del' | 'ins'; tokens: string[] };
  const segs: Seg[] = diffArrays(tokenize(before), tokenize(after)).map((c) => ({
    type: c.added ? 'ins' : c.removed ? 'del' : 'same',
    tokens: c.value,
  }));
  // White space alone between two changes joins them: "[-a b-]{+c d+}", not "[-a-]{+c+} [-b-]{+d+}".
  type Run = { type: 'same'; tokens: string[] } | { type: 'change'; del: string[]; ins: string[] };
  const runs: Run[] = [];
  segs.forEach((s, i) => {
    const joins =
      s.type === 'same' &&
      s.tokens.every(isSpace) &&
      runs.at(-1)?.type === 'change' &&
      segs[i + 1] !== undefined &&
      segs[i + 1].type !== 'same';
    if (s.type === 'same' && !joins) {
      runs.push({ type: 'same', tokens: s.tokens });
      return;
    }
    let c = runs.at(-1);
    if (c?.type !== 'change') runs.push((c = { type: 'change', del: [], ins: [] }));
    if (s.type !== 'ins') c.del.push(...s.tokens);
    if (s.type !== 'del') c.ins.push(...s.tokens);
  });
  const parts: WordPart[] = [];
  runs.forEach((r, i) => {
    if (r.type === 'change') {
      if (r.del.length) parts.push({ type: 'del', text: r.del.join('') });
      if (r.ins.length) parts.push({ type: 'ins', text: r.ins.join('') });
      return;
    }
    const first = i === 0;
    const last = i === runs.length - 1;
    const t = r.tokens;
    const head = (n: number) => {
      const out: string[] = [];
      for (const tok of t) {
        if (!isSpace(tok) && words(out) >= n) break;
        out.push(tok);
      }
      return out;
    };
    const tail = (n: number) => {
      const out: string[] = [];
      for (const tok of [...t].reverse()) {
        if (!isSpace(tok) && words(out) >= n) break;
        out.unshift(tok);
      }
      return out;
    };
    const keepAll = first || last ? words(t) <= context : words(t) <= 2 * context + 2;
    if (keepAll) parts.push({ type: 'same', text: t.join('') });
    else if (first) parts.push({ type: 'gap' }, { type: 'same', text: tail(context).join('') });
    else if (last) parts.push({ type: 'same', text: head(context).join('') }, { type: 'gap' });
    else
      parts.push(
        { type: 'same', text: head(context).join('') },
        { type: 'gap' },
        { type: 'same', text: tail(context).join('') },
      );
  });
  return { parts, tags: changedTags(before, after) };
}

function tagNames(s: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const t of tokenize(s)) {
    const m = /^<([A-Za-z][\w-]*)/.exec(t);
    if (m) names.set(m[1].toLowerCase(), (names.get(m[1].toLowerCase()) ?? 0) + 1);
  }
  return names;
}

function changedTags(before: string, after: string): WordDiff['tags'] {
  const tagsA = tokenize(before).filter((t) => t.startsWith('<') && t.length > 1);
  const tagsB = tokenize(after).filter((t) => t.startsWith('<') && t.length > 1);
  const a = tagNames(before);
  const b = tagNames(after);
  const added = [...b].filter(([n, k]) => k > (a.get(n) ?? 0)).map(([n]) => n);
  const removed = [...a].filter(([n, k]) => k > (b.get(n) ?? 0)).map(([n]) => n);
  // Same tags, different attributes (a link's href, an image's src).
  const openA = new Set(tagsA);
  const changed = [
    ...new Set(
      tagsB
        .filter((t) => !openA.has(t))
        .map((t) => /^<([A-Za-z][\w-]*)/.exec(t)?.[1]?.toLowerCase()),
    ),
  ].filter((n): n is string => !!n && !added.includes(n));
  return { added, removed, changed };
}

// ---------------------------------------------------------------- rendering a word diff

/** Text: `"…context [-old-]{+new+} context…"`, JSON-escaped, markers in the text escaped. */
export function wordDiffText(d: WordDiff): string {
  const t = (s: string) => inner(s).replace(/\[-|-\]|\{\+|\+\}/g, (m) => `${m[0]}\\${m[1]}`);
  const body = d.parts
    .map((p) =>
      p.type === 'gap'
        ? '…'
        : p.type === 'del'
          ? `[-${t(p.text)}-]`
          : p.type === 'ins'
            ? `{+${t(p.text)}+}`
            : t(p.text),
    )
    .join('');
  return `"${body}"${tagNote(d, (s) => s)}`;
}

/** Markdown text, HTML and Markdown characters escaped so nothing in the value renders. */
export function mdEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`);
}

/** Markdown: `"…context <del>old</del><ins>new</ins> context…"` (GitHub shows strike-through and underline). */
export function wordDiffMarkdown(d: WordDiff, code: (s: string) => string): string {
  const t = (s: string) => mdEscape(inner(s));
  const body = d.parts
    .map((p) =>
      p.type === 'gap'
        ? '…'
        : p.type === 'del'
          ? `<del>${t(p.text)}</del>`
          : p.type === 'ins'
            ? `<ins>${t(p.text)}</ins>`
            : t(p.text),
    )
    .join('');
  return `"${body}"${tagNote(d, code)}`;
}

function tagNote(d: WordDiff, code: (s: string) => string): string {
  const list = (names: string[]) => names.map((n) => code(`<${n}>`)).join(', ');
  const notes = [
    d.tags.added.length ? `tags added: ${list(d.tags.added)}` : '',
    d.tags.removed.length ? `tags removed: ${list(d.tags.removed)}` : '',
    d.tags.changed.length ? `tags changed: ${list(d.tags.changed)}` : '',
  ].filter(Boolean);
  return notes.length ? ` (${notes.join('; ')})` : '';
}
