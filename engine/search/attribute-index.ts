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
 * Building is linear in the documents: one pass into typed arrays, no array or string per
 * document or per value (at 200,000 cars the garbage of those made the build grow 22× for 10×).
 */
import { emptyBits, type Bits } from './bitset.ts';
import { GrowableInts } from './growable.ts';

export type Scalar = string | number | boolean;

export function getPath(record: unknown, path: string): unknown {
  if (record === null || typeof record !== 'object') return undefined;
  const direct = (record as Record<string, unknown>)[path];
  if (direct !== undefined || !path.includes('.')) return direct;
  let cur: unknown = record;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function scalars(value: unknown, out: Scalar[]) {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const v of value) scalars(v, out);
    return;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push(value);
}

export const facetKey = (value: string) => value.toLowerCase();

/**
 * A value is frequent when its bitset is no larger than its posting list (one bit per document
 * against 4 bytes per posting): only those keep a bitset, so the bitsets of one attribute
 * never outweigh its posting lists, and a filter on a rare value (a slug, an id) costs its few
 * postings instead of a cached bitset per value ever asked.
 */
export const isFrequent = (postings: number, size: number) => postings * 32 >= size;

export class AttributeIndex {
  /** Display values by value number. */
  readonly values: string[] = [];
  private readonly valueByKey = new Map<string, number>();
  /** Posting lists by value number: documents postStart[id] … postStart[id + 1] of postDocs, ascending. */
  private readonly postStart: Uint32Array;
  private readonly postDocs: Uint32Array;
  private readonly frequentBits = new Map<number, Bits>();
  /** Value numbers per document: single-valued column, or CSR (offsets into multi) when any document has several. */
  readonly single: Int32Array | null;
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
   * (computed attributes, search-index.ts), without a copy of each record.
   */
  constructor(
    readonly name: string,
    records: readonly unknown[],
    compute?: (record: Record<string, unknown>) => unknown,
  ) {
    const size = records.length;
    // Lookups that allocate nothing in the common case (the same string or number seen before).
    const counts = new GrowableInts(64);
    const numberOf: number[] = [];
    const byString = new Map<string, number>();
    const byNumber = new Map<number, number>();
    const byBoolean: (number | undefined)[] = [undefined, undefined];
    let hasStrings = false;
    const idFor = (v: Scalar): number => {
      // A string already in lower case is its own key; only other spellings need byString.
      let id = typeof v === 'string' ? (this.valueByKey.get(v) ?? byString.get(v)) : typeof v === 'number' ? byNumber.get(v) : byBoolean[v ? 1 : 0];
      if (id === undefined) {
        const text = typeof v === 'string' ? v : String(v);
        const key = facetKey(text);
        id = this.valueByKey.get(key);
        if (id === undefined) {
          id = this.values.length;
          this.values.push(text);
          this.valueByKey.set(key, id);
          counts.push(0);
          numberOf.push(NaN);
        }
        if (typeof v === 'string') {
          if (key !== v) byString.set(v, id);
        }
        else if (typeof v === 'number') byNumber.set(v, id);
        else byBoolean[v ? 1 : 0] = id;
      }
      if (typeof v === 'string') hasStrings = true;
      else numberOf[id] = typeof v === 'number' ? v : v ? 1 : 0;
      return id;
    };
    // Value numbers go straight into the single-valued column; only once a document has
    // several are (document, value number) pairs collected, the column so far moved into them.
    // Every transient array is garbage the collector must trace past the records, so there
    // are as few as possible.
    const single = new Int32Array(size).fill(-1);
    // Multi-valued: each document's value numbers end to end, from offsets[doc].
    let offsets: Uint32Array | undefined;
    let multi: GrowableInts | undefined;
    const toMulti = (upTo: number) => {
      offsets = new Uint32Array(size + 1);
      multi = new GrowableInts(size + 16);
      for (let d = 0; d < upTo; d++) {
        offsets[d] = multi.length;
        if (single[d] >= 0) multi.push(single[d]);
      }
      offsets[upTo] = multi.length;
    };
    const buf: Scalar[] = [];
    const docIds: number[] = [];
    for (let doc = 0; doc < size; doc++) {
      if (offsets) offsets[doc] = multi!.length;
      const record = records[doc];
      const value = compute ? compute(record as Record<string, unknown>) : getPath(record, name);
      if (value === null || value === undefined) continue;
      docIds.length = 0;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') docIds.push(idFor(value));
      else {
        buf.length = 0;
        scalars(value, buf);
        for (const v of buf) {
          const id = idFor(v);
          // The same value twice in one document counts once.
          if (!docIds.includes(id)) docIds.push(id);
        }
        if (docIds.length > 1 && !offsets) toMulti(doc);
      }
      if (multi) {
        // Grow to what the documents so far foretell for all of them, not by doubling: each
        // discarded buffer is memory the collector must account for.
        const needed = multi.length + docIds.length;
        if (needed > multi.data.length) multi.reserve(Math.max(needed, Math.ceil((multi.length / (doc + 1)) * size * 1.1) + 16));
        for (const id of docIds) multi.push(id);
      } else if (docIds.length) single[doc] = docIds[0];
      for (const id of docIds) counts.data[id]++;
    }
    this.hasStrings = hasStrings;
    const valueCount = this.values.length;
    this.postStart = new Uint32Array(valueCount + 1);
    for (let id = 0; id < valueCount; id++) this.postStart[id + 1] = this.postStart[id] + counts.data[id];
    this.postDocs = new Uint32Array(this.postStart[valueCount]);
    // Posting lists end to end (a counting sort by value number; documents stay ascending).
    const fill = this.postStart.slice(0, valueCount);
    if (offsets && multi) {
      const pairs = multi.length;
      offsets[size] = pairs;
      this.single = null;
      this.offsets = offsets;
      // A little spare capacity is kept rather than copied.
      this.multi = pairs * 1.25 >= multi.data.length ? multi.data.subarray(0, pairs) : multi.data.slice(0, pairs);
      for (let doc = 0; doc < size; doc++) {
        for (let k = offsets[doc]; k < offsets[doc + 1]; k++) this.postDocs[fill[this.multi[k]]++] = doc;
      }
    } else {
      this.offsets = null;
      this.multi = null;
      this.single = single;
      for (let doc = 0; doc < size; doc++) if (single[doc] >= 0) this.postDocs[fill[single[doc]]++] = doc;
    }

    // Numeric side: the numeric value numbers sorted by number (ties by value number).
    this.numberOf = Float64Array.from(numberOf);
    const numeric: number[] = [];
    for (let id = 0; id < valueCount; id++) if (numberOf[id] === numberOf[id]) numeric.push(id);
    this.numIds = Int32Array.from(numeric).sort((a, b) => numberOf[a] - numberOf[b] || a - b);
    this.numSorted = new Float64Array(this.numIds.length);
    for (let p = 0; p < this.numIds.length; p++) this.numSorted[p] = numberOf[this.numIds[p]];
    this.hasNumbers = this.numIds.length > 0;
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
      const ids = this.values.map((_, i) => i).sort((a, b) => collator.compare(this.values[a], this.values[b]) || a - b);
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
