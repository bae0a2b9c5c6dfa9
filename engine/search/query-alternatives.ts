/**
 * Other readings of a query, as Algolia's word splitting and concatenation: two query words
 * joined ("land cruiser" → "landcruiser", "hi-lux" → "hilux") and one query word split in two
 * where both halves are indexed words ("rangerover" → "range rover"). A record matching any
 * reading matches the query (engine/search/README.md, "Text").
 */
import sortedIndex from 'lodash-es/sortedIndex.js';
import type { QueryTerm, TypoTolerance } from './text-index.ts';

/** Longer queries are read only as typed: their alternatives would cost more than they find. */
export const MAX_ALTERNATIVE_WORDS = 8;
/** A word is split at most this many ways (the shortest left half first). */
const MAX_SPLITS_PER_WORD = 2;
const MIN_HALF = 2;

export function typosAllowed(text: string, typoTolerance: TypoTolerance): number {
  if (typoTolerance === false) return 0;
  return text.length >= 8 ? 2 : text.length >= 4 ? 1 : 0;
}

/** The indexed words, sorted, to ask whether a word or a word start exists. */
export class Vocabulary {
  private readonly sorted: string[];
  private readonly set: Set<string>;

  constructor(words: Iterable<string>) {
    this.set = new Set(words);
    this.sorted = [...this.set].sort();
  }

  has(word: string): boolean {
    return this.set.has(word);
  }

  hasPrefix(start: string): boolean {
    return this.sorted[sortedIndex(this.sorted, start)]?.startsWith(start) ?? false;
  }
}

export function queryAlternatives(terms: QueryTerm[], vocabulary: Vocabulary): QueryTerm[][] {
  if (terms.length > MAX_ALTERNATIVE_WORDS) return [];
  const out: QueryTerm[][] = [];
  for (let i = 0; i + 1 < terms.length; i++) {
    const text = terms[i].text + terms[i + 1].text;
    // Joined words match as typed (no typos): a long joined word with two typos would cost a
    // wide fuzzy search and find more noise than intent.
    const joined: QueryTerm = { text, prefix: terms[i + 1].prefix, maxTypos: 0 };
    out.push([...terms.slice(0, i), joined, ...terms.slice(i + 2)]);
  }
  terms.forEach((term, i) => {
    let splits = 0;
    for (
      let at = MIN_HALF;
      at <= term.text.length - MIN_HALF && splits < MAX_SPLITS_PER_WORD;
      at++
    ) {
      const left = term.text.slice(0, at);
      const right = term.text.slice(at);
      if (
        !vocabulary.has(left) ||
        !(term.prefix ? vocabulary.hasPrefix(right) : vocabulary.has(right))
      )
        continue;
      splits++;
      const halves: QueryTerm[] = [
        { text: left, prefix: false, maxTypos: 0 },
        { text: right, prefix: term.prefix, maxTypos: 0 },
      ];
      out.push([...terms.slice(0, i), ...halves, ...terms.slice(i + 1)]);
    }
  });
  return out;
}
