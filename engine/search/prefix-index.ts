/**
 * Identifiers (stock numbers, VINs) matched by prefix, without typos: the distinct words
 * sorted, each with its (document, field) postings in typed arrays, so a lookup is a binary
 * search and a scan of the words that start with the query. Identifiers are unique per car,
 * so a general text index (MiniSearch: a tree node and a map per word) cost 400 MB and 7 s at
 * 200,000 cars; this costs tens of megabytes and time linear in the stock: the words are
 * ordered by a radix sort (string-order.ts), not interned in a Map and compared
 * (engine/search/README.md, "Index representation").
 */
import sortedIndex from 'lodash-es/sortedIndex.js';
import { GrowableInts } from './growable.ts';
import { orderByString } from './string-order.ts';

export class PrefixIndex {
  /** Distinct words, sorted by code unit. */
  private readonly words: string[];
  /** Postings of word w: start[w] … start[w + 1] of docs and fieldOf. */
  private readonly start: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly fieldOf: Uint8Array;

  constructor(
    size: number,
    readonly fields: readonly string[],
    tokensOf: (doc: number, field: number) => readonly string[],
  ) {
    if (fields.length > 255) throw new Error('PrefixIndex: at most 255 fields');
    // Every (word, document, field) entry in document order, then the entries ordered by word
    // (stably, so each word's postings stay ascending) and the equal words made one.
    const entryWord: string[] = [];
    const entryDoc = new GrowableInts(size * fields.length + 16);
    const entryField = new GrowableInts(size * fields.length + 16);
    for (let doc = 0; doc < size; doc++) {
      for (let f = 0; f < fields.length; f++) {
        const tokens = tokensOf(doc, f);
        for (let t = 0; t < tokens.length; t++) {
          // One posting per (word, document, field), as the general index counted them.
          if (tokens.indexOf(tokens[t]) !== t) continue;
          entryWord.push(tokens[t]);
          entryDoc.push(doc);
          entryField.push(f);
        }
      }
    }
    const n = entryWord.length;
    const order = orderByString(entryWord);
    this.words = [];
    const start = new GrowableInts(Math.min(n, size) + 16);
    this.docs = new Uint32Array(n);
    this.fieldOf = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const e = order[i];
      const word = entryWord[e];
      if (i === 0 || word !== entryWord[order[i - 1]]) {
        start.push(i);
        this.words.push(word);
      }
      this.docs[i] = entryDoc.data[e];
      this.fieldOf[i] = entryField.data[e];
    }
    start.push(n);
    this.start = Uint32Array.from(start.data.subarray(0, start.length));
  }

  /** Every (document, word) whose word starts with `prefix` (the word: the prefix itself or longer), in the given fields (all when none given). */
  search(prefix: string, visit: (doc: number, word: string) => void, fields?: readonly string[]) {
    const allowed = fields ? this.fields.map((f) => fields.includes(f)) : undefined;
    for (
      let w = sortedIndex(this.words, prefix);
      w < this.words.length && this.words[w].startsWith(prefix);
      w++
    ) {
      const word = this.words[w];
      for (let i = this.start[w]; i < this.start[w + 1]; i++) {
        if (allowed && !allowed[this.fieldOf[i]]) continue;
        visit(this.docs[i], word);
      }
    }
  }
}
