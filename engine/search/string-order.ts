/**
 * A stable order of strings by UTF-16 code unit (Array.prototype.sort's order) in time linear
 * in their characters, for the identifiers' prefix index: a car has two identifiers, and
 * interning them in a Map and sorting the distinct ones grew 12× for 10× the cars (a hash
 * table and comparisons over strings far beyond the processor's caches; engine/search/README.md,
 * "Index representation").
 *
 * A most-significant-character radix sort: each range of strings equal so far is split by
 * its next code unit (ASCII units each in a bucket, every other unit in one last bucket that a
 * comparison sort finishes), and a small range is finished by insertion.
 */

/** Ranges up to this size are finished by insertion (fewer moves than another counting pass). */
const SMALL = 24;
/** Buckets: a string ended (0), each ASCII code unit (1 … 128), any other code unit (129). */
const BUCKETS = 130;

/** The positions of `strings` ordered by code unit, ascending; equal strings keep their order. */
export function orderByString(strings: readonly string[]): Uint32Array {
  const n = strings.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const spare = new Uint32Array(n);
  const counts = new Uint32Array(BUCKETS + 1);
  // Ranges still to split: (from, to, depth) triples.
  const stack: number[] = [0, n, 0];
  while (stack.length) {
    const depth = stack.pop()!;
    const to = stack.pop()!;
    const from = stack.pop()!;
    if (to - from <= SMALL) {
      insertionSort(strings, order, from, to);
      continue;
    }
    counts.fill(0);
    for (let i = from; i < to; i++) counts[bucket(strings[order[i]], depth) + 1]++;
    for (let b = 0; b < BUCKETS; b++) counts[b + 1] += counts[b];
    for (let i = from; i < to; i++) {
      const at = from + counts[bucket(strings[order[i]], depth)]++;
      spare[at] = order[i];
    }
    order.set(spare.subarray(from, to), from);
    // counts[b] is now where bucket b ends (relative to from); bucket 0 (ended) is done.
    let start = from + counts[0];
    for (let b = 1; b < BUCKETS; b++) {
      const end = from + counts[b];
      if (end - start > 1) {
        if (b === BUCKETS - 1) comparisonSort(strings, order, start, end);
        else stack.push(start, end, depth + 1);
      }
      start = end;
    }
  }
  return order;
}

function bucket(s: string, depth: number): number {
  if (depth >= s.length) return 0;
  const c = s.charCodeAt(depth);
  return c < 128 ? c + 1 : BUCKETS - 1;
}

function insertionSort(strings: readonly string[], order: Uint32Array, from: number, to: number) {
  for (let i = from + 1; i < to; i++) {
    const p = order[i];
    const s = strings[p];
    let j = i - 1;
    while (j >= from && strings[order[j]] > s) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = p;
  }
}

/** The rare range whose next code unit is beyond ASCII: a stable comparison sort. */
function comparisonSort(strings: readonly string[], order: Uint32Array, from: number, to: number) {
  const part = Array.from(order.subarray(from, to)).sort((a, b) =>
    strings[a] < strings[b] ? -1 : strings[a] > strings[b] ? 1 : a - b,
  );
  order.set(part, from);
}
