/**
 * Per-attribute columns of one index, built on first use (so any attribute can be filtered,
 * and only the ones asked for cost memory):
 *
 *  - facet side: a dictionary of values (compared case-insensitively, shown as first seen),
 *    each with a posting list of documents; a per-document value column for counting facets by
 *    walking the matching documents once; a bitset per value, made when first filtered on.
 *  - numeric side: (value, document) pairs sorted by value, so a comparison or range is two
 *    binary searches; and a per-document column for facets_stats.
 *
 * Strings, numbers and booleans are all facets (numbers as their string form, booleans as
 * "true"/"false"); numbers and booleans (as 1/0) are also numeric. Arrays give several values.
 * Nested attributes are addressed with dots (location.city).
 */
import { bitsFromIds, emptyBits, type Bits } from './bitset.ts';

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

export class AttributeIndex {
  /** Display values by value number. */
  readonly values: string[] = [];
  private readonly valueByKey = new Map<string, number>();
  private readonly postings: number[][] = [];
  private readonly valueBits = new Map<number, Bits>();
  /** Value numbers per document: single-valued column, or CSR (offsets into multi) when any document has several. */
  readonly single: Int32Array | null;
  readonly offsets: Uint32Array | null;
  readonly multi: Int32Array | null;
  /** Numeric pairs sorted by value. */
  readonly numDocs: Uint32Array;
  readonly numVals: Float64Array;
  /** Numeric column for stats (first value of the document; NaN when none). */
  readonly numColumn: Float64Array;
  readonly hasNumbers: boolean;
  readonly hasStrings: boolean;

  constructor(
    readonly name: string,
    records: readonly unknown[],
  ) {
    const size = records.length;
    // One pass collects (document, value number) pairs flat, without an array per document.
    const pairDoc: number[] = [];
    const pairValue: number[] = [];
    const numberOf: number[] = [];
    let hasStrings = false;
    let multiValued = false;
    const buf: Scalar[] = [];
    const add = (doc: number, v: Scalar, firstOfDoc: number) => {
      const text = typeof v === 'string' ? v : String(v);
      const key = facetKey(text);
      let id = this.valueByKey.get(key);
      if (id === undefined) {
        id = this.values.length;
        this.values.push(text);
        this.valueByKey.set(key, id);
        this.postings.push([]);
        numberOf.push(NaN);
      }
      if (typeof v === 'string') hasStrings = true;
      else numberOf[id] = typeof v === 'number' ? v : v ? 1 : 0;
      // The same value twice in one document counts once.
      for (let k = firstOfDoc; k < pairDoc.length; k++) if (pairValue[k] === id) return;
      pairDoc.push(doc);
      pairValue.push(id);
      this.postings[id].push(doc);
    };
    for (let doc = 0; doc < size; doc++) {
      const value = getPath(records[doc], name);
      if (value === null || value === undefined) continue;
      const first = pairDoc.length;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') add(doc, value, first);
      else {
        buf.length = 0;
        scalars(value, buf);
        for (const v of buf) add(doc, v, first);
        if (pairDoc.length - first > 1) multiValued = true;
      }
    }
    this.hasStrings = hasStrings;

    if (multiValued) {
      this.single = null;
      this.offsets = new Uint32Array(size + 1);
      this.multi = Int32Array.from(pairValue);
      let k = 0;
      for (let doc = 0; doc < size; doc++) {
        this.offsets[doc] = k;
        while (k < pairDoc.length && pairDoc[k] === doc) k++;
      }
      this.offsets[size] = k;
    } else {
      this.offsets = null;
      this.multi = null;
      this.single = new Int32Array(size).fill(-1);
      for (let k = 0; k < pairDoc.length; k++) this.single[pairDoc[k]] = pairValue[k];
    }

    // Numeric side: distinct numbers sorted, then their posting lists (already in document order) laid end to end.
    this.numColumn = new Float64Array(size).fill(NaN);
    for (let k = pairDoc.length - 1; k >= 0; k--) {
      const n = numberOf[pairValue[k]];
      if (n === n) this.numColumn[pairDoc[k]] = n;
    }
    const numericIds = [];
    let total = 0;
    for (let id = 0; id < numberOf.length; id++) {
      if (numberOf[id] === numberOf[id]) {
        numericIds.push(id);
        total += this.postings[id].length;
      }
    }
    numericIds.sort((a, b) => numberOf[a] - numberOf[b]);
    this.numDocs = new Uint32Array(total);
    this.numVals = new Float64Array(total);
    let at = 0;
    for (const id of numericIds) {
      for (const doc of this.postings[id]) {
        this.numDocs[at] = doc;
        this.numVals[at++] = numberOf[id];
      }
    }
    this.hasNumbers = total > 0;
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

  /** Documents with this facet value (shared: do not modify). */
  bitsFor(value: string, size: number): Bits | undefined {
    const id = this.valueId(value);
    if (id === undefined) return undefined;
    let bits = this.valueBits.get(id);
    if (!bits) {
      bits = bitsFromIds(this.postings[id], size);
      this.valueBits.set(id, bits);
    }
    return bits;
  }

  postingCount(id: number): number {
    return this.postings[id].length;
  }

  /** First index in numVals with value >= x (or > x when strict). */
  private lowerBound(x: number, strict: boolean): number {
    let lo = 0;
    let hi = this.numVals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strict ? this.numVals[mid] <= x : this.numVals[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Documents with a value in [lo, hi] (bounds included unless said otherwise). */
  numericRange(lo: number, hi: number, size: number, loStrict = false, hiStrict = false): Bits {
    const bits = emptyBits(size);
    const from = this.lowerBound(lo, loStrict);
    const to = this.lowerBound(hi, !hiStrict);
    for (let i = from; i < to; i++) {
      const doc = this.numDocs[i];
      bits[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }
}
