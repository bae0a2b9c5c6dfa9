/**
 * Facet counts, facet stats and facet value search over the matching documents. Counting
 * walks the matching documents once per facet and reads each one's value number from a
 * column, so its cost follows the number of hits, not the number of distinct values.
 */
import type { AttributeIndex } from './attribute-index.ts';
import { highlightText } from './highlight.ts';
import { normalizeText, words } from './text-index.ts';

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export function countValues(attr: AttributeIndex, docs: Uint32Array): Int32Array {
  const counts = new Int32Array(attr.values.length);
  const single = attr.single;
  if (single) {
    for (let i = 0; i < docs.length; i++) {
      const v = single[docs[i]];
      if (v >= 0) counts[v]++;
    }
  } else {
    const offsets = attr.offsets!;
    const multi = attr.multi!;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      for (let k = offsets[doc]; k < offsets[doc + 1]; k++) counts[multi[k]]++;
    }
  }
  return counts;
}

/** Value → count, the largest counts first (ties alphabetical), at most `max` values. */
export function facetCounts(
  attr: AttributeIndex,
  docs: Uint32Array,
  max: number,
  sortBy: 'count' | 'alpha',
): Record<string, number> {
  const counts = countValues(attr, docs);
  const rank = attr.alphaRank();
  let ids: number[] = [];
  let top = 0;
  for (let id = 0; id < counts.length; id++) {
    if (counts[id] > 0) {
      ids.push(id);
      if (counts[id] > top) top = counts[id];
    }
  }
  if (sortBy === 'alpha') ids.sort((a, b) => rank[a] - rank[b]);
  else {
    if (ids.length > max) ids = topByCount(ids, counts, top, max);
    ids.sort((a, b) => counts[b] - counts[a] || rank[a] - rank[b]);
  }
  const values = attr.values;
  const out: Record<string, number> = {};
  for (let i = 0; i < ids.length && i < max; i++) out[values[ids[i]]] = counts[ids[i]];
  return out;
}

/**
 * The ids that can be among the `max` largest counts: every id above the cut-off count and
 * all ids at it (the final sort settles ties). Linear, so a facet with thousands of distinct
 * values (km, price) costs no full sort.
 */
function topByCount(ids: number[], counts: Int32Array, top: number, max: number): number[] {
  const histogram = new Int32Array(top + 1);
  for (const id of ids) histogram[counts[id]]++;
  let cut = top;
  let seen = 0;
  while (cut > 0 && seen + histogram[cut] < max) seen += histogram[cut--];
  return ids.filter((id) => counts[id] >= cut);
}

/** min, max, avg and sum of a numeric facet over the matching documents; undefined when none has a number. */
export function facetStats(attr: AttributeIndex, docs: Uint32Array): FacetStats | undefined {
  if (!attr.hasNumbers || attr.hasStrings) return undefined;
  const single = attr.single;
  const col = single ? undefined : attr.numColumn;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    let v: number;
    if (single) {
      const id = single[docs[i]];
      if (id < 0) continue;
      v = attr.numberOfValue(id);
    } else v = col![docs[i]];
    if (v !== v) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
    n++;
  }
  if (!n) return undefined;
  return { min, max, avg: sum / n, sum };
}

/** Values of a facet whose text (or any word of it) starts with the query, counted over the matching documents. */
export function searchFacetValues(
  attr: AttributeIndex,
  docs: Uint32Array,
  facetQuery: string,
  maxFacetHits: number,
  pre: string,
  post: string,
): FacetHit[] {
  const counts = countValues(attr, docs);
  const query = normalizeText(facetQuery.trim());
  const queryWords = words(facetQuery);
  const rank = attr.alphaRank();
  const hits: (FacetHit & { id: number })[] = [];
  for (let id = 0; id < counts.length; id++) {
    if (!counts[id]) continue;
    const value = attr.values[id];
    if (query) {
      const norm = normalizeText(value);
      if (
        !norm.startsWith(query) &&
        !words(value).some((w) => queryWords.length === 1 && w.startsWith(queryWords[0]))
      )
        continue;
    }
    hits.push({ id, value, highlighted: value, count: counts[id] });
  }
  hits.sort((a, b) => b.count - a.count || rank[a.id] - rank[b.id]);
  const top: FacetHit[] = hits.slice(0, maxFacetHits).map(({ id: _id, ...hit }) => hit);
  if (queryWords.length) {
    const terms = queryWords.map((text) => ({ text, prefix: true, maxTypos: 0 }));
    for (const h of top) h.highlighted = highlightText(h.value, terms, pre, post).value;
  }
  return top;
}
