/**
 * 3-way merge of site documents, for two staff members who saved the same site (see
 * docs/publishing.md): `base` is the version both started from, `theirs` what was saved
 * since, `mine` the incoming save. Changes merge at block level; the same value changed
 * differently on both sides is a conflict that staff settle side by side.
 *
 * Rules:
 * - Objects merge key by key. A key one side changed takes that side's value; the same
 *   change on both sides is no conflict; different changes are one conflict at that key
 *   and `merged` keeps theirs (already saved).
 * - Pages (`pages`), blocks (`layout.header`, `layout.footer`, `pages[].blocks`, nested
 *   `children` and `slots.*`) and the records `dealerships`, `locations`, `offers` are
 *   keyed collections: items are matched by id and merged field by field. Blocks are
 *   matched across the whole tree, so a block one side moved (to another page, into a
 *   section, between slots) moves, and the other side's edits to it follow it. When both
 *   sides moved it to different places it goes where theirs put it, without a conflict.
 * - An item added on one side is kept, after its nearest preceding neighbour on that
 *   side (added on both sides at one place: theirs first). Two different blocks added
 *   under the same new id (both editors took the next free id) are both kept, mine's
 *   under a fresh id; the same block added at the same place on both sides is one. An item removed on one side and unchanged on the other is removed. Removed on
 *   one side and changed on the other (its fields, its place, or anything added, moved or
 *   changed inside it) is one conflict for the whole item, labelled "removed by one,
 *   changed by the other"; blocks inside it go with it. When theirs removed it, it is not
 *   in `merged` and the conflict's path is where it goes back (see applyChoices).
 * - Order: when only one side reordered a list (changed the relative order of items it
 *   shares with base), its order wins; when both reordered differently, theirs' order
 *   wins and nothing is reported: a dialog about order is not worth staff's time, and
 *   every item is still there. Two items of base keep base's order unless a side
 *   reordered them, also when each is there only because staff kept it (theirs removed
 *   B and mine removed C of [A, B, C], each changing the other: keeping both gives
 *   [A, B, C]).
 * - Every other array (menus, string lists, reviews, slides…) is a value: one side
 *   changed it → that side; both changed it differently → one conflict for the array.
 * - A document whose page or block ids are missing or repeated (which the validator
 *   rejects) still merges: its pages and block lists are then merged as values.
 *
 * The three documents should be at the same schema version (migrate them first).
 *
 * Conflict paths are JSON pointers into `merged`; labels name things the way staff see
 * them ('Block hero "home-hero" on page home: heading', 'Feature compare',
 * 'Page finance: title', 'Location Penrose (id 31): phone').
 *
 * Pure and deterministic, never changes its inputs, shares no objects with them.
 * Isomorphic (no node imports): the editor runs it too.
 */
import { planTree } from './merge-tree.ts';
import { fromPointer } from '../tree.ts';
import {
  asObj,
  cloneJson,
  isObj,
  keyable,
  mergeObject,
  mergeRecords,
  own,
  presence3,
  RECORD_NOUNS,
  setKey,
  type Labeler,
  type Specials,
} from './merge-values.ts';

export interface MergeConflict {
  /** JSON pointer in the merged document where the value lives (e.g. /pages/2/blocks/0/props/heading). */
  path: string;
  /** Human label for staff: e.g. 'Block hero "home-hero" on page home: heading', 'Feature compare', 'Page finance: title'. */
  label: string;
  /** Absent when the value did not exist in base. */
  base?: unknown;
  /** The incoming save's value (absent: mine removed it). */
  mine?: unknown;
  /** The value saved since (absent: theirs removed it). */
  theirs?: unknown;
  /**
   * For an item theirs removed and mine changed (absent from `merged`): how many items of
   * its list in `merged` come before it, i.e. where it goes back when mine is chosen. Its
   * `path` numbers it after the list's last item, so no two conflicts share a path.
   */
  insertAt?: number;
}

export interface MergeResult {
  /** The merge, with theirs' value wherever there is a conflict. */
  merged: Record<string, unknown>;
  /** In document order. */
  conflicts: MergeConflict[];
}

const SECTIONS: Record<string, string> = {
  $schema: 'Schema reference',
  schemaVersion: 'Schema version',
  slug: 'Slug',
  name: 'Site name',
  template: 'Template',
  id: 'Site id',
  dealership_id: 'Dealership id',
  hostnames: 'Host names',
  region: 'Region',
  dealerships: 'Dealerships',
  locations: 'Locations',
  theme: 'Theme',
  search: 'Search',
  api: 'API settings',
  offers: 'Offers',
  layout: 'Layout',
  withoutPages: 'Pages left out',
  pages: 'Pages',
};

/** Labels of values outside pages and blocks: 'Feature compare', 'Theme: colours/primary', 'Site name'. */
const topLabel: Labeler = (rel) => {
  const [key, ...rest] = rel;
  if (key === 'features') return rest.length ? `Feature ${rest.join('/')}` : 'Feature switches';
  const section = SECTIONS[key] ?? `Setting ${key}`;
  return rest.length ? `${section}: ${rest.join('/')}` : section;
};

export function mergeSiteDocuments(base: unknown, theirs: unknown, mine: unknown): MergeResult {
  const [b, t, m] = [base, theirs, mine].map(asObj);
  const conflicts: MergeConflict[] = [];
  const special: Specials = {};
  const tree = planTree(b, t, m, conflicts);
  if (tree) {
    special.pages = (path) => tree.pages(path);
    special.layout = (path) => {
      const sides = [b, t, m].map((d) => own(d, 'layout'));
      const layout = mergeObject(
        sides[0],
        sides[1],
        sides[2],
        path,
        (rel) => topLabel(['layout', ...rel]),
        [],
        conflicts,
        {
          header: (p) => tree.area('header', p),
          footer: (p) => tree.area('footer', p),
        },
      );
      return Object.keys(layout).length ||
        presence3(...(sides.map(isObj) as [boolean, boolean, boolean]))
        ? layout
        : undefined;
    };
  }
  for (const [key, noun] of Object.entries(RECORD_NOUNS)) {
    const sides = [b, t, m].map((d) => own(d, key));
    if (keyable(...sides))
      special[key] = (path) => mergeRecords(noun, sides[0], sides[1], sides[2], path, conflicts);
  }
  // Special keys no side has stay out (mergeObject asks for them all).
  for (const key of Object.keys(special))
    if (![b, t, m].some((d) => Object.hasOwn(d, key))) delete special[key];
  const merged = mergeObject(b, t, m, '', topLabel, [], conflicts, special);
  return { merged: cloneJson(merged), conflicts: cloneJson(conflicts) };
}

// ---------------------------------------------------------------- settling conflicts

type Op = { segs: string[]; kind: 'set' | 'remove' | 'insert'; value?: unknown; rank: number };

const isIndex = (s: string) => /^(0|[1-9]\d*)$/.test(s);

function nodeAt(doc: unknown, segs: string[]): unknown {
  let node = doc;
  for (const s of segs)
    node = Array.isArray(node) ? (isIndex(s) ? node[Number(s)] : undefined) : own(node, s);
  return node;
}

/** Descending document order: later indices and deeper paths first, so earlier paths stay valid. */
function compareOps(x: Op, y: Op): number {
  for (let i = 0; i < Math.min(x.segs.length, y.segs.length); i++) {
    const [a, b] = [x.segs[i], y.segs[i]];
    if (a === b) continue;
    if (isIndex(a) && isIndex(b)) return Number(b) - Number(a);
    return a < b ? 1 : -1;
  }
  if (x.segs.length !== y.segs.length) return y.segs.length - x.segs.length;
  // Same place: change or remove the item there before inserting before it; later insertions first.
  if ((x.kind === 'insert') !== (y.kind === 'insert')) return x.kind === 'insert' ? 1 : -1;
  return y.rank - x.rank;
}

/**
 * The merged document with each conflict settled as chosen (`choices` by conflict path;
 * a conflict without a choice keeps theirs, which `merged` already holds). Choosing mine
 * sets mine's value at the path, or removes the value when mine removed it. Pass every
 * conflict of the merge (not only the chosen ones): an item theirs removed and mine
 * changed has as path its index among the items and such conflicts of its list, so
 * where it goes back into `merged` depends on the ones before it. Pure.
 */
export function applyChoices(
  merged: Record<string, unknown>,
  conflicts: MergeConflict[],
  choices: Record<string, 'mine' | 'theirs'>,
): Record<string, unknown> {
  const doc = cloneJson(merged);
  // Items that are only mine's, in lists of `merged`: rank within their list → place in `merged`.
  const inserts = new Map<MergeConflict, { segs: string[]; rank: number }>();
  const byList = new Map<string, { c: MergeConflict; segs: string[] }[]>();
  for (const c of conflicts) {
    const segs = fromPointer(c.path);
    const last = segs[segs.length - 1];
    if (c.theirs !== undefined || c.mine === undefined || last === undefined || !isIndex(last))
      continue;
    const parent = nodeAt(doc, segs.slice(0, -1));
    if (parent !== undefined && !Array.isArray(parent)) continue;
    const key = JSON.stringify(segs.slice(0, -1));
    byList.set(key, [...(byList.get(key) ?? []), { c, segs }]);
  }
  for (const list of byList.values()) {
    list.sort((x, y) => Number(x.segs[x.segs.length - 1]) - Number(y.segs[y.segs.length - 1]));
    list.forEach(({ c, segs }, rank) =>
      inserts.set(c, {
        segs: [...segs.slice(0, -1), String(c.insertAt ?? Number(segs[segs.length - 1]) - rank)],
        rank,
      }),
    );
  }
  const ops: Op[] = [];
  for (const c of conflicts) {
    if (choices[c.path] !== 'mine') continue;
    const insert = inserts.get(c);
    if (insert) ops.push({ ...insert, kind: 'insert', value: c.mine });
    else if (c.mine === undefined) {
      if (c.theirs !== undefined) ops.push({ segs: fromPointer(c.path), kind: 'remove', rank: 0 });
    } else ops.push({ segs: fromPointer(c.path), kind: 'set', value: c.mine, rank: 0 });
  }
  ops.sort(compareOps);
  for (const op of ops) apply(doc, op);
  return doc;
}

function apply(doc: Record<string, unknown>, op: Op) {
  if (!op.segs.length) return; // the whole document is never one conflict
  let node: unknown = doc;
  for (let i = 0; i < op.segs.length - 1; i++) {
    const s = op.segs[i];
    let next = Array.isArray(node) ? node[Number(s)] : own(node, s);
    if (next === undefined || next === null || typeof next !== 'object') {
      if (op.kind === 'remove') return;
      next = isIndex(op.segs[i + 1]) ? [] : {};
      if (Array.isArray(node)) node[Number(s)] = next;
      else setKey(node as Record<string, unknown>, s, next);
    }
    node = next;
  }
  const last = op.segs[op.segs.length - 1];
  const value = cloneJson(op.value);
  if (Array.isArray(node)) {
    const i = Math.min(Number(last), node.length);
    if (op.kind === 'insert') node.splice(i, 0, value);
    else if (op.kind === 'remove') node.splice(i, 1);
    else node[i] = value;
  } else if (isObj(node)) {
    if (op.kind === 'remove') delete node[last];
    else setKey(node, last, value);
  }
}
