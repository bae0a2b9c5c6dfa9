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
    const perDoc: number[][] = new Array(size);
    let multiValued = false;
    let total = 0;
    const pairs: { doc: number; value: number }[] = [];
    this.numColumn = new Float64Array(size).fill(NaN);
    let hasStrings = false;
    const buf: Scalar[] = [];
    for (let doc = 0; doc < size; doc++) {
      buf.length = 0;
      scalars(getPath(records[doc], name), buf);
      const ids: number[] = [];
      for (const v of buf) {
        const text = typeof v === 'string' ? v : String(v);
        if (typeof v === 'string') hasStrings = true;
        const key = facetKey(text);
        let id = this.valueByKey.get(key);
        if (id === undefined) {
          id = this.values.length;
          this.values.push(text);
          this.valueByKey.set(key, id);
          this.postings.push([]);
        }
        if (!ids.includes(id)) {
          ids.push(id);
          this.postings[id].push(doc);
        }
        const num = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : NaN;
        if (!Number.isNaN(num)) {
          pairs.push({ doc, value: num });
          if (Number.isNaN(this.numColumn[doc])) this.numColumn[doc] = num;
        }
      }
      if (ids.length > 1) multiValued = true;
      total += ids.length;
      perDoc[doc] = ids;
    }
    this.hasStrings = hasStrings;
    if (multiValued) {
      this.single = null;
      this.offsets = new Uint32Array(size + 1);
      this.multi = new Int32Array(total);
      let k = 0;
      for (let doc = 0; doc < size; doc++) {
        this.offsets[doc] = k;
        for (const id of perDoc[doc]) this.multi[k++] = id;
      }
      this.offsets[size] = k;
    } else {
      this.offsets = null;
      this.multi = null;
      this.single = new Int32Array(size).fill(-1);
      for (let doc = 0; doc < size; doc++) if (perDoc[doc].length) this.single[doc] = perDoc[doc][0];
    }
    pairs.sort((a, b) => a.value - b.value || a.doc - b.doc);
    this.numDocs = Uint32Array.from(pairs, (p) => p.doc);
    this.numVals = Float64Array.from(pairs, (p) => p.value);
    this.hasNumbers = pairs.length > 0;
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
