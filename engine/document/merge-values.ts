/**
 * Building blocks of the 3-way site document merge (merge.ts): JSON helpers, the
 * key-by-key value merge, the order merge of keyed lists and the keyed lists of records
 * (dealerships, locations, offers). Isomorphic: no node imports.
 */
import isEqual from 'lodash-es/isEqual.js';
import isPlainObject from 'lodash-es/isPlainObject.js';
import type { MergeConflict } from './merge.ts';
import { encodePointerSegment } from '../tree.ts';

export type Json = Record<string, unknown>;
/** `undefined` stands for "absent" everywhere in the merge (JSON has no undefined). */
export type Maybe = unknown;
export type Labeler = (rel: string[]) => string;
/** Keys whose merged value a caller computes itself; the function returns undefined for "absent". */
export type Specials = Record<string, (path: string) => unknown>;

export const isObj = (v: unknown): v is Json => isPlainObject(v);
export const asObj = (v: unknown): Json => (isObj(v) ? v : {});
export { isEqual };

/** Own property only (`constructor` or `__proto__` in a document are data, not the prototype). */
export function own(o: unknown, key: string): unknown {
  return isObj(o) && Object.hasOwn(o, key) ? o[key] : undefined;
}

export function setKey(o: Json, key: string, value: unknown) {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy of a JSON value (arrays and plain objects), so the result shares nothing with the inputs. */
export function cloneJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (isObj(v)) {
    const out: Json = {};
    for (const k of Object.keys(v)) setKey(out, k, cloneJson(v[k]));
    return out as T;
  }
  return v;
}

/** Keys of the objects in order of first appearance (theirs first: it is already saved). */
export function keysOf(...objs: unknown[]): string[] {
  const seen = new Set<string>();
  for (const o of objs) if (isObj(o)) for (const k of Object.keys(o)) seen.add(k);
  return [...seen];
}

/** 3-way merge of a yes/no fact (a key is present): one side changed it → that side; both → theirs. */
export function presence3(b: boolean, t: boolean, m: boolean): boolean {
  return t === m ? t : t === b ? m : t;
}

export function conflictOf(
  path: string,
  label: string,
  base: Maybe,
  theirs: Maybe,
  mine: Maybe,
): MergeConflict {
  const c: MergeConflict = { path, label };
  if (base !== undefined) c.base = base;
  if (mine !== undefined) c.mine = mine;
  if (theirs !== undefined) c.theirs = theirs;
  return c;
}

/**
 * 3-way merge of one value. Equal sides, or one side unchanged, need no decision; two
 * objects merge key by key; anything else changed differently on both sides (scalars,
 * arrays, an object against a scalar or a removal) is one conflict, and the merge keeps
 * theirs.
 */
export function mergeValue(
  b: Maybe,
  t: Maybe,
  m: Maybe,
  path: string,
  label: Labeler,
  rel: string[],
  out: MergeConflict[],
): Maybe {
  if (isEqual(t, m)) return t;
  if (isEqual(b, t)) return m;
  if (isEqual(b, m)) return t;
  if (isObj(t) && isObj(m) && (b === undefined || isObj(b)))
    return mergeObject(b, t, m, path, label, rel, out);
  out.push(conflictOf(path, label(rel), b, t, m));
  return t;
}

/**
 * Key by key (theirs' key order, then keys only mine has). `special` keys are computed
 * by the caller (block lists, keyed collections) and always asked for.
 */
export function mergeObject(
  b: Maybe,
  t: Maybe,
  m: Maybe,
  path: string,
  label: Labeler,
  rel: string[],
  out: MergeConflict[],
  special: Specials = {},
): Json {
  const result: Json = {};
  for (const key of keysOf(t, m, b, special)) {
    const p = `${path}/${encodePointerSegment(key)}`;
    const v = Object.hasOwn(special, key)
      ? special[key](p)
      : mergeValue(own(b, key), own(t, key), own(m, key), p, label, [...rel, key], out);
    if (v !== undefined) setKey(result, key, v);
  }
  return result;
}

// ---------------------------------------------------------------- keyed lists

/**
 * The merged order of a keyed list. Items present in the result (`members`) keep the
 * order of the side that reordered: mine when only mine changed the relative order of
 * the items it shares with base, otherwise theirs (also when both reordered differently:
 * order conflicts are settled for theirs, silently). Items only the other side (or only
 * base) has are then placed after their nearest preceding neighbour on that side (or
 * first, when nothing precedes them), after any items that side does not know about,
 * except one that base has after the item: base order between two items of base stands
 * unless a side reordered them. (Theirs removed B and mine removed C of [A, B, C], each
 * changing the other; kept both ways, it is [A, B, C], not C moved before B.)
 */
export function mergeOrder(
  lb: string[],
  lt: string[],
  lm: string[],
  members: Set<string>,
): string[] {
  const mineFirst = reordered(lb, lm) && !reordered(lb, lt);
  const [primary, secondary] = mineFirst ? [lm, lt] : [lt, lm];
  const result = primary.filter((k) => members.has(k));
  const placed = new Set(result);
  const baseAt = new Map(lb.map((k, i) => [k, i]));
  /** Base has `later` after `k` (false when either is not in base). */
  const baseAfter = (later: string, k: string) =>
    (baseAt.get(later) ?? -1) > (baseAt.get(k) ?? Infinity);
  for (const src of [secondary, lb]) {
    const known = new Set(src);
    let anchor: string | undefined;
    for (const k of src) {
      if (placed.has(k)) {
        anchor = k;
        continue;
      }
      if (!members.has(k)) continue;
      let pos = anchor === undefined ? 0 : result.indexOf(anchor) + 1;
      while (pos < result.length && !known.has(result[pos]) && !baseAfter(result[pos], k)) pos++;
      result.splice(pos, 0, k);
      placed.add(k);
      anchor = k;
    }
  }
  for (const k of [...members].sort()) if (!placed.has(k)) result.push(k);
  return result;
}

/** Did a side change the relative order of the items it shares with base? */
export function reordered(lb: string[], lx: string[]): boolean {
  const inB = new Set(lb);
  const inX = new Set(lx);
  const a = lb.filter((k) => inX.has(k));
  const b = lx.filter((k) => inB.has(k));
  return a.some((k, i) => k !== b[i]);
}

/**
 * What becomes of one item of a keyed list (page, block, record):
 * - `both`: on both sides, merged; `theirs` / `mine`: only that side has it (added, or
 *   part of a larger item kept from that side), taken as is;
 * - `drop`: removed on both sides, or on one side and unchanged on the other;
 * - `conflict-theirs`: mine removed it, theirs changed it (kept in `merged`, one conflict);
 * - `conflict-mine`: theirs removed it, mine changed it (absent from `merged`, one conflict
 *   whose path is where it would go back).
 */
export type ItemStatus = 'both' | 'theirs' | 'mine' | 'drop' | 'conflict-theirs' | 'conflict-mine';

export function itemStatus(
  inB: boolean,
  inT: boolean,
  inM: boolean,
  changedOn: (side: 'theirs' | 'mine') => boolean,
): ItemStatus {
  if (inT && inM) return 'both';
  if (!inB) return inT ? 'theirs' : 'mine';
  if (!inT && !inM) return 'drop';
  const side = inT ? 'theirs' : 'mine';
  return changedOn(side) ? `conflict-${side}` : 'drop';
}

export const REMOVED_CHANGED = 'removed by one, changed by the other';

/**
 * Builds a keyed list: `kind` says which keys are in the result ('item') and which are
 * conflicts of an item theirs removed ('ghost'). A ghost's path is its index among items
 * and ghosts, i.e. where it would be once every such conflict is settled for mine
 * (applyChoices counts the ghosts before it to find the place in `merged`).
 */
export function buildKeyedList(
  lists: [string[], string[], string[]],
  kind: (key: string) => 'item' | 'ghost' | undefined,
  build: (key: string, path: string) => unknown,
  ghost: (key: string, path: string, insertAt: number) => void,
  path: string,
): unknown[] {
  const members = new Set<string>();
  for (const list of lists) for (const k of list) if (kind(k)) members.add(k);
  const order = mergeOrder(lists[0], lists[1], lists[2], members);
  // Items are at their index in `merged`; ghosts are numbered after the last item, so no two
  // conflicts share a path, and each says where it goes back (`insertAt`: items before it).
  const items = order.filter((key) => kind(key) !== 'ghost').length;
  let ghosts = 0;
  const out: unknown[] = [];
  for (const key of order) {
    if (kind(key) === 'ghost') ghost(key, `${path}/${items + ghosts++}`, out.length);
    else out.push(build(key, `${path}/${out.length}`));
  }
  return out;
}

// ---------------------------------------------------------------- records

export const RECORD_NOUNS: Record<string, string> = {
  dealerships: 'Dealership',
  locations: 'Location',
  offers: 'Offer',
};

const recordKey = (item: unknown) => {
  const id = own(item, 'id');
  return `${typeof id}:${String(id)}`;
};

/** Items are objects with a string or numeric id, unique on every side. */
export function keyable(...lists: unknown[]): boolean {
  return lists.every((list) => {
    if (list === undefined) return true;
    if (!Array.isArray(list)) return false;
    const ids = list.map((item) =>
      isObj(item) && (typeof item.id === 'string' || typeof item.id === 'number')
        ? recordKey(item)
        : undefined,
    );
    return !ids.includes(undefined) && new Set(ids).size === ids.length;
  });
}

function recordName(noun: string, item: unknown): string {
  const name = own(item, 'name') ?? own(item, 'title') ?? own(item, 'slug');
  const id = own(item, 'id');
  return typeof name === 'string' ? `${noun} ${name} (id ${String(id)})` : `${noun} ${String(id)}`;
}

/** Dealerships, locations or offers, matched by id (only call when keyable). */
export function mergeRecords(
  noun: string,
  b: unknown,
  t: unknown,
  m: unknown,
  path: string,
  out: MergeConflict[],
): unknown {
  const [lb, lt, lm] = [b, t, m].map((l) => (Array.isArray(l) ? l : []));
  const maps = [lb, lt, lm].map((l) => new Map(l.map((item) => [recordKey(item), item])));
  const [mb, mt, mm] = maps;
  const status = new Map<string, ItemStatus>();
  for (const key of new Set([...mt.keys(), ...mm.keys(), ...mb.keys()])) {
    status.set(
      key,
      itemStatus(
        mb.has(key),
        mt.has(key),
        mm.has(key),
        (side) => !isEqual((side === 'theirs' ? mt : mm).get(key), mb.get(key)),
      ),
    );
  }
  const result = buildKeyedList(
    [[...mb.keys()], [...mt.keys()], [...mm.keys()]],
    (key) => {
      const s = status.get(key);
      return s === 'conflict-mine' ? 'ghost' : s === 'drop' ? undefined : 'item';
    },
    (key, p) => {
      const s = status.get(key)!;
      const item = (x: unknown) => (s === 'both' ? x : s === 'mine' ? mm.get(key) : mt.get(key));
      const name = recordName(noun, item(mt.get(key) ?? mm.get(key)));
      const label: Labeler = (rel) => (rel.length ? `${name}: ${rel.join('/')}` : name);
      const at = out.length;
      const value = mergeValue(
        item(mb.get(key)),
        item(mt.get(key)),
        item(mm.get(key)),
        p,
        label,
        [],
        out,
      );
      if (s === 'conflict-theirs')
        out.splice(
          at,
          0,
          conflictOf(p, `${name}: ${REMOVED_CHANGED}`, mb.get(key), value, undefined),
        );
      return value;
    },
    (key, p, insertAt) =>
      out.push({
        ...conflictOf(
          p,
          `${recordName(noun, mm.get(key))}: ${REMOVED_CHANGED}`,
          mb.get(key),
          undefined,
          mm.get(key),
        ),
        insertAt,
      }),
    path,
  );
  return result.length || presence3(b !== undefined, t !== undefined, m !== undefined)
    ? result
    : undefined;
}
