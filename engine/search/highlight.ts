/**
 * _highlightResult as Algolia returns it: each word of an attribute that matches a query term
 * is wrapped in the pre/post tags (only the typed part for a prefix match, the whole word for
 * a typo match); matchLevel is none, partial or full by how many query terms matched. Values
 * are not HTML-escaped, as on Algolia: InstantSearch escapes them with its own tags.
 */
import { boundedDistance, normalizeText, type QueryTerm } from './text-index.ts';

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export type HighlightValue = HighlightResult | HighlightValue[] | { [key: string]: HighlightValue };

const WORD = /[\p{L}\p{N}]+/gu;

export function highlightText(
  text: string,
  terms: QueryTerm[],
  pre: string,
  post: string,
): HighlightResult {
  if (!terms.length) return { value: text, matchLevel: 'none', matchedWords: [] };
  const matched = new Set<string>();
  let out = '';
  let last = 0;
  let wordsSeen = 0;
  let wordsFull = 0;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const norm = normalizeText(word);
    wordsSeen++;
    let mark = 0;
    for (const t of terms) {
      if (norm === t.text) mark = Math.max(mark, word.length);
      else if (t.prefix && norm.startsWith(t.text))
        mark = Math.max(mark, Math.min(word.length, t.text.length));
      else if (
        t.maxTypos > 0 &&
        norm.length >= 4 &&
        boundedDistance(t.text, norm, t.maxTypos) <= t.maxTypos
      )
        mark = word.length;
      else continue;
      matched.add(t.text);
    }
    if (!mark) continue;
    if (mark === word.length) wordsFull++;
    const start = m.index!;
    out += text.slice(last, start) + pre + word.slice(0, mark) + post + word.slice(mark);
    last = start + word.length;
  }
  out += text.slice(last);
  const matchLevel =
    matched.size === 0
      ? 'none'
      : matched.size === new Set(terms.map((t) => t.text)).size
        ? 'full'
        : 'partial';
  const result: HighlightResult = {
    value: matched.size ? out : text,
    matchLevel,
    matchedWords: [...matched],
  };
  if (matched.size) result.fullyHighlighted = wordsSeen > 0 && wordsFull === wordsSeen;
  return result;
}

/** Highlights a value of any shape (strings, numbers, arrays, nested objects). */
export function highlightValue(
  value: unknown,
  terms: QueryTerm[],
  pre: string,
  post: string,
): HighlightValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value))
    return value.map(
      (v) =>
        highlightValue(v, terms, pre, post) ?? { value: '', matchLevel: 'none', matchedWords: [] },
    );
  if (typeof value === 'object') {
    const out: Record<string, HighlightValue> = {};
    for (const [k, v] of Object.entries(value)) {
      const h = highlightValue(v, terms, pre, post);
      if (h) out[k] = h;
    }
    return out;
  }
  return highlightText(String(value), terms, pre, post);
}
