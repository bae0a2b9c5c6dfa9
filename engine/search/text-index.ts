/**
 * Full-text matching with MiniSearch (a small, well-kept library that does typo-tolerant
 * prefix search over a radix tree well); the engine adds Algolia's query semantics on top:
 *
 *  - every query word must match (AND), the last one as a prefix (queryType prefixLast);
 *  - typos: none for words under 4 characters, 1 from 4, 2 from 8 (Algolia's defaults); a swap
 *    of two adjacent letters is one typo (typo-distance.ts);
 *  - two query words joined, or one split in two, also match (query-alternatives.ts);
 *  - identifiers (stocknum, vin) match by prefix only, never with typos;
 *  - each match gets a tier (typos first, then words matched only as a prefix) that ranks
 *    before the custom ranking, like Algolia's typo and exact criteria.
 *
 * Records with identical searchable text (same year, make, model, badge…) are indexed once and
 * expanded to their documents afterwards, which makes MiniSearch's work about 3× smaller on a
 * dealer inventory.
 */
import MiniSearch from 'minisearch';
import { emptyBits, andInto, type Bits } from './bitset.ts';
import { getPath } from './attribute-index.ts';
import type { Budget } from './limits.ts';
import { PrefixIndex } from './prefix-index.ts';
import { boundedDistance, swapVariants } from './typo-distance.ts';
import { queryAlternatives, typosAllowed, Vocabulary } from './query-alternatives.ts';

export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone';
export type TypoTolerance = boolean | 'min' | 'strict';

export interface QueryTerm {
  text: string;
  prefix: boolean;
  maxTypos: number;
}

export interface TextMatch {
  bits: Bits;
  /** Lower is better: typos × 16 + words matched only by prefix. Only meaningful where bits is set. */
  tiers: Uint8Array;
  terms: QueryTerm[];
}

export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return normalizeText(text).match(WORD) ?? [];
}

const PLAIN_WORD = /^[A-Za-z0-9]+$/;

/** Indexed words: "CX-5" also yields "cx5", so both spellings find it. */
function indexTokens(text: string): string[] {
  // Most identifiers (stock numbers, VINs) are one plain word: read without a normalised copy
  // and its regular expressions, the garbage of which grew the build faster than the stock.
  if (PLAIN_WORD.test(text)) return [text.toLowerCase()];
  const out = words(text);
  for (const part of normalizeText(text).split(/\s+/)) {
    if (/[-./]/.test(part)) {
      const joined = part.replace(/[^\p{L}\p{N}]+/gu, '');
      if (joined && !out.includes(joined)) out.push(joined);
    }
  }
  return out;
}

export function queryTerms(
  query: string,
  queryType: QueryType,
  typoTolerance: TypoTolerance,
): QueryTerm[] {
  const list = words(query);
  return list.map((text, i) => ({
    text,
    prefix: queryType === 'prefixAll' || (queryType === 'prefixLast' && i === list.length - 1),
    maxTypos: typosAllowed(text, typoTolerance),
  }));
}

export { boundedDistance } from './typo-distance.ts';

interface Group {
  /** Documents sharing one searchable text. */
  docs: number[];
}

interface Side {
  search: MiniSearch<{ g: number }>;
  vocabulary: Vocabulary;
  groups: Group[];
  fields: string[];
}

export interface TextIndexOptions {
  /** Searchable attributes, in priority order. */
  attributes: string[];
  /** Attributes matched by prefix only, without typos (identifiers). */
  exactOnly?: string[];
}

export class TextIndex {
  private readonly fuzzy: Side | undefined;
  /** Identifiers: by prefix, never with typos, in their own index (prefix-index.ts). */
  private readonly exact: PrefixIndex | undefined;

  constructor(
    private readonly records: readonly unknown[],
    options: TextIndexOptions,
  ) {
    const exactSet = new Set(options.exactOnly ?? []);
    const fuzzyFields = options.attributes.filter((a) => !exactSet.has(a));
    const exactFields = options.attributes.filter((a) => exactSet.has(a));
    this.fuzzy = fuzzyFields.length ? this.build(fuzzyFields) : undefined;
    this.exact = exactFields.length
      ? new PrefixIndex(records.length, exactFields, (doc, f) =>
          indexTokens(fieldText(getPath(records[doc], exactFields[f]))),
        )
      : undefined;
  }

  private build(fields: string[]): Side {
    const groups: Group[] = [];
    const byText = new Map<string, number>();
    const texts: string[][] = [];
    for (let doc = 0; doc < this.records.length; doc++) {
      const values = fields.map((f) => fieldText(getPath(this.records[doc], f)));
      const key = values.join('\u0001');
      let g = byText.get(key);
      if (g === undefined) {
        g = groups.length;
        byText.set(key, g);
        groups.push({ docs: [] });
        texts.push(values);
      }
      groups[g].docs.push(doc);
    }
    const search = new MiniSearch<{ g: number }>({
      idField: 'g',
      fields,
      storeFields: [],
      extractField: (doc, field) =>
        field === 'g' ? (doc.g as unknown as string) : texts[doc.g][fields.indexOf(field)],
      tokenize: indexTokens,
      processTerm: (term) => term,
      searchOptions: { tokenize: words, processTerm: (term) => term },
    });
    search.addAll(groups.map((_, g) => ({ g })));
    const vocabulary = new Vocabulary(texts.flatMap((values) => values.flatMap(indexTokens)));
    return { search, groups, fields, vocabulary };
  }

  /**
   * Documents matching every term, or every term of one of the query's other readings
   * (words joined or split), with their tiers (the best reading's). A word repeated in the
   * query or its readings is looked up once, and once no document is left the remaining words
   * of a reading are not looked up at all: a long query costs what its distinct, still-matching
   * words cost.
   */
  match(terms: QueryTerm[], restrictTo?: string[], budget?: Budget): TextMatch {
    const size = this.records.length;
    const seen = new Map<string, { termBits: Bits; termTier: Uint8Array }>();
    const lookup = (term: QueryTerm) => {
      const key = `${term.text}\u0000${term.prefix}\u0000${term.maxTypos}`;
      let found = seen.get(key);
      if (!found) {
        found = { termBits: emptyBits(size), termTier: new Uint8Array(size).fill(255) };
        this.collect(this.fuzzy, term, term.maxTypos, restrictTo, found.termBits, found.termTier);
        this.collectExact(term, restrictTo, found.termBits, found.termTier);
        seen.set(key, found);
      }
      return found;
    };
    const reading = (list: QueryTerm[]) => {
      const tiers = new Uint8Array(size);
      let bits: Bits | undefined;
      for (const term of list) {
        if (bits && !bits.some((w) => w !== 0)) break;
        budget?.check();
        const { termBits, termTier } = lookup(term);
        bits = bits ? andInto(bits, termBits) : termBits.slice();
        forEachDoc(bits, (doc) => {
          tiers[doc] = Math.min(255, tiers[doc] + termTier[doc]);
        });
      }
      return { bits: bits ?? emptyBits(size), tiers };
    };
    const best = reading(terms);
    const vocabulary = this.fuzzy?.vocabulary;
    for (const other of vocabulary ? queryAlternatives(terms, vocabulary) : []) {
      const alt = reading(other);
      forEachDoc(alt.bits, (doc) => {
        const w = doc >>> 5;
        const bit = 1 << (doc & 31);
        if (!(best.bits[w] & bit)) {
          best.bits[w] |= bit;
          best.tiers[doc] = alt.tiers[doc];
        } else if (alt.tiers[doc] < best.tiers[doc]) best.tiers[doc] = alt.tiers[doc];
      });
    }
    return { bits: best.bits, tiers: best.tiers, terms };
  }

  private collect(
    side: Side | undefined,
    term: QueryTerm,
    maxTypos: number,
    restrictTo: string[] | undefined,
    bits: Bits,
    tiers: Uint8Array,
  ) {
    if (!side) return;
    const fields = restrictTo ? side.fields.filter((f) => restrictTo.includes(f)) : undefined;
    if (fields && !fields.length) return;
    const prefix = term.prefix;
    // MiniSearch counts a swap as two edits: with one typo allowed the swapped spellings are
    // looked up exactly (cheap). With two, MiniSearch's own search already reaches a swap;
    // only a swap plus another typo is left out, which would cost a fuzzy search per letter.
    const spellings = [{ text: term.text, fuzzy: maxTypos }];
    if (maxTypos === 1)
      for (const text of swapVariants(term.text)) spellings.push({ text, fuzzy: 0 });
    for (const spelling of spellings) {
      const results = side.search.search(spelling.text, {
        prefix,
        fuzzy: spelling.fuzzy,
        combineWith: 'OR',
        fields,
      });
      for (const r of results) {
        let tier = 255;
        for (const t of r.terms) {
          const cost = termCost(term.text, t, prefix, maxTypos);
          if (cost < tier) tier = cost;
        }
        for (const doc of side.groups[r.id as number].docs) {
          bits[doc >>> 5] |= 1 << (doc & 31);
          if (tier < tiers[doc]) tiers[doc] = tier;
        }
      }
    }
  }

  /** Identifiers are often typed in part (the start of a stock number or VIN): always by prefix, never with typos. */
  private collectExact(
    term: QueryTerm,
    restrictTo: string[] | undefined,
    bits: Bits,
    tiers: Uint8Array,
  ) {
    if (!this.exact) return;
    const fields = restrictTo ? this.exact.fields.filter((f) => restrictTo.includes(f)) : undefined;
    if (fields && !fields.length) return;
    this.exact.search(
      term.text,
      (doc, word) => {
        bits[doc >>> 5] |= 1 << (doc & 31);
        const tier = word === term.text ? 0 : 1;
        if (tier < tiers[doc]) tiers[doc] = tier;
      },
      fields,
    );
  }
}

/** Tier of an indexed word found for a query word: typos × 16, plus 1 when matched by prefix only. */
function termCost(query: string, found: string, prefix: boolean, maxTypos: number): number {
  if (found === query) return 0;
  if (prefix && found.startsWith(query)) return 1;
  const typos = boundedDistance(query, found, maxTypos);
  if (typos <= maxTypos) return 16 * Math.max(1, typos);
  // Found by the prefix of a swapped spelling ("rnag" → "ranger"): typos in the typed part.
  return (
    16 *
      Math.max(
        1,
        Math.min(maxTypos, boundedDistance(query, found.slice(0, query.length), maxTypos)),
      ) +
    1
  );
}

function forEachDoc(bits: Bits, visit: (doc: number) => void) {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word) {
      const low = word & -word;
      visit((w << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(fieldText).join(' ');
  return String(value);
}
