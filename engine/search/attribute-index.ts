/**
 * Per-attribute columns of one index, built on first use (so any attribute can be filtered,
 * and only the ones asked for cost memory):
 *
 *  - facet side: a dictionary of values (compared case-insensitively, shown as first seen),
 *    each with a posting list of documents, laid end to end in one typed array; a per-document
 *    value column for counting facets by walking the matching documents once; a bitset only
 *    for frequent values (made when first filtered on), a rare value's bits are made from its
 *    posting list each time (engine/search/README.md, "Index representation").
 *  - numeric side: the distinct numbers sorted, so a comparison or range is two binary
 *    searches and the union of the posting lists between them; facets_stats read each
 *    document's number through its value number (a per-document number column only for a
 *    multi-valued attribute's stats, made when first asked).
 *
 * Strings, numbers and booleans are all facets (numbers as their string form, booleans as
 * "true"/"false"); numbers and booleans (as 1/0) are also numeric. Arrays give several values.
 * Nested attributes are addressed with dots (location.city).
 *
 * Building is linear in the documents: one pass into typed arrays for all the attributes
 * built together (attribute-columns.ts).
 */
import {
  buildColumns,
  facetKey,
  type AttributeColumns,
  type ColumnSource,
  type ValueColumn,
} from './attribute-columns.ts';
import { emptyBits, type Bits } from './bitset.ts';

export { facetKey, getPath, type Scalar } from './attribute-columns.ts';

/**
 * A value is frequent when its bitset is no larger than its posting list (one bit per document
 * against 4 bytes per posting): only those keep a bitset, so the bitsets of one attribute
 * never outweigh its posting lists, and a filter on a rare value (a slug, an id) costs its few
 * postings instead of a cached bitset per value ever asked.
 */
export const isFrequent = (postings: number, size: number) => postings * 32 >= size;

export class AttributeIndex {
  /** Display values by value number. */
  readonly values: string[];
  private readonly valueByKey: Map<string, number>;
  /** Posting lists by value number: documents postStart[id] … postStart[id + 1] of postDocs, ascending. */
  private readonly postStart: Uint32Array;
  private readonly postDocs: Uint32Array;
  private readonly frequentBits = new Map<number, Bits>();
  /** Value numbers per document: single-valued column, or CSR (offsets into multi) when any document has several. */
  readonly single: ValueColumn | null;
  readonly offsets: Uint32Array | null;
  readonly multi: Int32Array | null;
  /** Numeric value numbers sorted by their number, and those numbers. */
  private readonly numIds: Int32Array;
  private readonly numSorted: Float64Array;
  /** The number of each value number (NaN for a string). */
  private readonly numberOf: Float64Array;
  /** Made on first use (numColumn). */
  private numbers: Float64Array | undefined;
  readonly hasNumbers: boolean;
  readonly hasStrings: boolean;

  /**
   * `compute` works the value out of each record instead of reading the attribute
   * (computed attributes, search-index.ts), without a copy of each record. `built`: columns
   * already built with others (AttributeIndex.many), the records are then not read.
   */
  constructor(
    readonly name: string,
    records: readonly unknown[],
    compute?: (record: Record<string, unknown>) => unknown,
    built?: AttributeColumns,
  ) {
    const c = built ?? buildColumns(records, [{ name, compute }])[0];
    this.values = c.values;
    this.valueByKey = c.valueByKey;
    this.postStart = c.postStart;
    this.postDocs = c.postDocs;
    this.single = c.single;
    this.offsets = c.offsets;
    this.multi = c.multi;
    this.numIds = c.numIds;
    this.numSorted = c.numSorted;
    this.numberOf = c.numberOf;
    this.hasStrings = c.hasStrings;
    this.hasNumbers = c.numIds.length > 0;
  }

  /** Several attributes' indexes, built in one pass over the records (attribute-columns.ts), in which `visit` sees each record too. */
  static many(
    records: readonly unknown[],
    sources: readonly ColumnSource[],
    visit?: (record: unknown, doc: number) => void,
  ): AttributeIndex[] {
    return buildColumns(records, sources, visit).map(
      (c, i) => new AttributeIndex(sources[i].name, records, sources[i].compute, c),
    );
  }

  /** Each document's first number (NaN when none). */
  private firstNumbers(): Float64Array {
    const size = this.single ? this.single.length : this.offsets!.length - 1;
    const out = new Float64Array(size).fill(NaN);
    for (let doc = 0; doc < size; doc++) {
      const id = this.firstNumericId(doc);
      if (id >= 0) out[doc] = this.numberOf[id];
    }
    return out;
  }

  /** The document's first value that is a number, or -1. */
  private firstNumericId(doc: number): number {
    if (this.single) {
      const id = this.single[doc];
      return id >= 0 && this.numberOf[id] === this.numberOf[id] ? id : -1;
    }
    for (let k = this.offsets![doc]; k < this.offsets![doc + 1]; k++) {
      const id = this.multi![k];
      if (this.numberOf[id] === this.numberOf[id]) return id;
    }
    return -1;
  }

  /** The number of a value number (NaN for a string). */
  numberOfValue(id: number): number {
    return this.numberOf[id];
  }

  /**
   * Each document's first number, NaN when none, made on first use: a single-valued attribute
   * needs none (its numbers are read through the value column, numberOfValue), only stats of a
   * multi-valued one do.
   */
  get numColumn(): Float64Array {
    return (this.numbers ??= this.firstNumbers());
  }

  /**
   * Each document's position among the attribute's distinct numbers (equal numbers share one;
   * -1 when the document has none), and how many distinct numbers there are: what a linear
   * counting sort needs (SearchIndex.order).
   */
  numberRanks(): { ranks: Int32Array; levels: number } {
    const rankOf = new Int32Array(this.values.length).fill(-1);
    let level = -1;
    for (let p = 0; p < this.numIds.length; p++) {
      if (p === 0 || this.numSorted[p] !== this.numSorted[p - 1]) level++;
      rankOf[this.numIds[p]] = level;
    }
    const size = this.single ? this.single.length : this.offsets!.length - 1;
    const ranks = new Int32Array(size);
    for (let doc = 0; doc < size; doc++) {
      const id = this.firstNumericId(doc);
      ranks[doc] = id >= 0 ? rankOf[id] : -1;
    }
    return { ranks, levels: level + 1 };
  }

  private alpha: Int32Array | undefined;

  /** Each value's position in alphabetical (natural) order, for tie-breaks without string compares per query. */
  alphaRank(): Int32Array {
    if (!this.alpha) {
      const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
      const ids = this.values
        .map((_, i) => i)
        .sort((a, b) => collator.compare(this.values[a], this.values[b]) || a - b);
      this.alpha = new Int32Array(ids.length);
      ids.forEach((id, pos) => (this.alpha![id] = pos));
    }
    return this.alpha;
  }

  valueId(value: string): number | undefined {
    return this.valueByKey.get(facetKey(value));
  }

  /** The documents of a value number, ascending (a view: do not modify). */
  docsOf(id: number): Uint32Array {
    return this.postDocs.subarray(this.postStart[id], this.postStart[id + 1]);
  }

  /** Documents with this facet value: a frequent value's bitset is kept and shared (do not modify), a rare value's made anew. */
  bitsFor(value: string, size: number): Bits | undefined {
    const id = this.valueId(value);
    if (id === undefined) return undefined;
    const kept = this.frequentBits.get(id);
    if (kept) return kept;
    const bits = emptyBits(size);
    this.setDocs(bits, id);
    if (isFrequent(this.postingCount(id), size)) this.frequentBits.set(id, bits);
    return bits;
  }

  /** Bitsets kept so far (frequent values filtered on). */
  keptBitsets(): number {
    return this.frequentBits.size;
  }

  postingCount(id: number): number {
    return this.postStart[id + 1] - this.postStart[id];
  }

  private setDocs(bits: Bits, id: number) {
    const docs = this.postDocs;
    for (let i = this.postStart[id], end = this.postStart[id + 1]; i < end; i++) {
      const doc = docs[i];
      bits[doc >>> 5] |= 1 << (doc & 31);
    }
  }

  /** First position in numSorted with value >= x (or > x when strict). */
  private lowerBound(x: number, strict: boolean): number {
    let lo = 0;
    let hi = this.numSorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strict ? this.numSorted[mid] <= x : this.numSorted[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Documents with a value in [lo, hi] (bounds included unless said otherwise). */
  numericRange(lo: number, hi: number, size: number, loStrict = false, hiStrict = false): Bits {
    const bits = emptyBits(size);
    const from = this.lowerBound(lo, loStrict);
    const to = this.lowerBound(hi, !hiStrict);
    for (let p = from; p < to; p++) this.setDocs(bits, this.numIds[p]);
    return bits;
  }
}
