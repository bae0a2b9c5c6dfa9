/**
 * Value-level differences for the semantic diff: leaf edits of JSON values, and lists of
 * objects matched item by item (so a reordered menu or review list reads as moves, not
 * as every position edited). Isomorphic.
 */
import isEqual from 'lodash-es/isEqual.js';
import isPlainObject from 'lodash-es/isPlainObject.js';
import type { ItemMove, ListEdit } from './diff-types.ts';
import { encodePointerSegment, decodePointerSegment } from '../tree.ts';

export type Json = Record<string, any>;

export function asObject(doc: unknown): Json {
  return doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Json) : {};
}

/** Drops undefined fields so JSON output says "absent" by leaving the field out. */
export function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

export function get(doc: unknown, pointer: string): unknown {
  let node: any = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const part = decodePointerSegment(raw);
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part))
      return undefined;
    node = node[part];
  }
  return node;
}

/** Does the document set a value (not null, which in a template means "removed") here? */
export function has(doc: unknown, pointer: string): boolean {
  const v = get(doc, pointer);
  return v !== undefined && v !== null;
}

/** JSON text with object keys sorted: equal for deep-equal values. */
export function stableKey(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableKey).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableKey((v as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

export interface ValueChange extends ListEdit {
  path: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Differences between two JSON values. Objects are compared key by key; lists holding
 * objects item by item (matched, see matchItems); anything else (including lists of plain
 * values, which renderers show as items added/removed) as one change.
 */
export function valueChanges(before: unknown, after: unknown, path: string): ValueChange[] {
  const out: ValueChange[] = [];
  walkValues(before, after, path, out, undefined);
  return out;
}

function walkValues(
  before: unknown,
  after: unknown,
  path: string,
  out: ValueChange[],
  item: string | undefined,
) {
  if (isEqual(before, after)) return;
  // An object appearing or disappearing reads best leaf by leaf (each with its default).
  const objA = isPlainObject(before) || (before === undefined && isPlainObject(after));
  const objB = isPlainObject(after) || (after === undefined && isPlainObject(before));
  if (objA && objB) {
    const a = (before ?? {}) as Json;
    const b = (after ?? {}) as Json;
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const k of keys) walkValues(a[k], b[k], `${path}/${encodePointerSegment(k)}`, out, item);
    return;
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    [...before, ...after].some((v) => v && typeof v === 'object')
  ) {
    diffList(before, after, path, out, item);
    return;
  }
  out.push(compact({ path, before, after, item }));
}

function diffList(
  a: unknown[],
  b: unknown[],
  path: string,
  out: ValueChange[],
  outer: string | undefined,
) {
  const pairs = matchItems(a, b);
  const inA = new Set(pairs.map(([i]) => i));
  const inB = new Set(pairs.map(([, j]) => j));
  a.forEach((v, i) => {
    if (!inA.has(i))
      out.push({ path: `${path}/${i}`, op: 'item-removed', before: v, item: itemLabel(v, i) });
  });
  b.forEach((v, j) => {
    if (!inB.has(j))
      out.push({ path: `${path}/${j}`, op: 'item-added', after: v, item: itemLabel(v, j) });
  });
  const moves = movesOf(pairs).map(([i, j]): ItemMove => ({
    item: itemLabel(b[j], j),
    from: i,
    to: j,
  }));
  if (moves.length) out.push(compact({ path, op: 'reordered' as const, moves, item: outer }));
  for (const [i, j] of [...pairs].sort((x, y) => x[1] - y[1]))
    walkValues(a[i], b[j], `${path}/${j}`, out, itemLabel(b[j], j));
}

/** Matched pairs (before index, after index) outside the longest run that kept its order, by after index. */
export function movesOf(pairs: Array<[number, number]>): Array<[number, number]> {
  const byA = [...pairs].sort((x, y) => x[0] - y[0]).map(([i, j]) => `${i}:${j}`);
  const byB = [...pairs].sort((x, y) => x[1] - y[1]).map(([i, j]) => `${i}:${j}`);
  const kept = lcs(byA, byB);
  return [...pairs].sort((x, y) => x[1] - y[1]).filter(([i, j]) => !kept.has(`${i}:${j}`));
}

// ---------------------------------------------------------------- matching list items

type KeyOf = (v: unknown) => string | undefined;

const field =
  (...names: string[]): KeyOf =>
  (v) => {
    if (!isPlainObject(v)) return undefined;
    const parts = names.map((n) => (v as Json)[n]);
    if (parts.some((p) => typeof p !== 'string' && typeof p !== 'number')) return undefined;
    return `${names.join('+')}:${JSON.stringify(parts)}`;
  };

/** What identifies an item, most specific first. A key is used where it is unique on both sides. */
const IDENTITIES: KeyOf[] = [
  field('id'),
  field('slug'),
  field('label', 'href'),
  field('href'),
  field('label'),
  field('title'),
  field('heading'),
  field('question'),
  field('name'),
  field('customer_name'),
  field('attribute'),
  (v) => {
    const src = isPlainObject(v) ? asObject((v as Json).image).src : undefined;
    return typeof src === 'string' ? `image:${src}` : undefined;
  },
];

/** Naming fields for a reader, most telling first. */
const LABELS = [
  'label',
  'title',
  'heading',
  'question',
  'name',
  'customer_name',
  'attribute',
  'slug',
];

/** How a reader names a list item: `Finance`, `Sarah M.`, else `id 3`, else `item 2`. */
export function itemLabel(v: unknown, index: number): string {
  const short = (s: string) => {
    const one = s.replace(/\s+/g, ' ').trim();
    return one.length > 60 ? `${one.slice(0, 59)}…` : one;
  };
  if (typeof v === 'string' || typeof v === 'number') return short(String(v));
  const o = asObject(v);
  for (const f of LABELS) if (typeof o[f] === 'string' && o[f].trim()) return short(o[f]);
  if (o.id !== undefined && (typeof o.id === 'string' || typeof o.id === 'number'))
    return `id ${o.id}`;
  if (typeof o.href === 'string') return short(o.href);
  if (typeof asObject(o.image).src === 'string') return short(o.image.src);
  return `item ${index + 1}`;
}

/** Leaves of a value as pointer → stable value text. */
function leaves(v: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (v && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    if (!entries.length) out.set(path, stableKey(v));
    for (const [k, x] of entries) leaves(x, `${path}/${encodePointerSegment(k)}`, out);
  } else out.set(path, stableKey(v));
  return out;
}

/** Share of leaves two values have in common (1: equal, 0: nothing alike). */
export function similarity(a: unknown, b: unknown): number {
  if (isEqual(a, b)) return 1;
  const la = leaves(a);
  const lb = leaves(b);
  let same = 0;
  for (const [k, v] of la) if (lb.get(k) === v) same++;
  const total = new Set([...la.keys(), ...lb.keys()]).size;
  return total ? same / total : 1;
}

/**
 * Pairs the items of two lists: equal values first (same place preferred), then by the
 * first identity that is unique on both sides, then the most alike of what is left (at
 * least half their fields the same, or something in common at the same position).
 * Unpaired items were removed or added.
 */
export function matchItems(a: unknown[], b: unknown[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const freeA = new Set(a.keys());
  const freeB = new Set(b.keys());
  const pair = (i: number, j: number) => {
    pairs.push([i, j]);
    freeA.delete(i);
    freeB.delete(j);
  };
  for (const j of [...freeB]) if (freeA.has(j) && isEqual(a[j], b[j])) pair(j, j);
  const byValue = new Map<string, number[]>();
  for (const i of freeA) {
    const k = stableKey(a[i]);
    byValue.set(k, [...(byValue.get(k) ?? []), i]);
  }
  for (const j of [...freeB]) {
    const i = byValue.get(stableKey(b[j]))?.shift();
    if (i !== undefined) pair(i, j);
  }
  for (const keyOf of IDENTITIES) {
    if (!freeA.size || !freeB.size) break;
    const ka = uniqueKeys(freeA, a, keyOf);
    const kb = uniqueKeys(freeB, b, keyOf);
    for (const [k, j] of kb) {
      const i = ka.get(k);
      if (i !== undefined) pair(i, j);
    }
  }
  if (freeA.size && freeB.size && freeA.size * freeB.size <= 2500) {
    const scored: Array<[number, number, number]> = [];
    for (const i of freeA) {
      for (const j of freeB) {
        const s = similarity(a[i], b[j]);
        if (s >= 0.5 || (i === j && s > 0)) scored.push([s + (i === j ? 1e-6 : 0), i, j]);
      }
    }
    scored.sort((x, y) => y[0] - x[0] || Math.abs(x[1] - x[2]) - Math.abs(y[1] - y[2]));
    for (const [, i, j] of scored) if (freeA.has(i) && freeB.has(j)) pair(i, j);
  }
  return pairs;
}

function uniqueKeys(free: Set<number>, list: unknown[], keyOf: KeyOf): Map<string, number> {
  const seen = new Map<string, number>();
  const dup = new Set<string>();
  for (const i of free) {
    const k = keyOf(list[i]);
    if (k === undefined) continue;
    if (seen.has(k)) dup.add(k);
    seen.set(k, i);
  }
  for (const k of dup) seen.delete(k);
  return seen;
}

// ---------------------------------------------------------------- order

/**
 * Longest common subsequence of two key lists, as the set of keys that kept their order.
 * Among equally long ones it prefers keeping items that stayed at the same index, so
 * swapping the first and last of three reports two moves, not the middle one.
 */
export function lcs(a: string[], b: string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  // Length dominates (weight 1024 > any number of same-index bonuses in a 500-item list).
  const weight = (i: number, j: number) => 1024 + (i === j ? 1 : 0);
  const table: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const skip = Math.max(table[i + 1][j], table[i][j + 1]);
      table[i][j] = a[i] === b[j] ? Math.max(skip, table[i + 1][j + 1] + weight(i, j)) : skip;
    }
  }
  const keep = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j] && table[i][j] === table[i + 1][j + 1] + weight(i, j)) {
      keep.add(a[i]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return keep;
}
