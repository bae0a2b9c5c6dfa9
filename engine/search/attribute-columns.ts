/**
 * Building the columns of attribute-index.ts: every attribute asked for at once, in one pass
 * over the records. Each pass over the records fetches every record from memory again; at
 * 200,000 cars (about 1 GB of records, far beyond the processor's caches) forty-odd passes, one
 * per eager attribute, cost three times as much per car as at 20,000, while one pass reading
 * all of a record's attributes while it is at hand (a block of records at a time) grows with
 * the stock (engine/search/README.md, "Index representation").
 *
 * Into typed arrays, with no array or string per document or per value: the garbage of those
 * made the build grow 22× for 10× the cars.
 */
import { GrowableInts } from './growable.ts';
import { orderByNumber } from './number-order.ts';

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
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    out.push(value);
}

export const facetKey = (value: string) => value.toLowerCase();

/**
 * Value numbers per document (-1: none), as narrow as the attribute's values allow: most
 * attributes have a few dozen values, and a quarter of the bytes per car is a quarter of the
 * typed-array memory. Each megabyte of typed arrays counts towards V8's external memory, and
 * every 64 MB of it since the last full collection starts another one, which traces every
 * record (about 1 GB at 200,000 cars).
 */
export type ValueColumn = Int8Array | Int16Array | Int32Array;

/** One attribute's columns (what AttributeIndex reads; its comments say what each holds). */
export interface AttributeColumns {
  values: string[];
  valueByKey: Map<string, number>;
  postStart: Uint32Array;
  postDocs: Uint32Array;
  single: ValueColumn | null;
  offsets: Uint32Array | null;
  multi: Int32Array | null;
  numIds: Int32Array;
  numSorted: Float64Array;
  numberOf: Float64Array;
  hasStrings: boolean;
}

export interface ColumnSource {
  name: string;
  /** Works the value out of each record instead of reading the attribute (computed attributes), without a copy of each record. */
  compute?: (record: Record<string, unknown>) => unknown;
}

/** One attribute's columns as they are collected, document by document. */
class ColumnBuilder {
  readonly values: string[] = [];
  readonly valueByKey = new Map<string, number>();
  // Lookups that allocate nothing in the common case (the same string or number seen before).
  private readonly counts = new GrowableInts(64);
  private readonly numberOf: number[] = [];
  private readonly byString = new Map<string, number>();
  private readonly byNumber = new Map<number, number>();
  private readonly byBoolean: (number | undefined)[] = [undefined, undefined];
  private hasStrings = false;
  // Value numbers go straight into the single-valued column; only once a document has several
  // are they laid out per document (offsets into multi), the column so far moved into them.
  private single: ValueColumn;
  private offsets: Uint32Array | undefined;
  private multi: GrowableInts | undefined;
  private readonly buf: Scalar[] = [];
  private readonly docIds: number[] = [];

  constructor(private readonly size: number) {
    this.single = new Int8Array(size).fill(-1);
  }

  /** A wider single-valued column once value number `id` does not fit (none needed once the values are laid out per document). */
  private roomFor(id: number) {
    const { single } = this;
    if (
      this.offsets ||
      (single instanceof Int8Array
        ? id <= 0x7f
        : single instanceof Int16Array
          ? id <= 0x7fff
          : true)
    )
      return;
    const wider =
      single instanceof Int8Array ? new Int16Array(this.size) : new Int32Array(this.size);
    wider.set(single);
    this.single = wider;
  }

  private idFor(v: Scalar): number {
    // A string already in lower case is its own key; only other spellings need byString.
    let id =
      typeof v === 'string'
        ? (this.valueByKey.get(v) ?? this.byString.get(v))
        : typeof v === 'number'
          ? this.byNumber.get(v)
          : this.byBoolean[v ? 1 : 0];
    if (id === undefined) {
      const text = typeof v === 'string' ? v : String(v);
      const key = facetKey(text);
      id = this.valueByKey.get(key);
      if (id === undefined) {
        id = this.values.length;
        this.values.push(text);
        this.valueByKey.set(key, id);
        this.counts.push(0);
        this.numberOf.push(NaN);
        this.roomFor(id);
      }
      if (typeof v === 'string') {
        if (key !== v) this.byString.set(v, id);
      } else if (typeof v === 'number') this.byNumber.set(v, id);
      else this.byBoolean[v ? 1 : 0] = id;
    }
    if (typeof v === 'string') this.hasStrings = true;
    else this.numberOf[id] = typeof v === 'number' ? v : v ? 1 : 0;
    return id;
  }

  private toMulti(upTo: number) {
    const offsets = (this.offsets = new Uint32Array(this.size + 1));
    const multi = (this.multi = new GrowableInts(this.size + 16));
    for (let d = 0; d < upTo; d++) {
      offsets[d] = multi.length;
      if (this.single[d] >= 0) multi.push(this.single[d]);
    }
    offsets[upTo] = multi.length;
  }

  /** The value of each document, called once per document in document order. */
  add(doc: number, value: unknown) {
    if (this.offsets) this.offsets[doc] = this.multi!.length;
    if (value === null || value === undefined) return;
    const docIds = this.docIds;
    docIds.length = 0;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      docIds.push(this.idFor(value));
    else {
      this.buf.length = 0;
      scalars(value, this.buf);
      for (const v of this.buf) {
        const id = this.idFor(v);
        // The same value twice in one document counts once.
        if (!docIds.includes(id)) docIds.push(id);
      }
      if (docIds.length > 1 && !this.offsets) this.toMulti(doc);
    }
    const multi = this.multi;
    if (multi) {
      // Grow to what the documents so far foretell for all of them, not by doubling: each
      // discarded buffer is memory the collector must account for.
      const needed = multi.length + docIds.length;
      if (needed > multi.data.length)
        multi.reserve(
          Math.max(needed, Math.ceil((multi.length / (doc + 1)) * this.size * 1.1) + 16),
        );
      for (const id of docIds) multi.push(id);
    } else if (docIds.length) this.single[doc] = docIds[0];
    for (const id of docIds) this.counts.data[id]++;
  }

  finish(): AttributeColumns {
    const { size, values, counts, numberOf } = this;
    const valueCount = values.length;
    const postStart = new Uint32Array(valueCount + 1);
    for (let id = 0; id < valueCount; id++) postStart[id + 1] = postStart[id] + counts.data[id];
    const postDocs = new Uint32Array(postStart[valueCount]);
    // Posting lists end to end (a counting sort by value number; documents stay ascending).
    const fill = postStart.slice(0, valueCount);
    let single: ValueColumn | null = null;
    let offsets: Uint32Array | null = null;
    let multi: Int32Array | null = null;
    if (this.offsets && this.multi) {
      const pairs = this.multi.length;
      offsets = this.offsets;
      offsets[size] = pairs;
      // A little spare capacity is kept rather than copied.
      const data = this.multi.data;
      multi = pairs * 1.25 >= data.length ? data.subarray(0, pairs) : data.slice(0, pairs);
      for (let doc = 0; doc < size; doc++) {
        for (let k = offsets[doc]; k < offsets[doc + 1]; k++) postDocs[fill[multi[k]]++] = doc;
      }
    } else {
      single = this.single;
      for (let doc = 0; doc < size; doc++)
        if (single[doc] >= 0) postDocs[fill[single[doc]]++] = doc;
    }

    // Numeric side: the numeric value numbers sorted by number, ties by value number (a
    // stable radix sort of the value numbers in ascending order: linear, number-order.ts).
    const numbers = Float64Array.from(numberOf);
    let numericCount = 0;
    for (let id = 0; id < valueCount; id++) if (numbers[id] === numbers[id]) numericCount++;
    const numericIds = new Int32Array(numericCount);
    const keys = new Float64Array(numericCount);
    for (let id = 0, k = 0; id < valueCount; id++) {
      if (numbers[id] !== numbers[id]) continue;
      numericIds[k] = id;
      keys[k++] = numbers[id];
    }
    const sorted = orderByNumber(keys);
    const numIds = new Int32Array(numericCount);
    const numSorted = new Float64Array(numericCount);
    for (let p = 0; p < numericCount; p++) {
      numIds[p] = numericIds[sorted[p]];
      numSorted[p] = keys[sorted[p]];
    }
    return {
      values,
      valueByKey: this.valueByKey,
      postStart,
      postDocs,
      single,
      offsets,
      multi,
      numIds,
      numSorted,
      numberOf: numbers,
      hasStrings: this.hasStrings,
    };
  }
}

/**
 * Records read per attribute before the next attribute: a block of records (a few MB) stays in
 * the processor's cache while every attribute reads it, and each attribute's lookups stay hot
 * while it reads the block (at 20,000 cars, a record at a time across all attributes was
 * slower than an attribute at a time).
 */
const BLOCK = 1024;

/**
 * The columns of each attribute, in one pass over the records, block by block (each record
 * read for all of them while it is at hand); `visit` sees each record in the same pass (the
 * index's objectIDs).
 */
export function buildColumns(
  records: readonly unknown[],
  sources: readonly ColumnSource[],
  visit?: (record: unknown, doc: number) => void,
): AttributeColumns[] {
  const size = records.length;
  const builders = sources.map(() => new ColumnBuilder(size));
  const count = sources.length;
  for (let from = 0; from < size; from += BLOCK) {
    const to = Math.min(size, from + BLOCK);
    if (visit) for (let doc = from; doc < to; doc++) visit(records[doc], doc);
    for (let a = 0; a < count; a++) {
      const builder = builders[a];
      const { name, compute } = sources[a];
      for (let doc = from; doc < to; doc++)
        builder.add(
          doc,
          compute ? compute(records[doc] as Record<string, unknown>) : getPath(records[doc], name),
        );
    }
  }
  return builders.map((b) => b.finish());
}
