/**
 * Blocks in the semantic diff: matched by id across the layout and every page, so a block
 * dragged elsewhere is one move; a block whose id changed (same type, same list, same or
 * nearly the same props) is one rename; everything under an added or removed container
 * is folded into that one change. Isomorphic.
 */
import omit from 'lodash-es/omit.js';
import type { BlockPosition, BlockRef, SiteChange } from './diff-types.ts';
import { asObject, lcs, similarity, valueChanges, type Json } from './diff-values.ts';
import { encodePointerSegment, walkEntries } from '../tree.ts';

export function pagesOf(doc: Json): Json[] {
  return Array.isArray(doc.pages) ? doc.pages.map(asObject) : [];
}

export function pageKey(p: Json, i: number) {
  return typeof p.id === 'string' ? p.id : `#${i}`;
}

interface BlockInfo {
  key: string;
  /** The key before renames were applied (differs only for a renamed block). */
  ownKey: string;
  block: Json;
  ref: BlockRef;
  pos: BlockPosition;
  /** Key of the containing block, if nested. */
  parent?: string;
  /** Key of the list the block sits in (page, layout area, or a parent's children/slot). */
  container: string;
  /** Page key, for blocks on a page. */
  page?: string;
}

interface BlockIndex {
  blocks: Map<string, BlockInfo>;
  lists: Map<string, string[]>;
}

/** New block key → old block key, for blocks whose id was renamed. */
export type Renames = Map<string, string>;

/**
 * Every block of a document keyed by id (renamed blocks under their old id). Ids are
 * unique in a valid document; an invalid one (duplicate or missing ids) still diffs, keyed
 * by id plus occurrence or by path, so the diff never throws on a document the validator
 * would reject.
 */
function indexBlocks(doc: Json, renames: Renames = new Map()): BlockIndex {
  const blocks = new Map<string, BlockInfo>();
  const lists = new Map<string, string[]>();
  const seen = new Map<string, number>();
  const pages = pagesOf(doc);
  const keyAt = new Map<string, string>(); // block path → its key, for the blocks inside it
  for (const entry of walkEntries(doc)) {
    const block = asObject(entry.value);
    const { path, index } = entry;
    let ownKey: string;
    if (typeof block.id === 'string') {
      const n = (seen.get(block.id) ?? 0) + 1;
      seen.set(block.id, n);
      ownKey = n === 1 ? block.id : `${block.id}#${n}`;
    } else ownKey = `@${path}`;
    const key = renames.get(ownKey) ?? ownKey;
    keyAt.set(path, key);
    const ref: BlockRef = {
      id: typeof block.id === 'string' ? block.id : `(no id at ${path})`,
      type: typeof block.type === 'string' ? block.type : '?',
    };
    const page = entry.page === undefined ? undefined : pageKey(pages[entry.page], entry.page);
    const parentInfo =
      entry.parentPath === undefined ? undefined : blocks.get(keyAt.get(entry.parentPath)!)!;
    const slot = entry.ref.slot;
    const container = parentInfo
      ? `${parentInfo.key}/${slot === undefined ? 'children' : `slots/${slot}`}`
      : page === undefined
        ? entry.ref.area.slice('layout:'.length)
        : `page:${page}`;
    const base: Omit<BlockPosition, 'index' | 'path'> = parentInfo
      ? {
          area: parentInfo.pos.area,
          page: parentInfo.pos.page,
          parent: { id: parentInfo.ref.id, type: parentInfo.ref.type },
          ...(slot === undefined ? {} : { slot }),
        }
      : page === undefined
        ? { area: entry.ref.area.slice('layout:'.length) as 'header' | 'footer' }
        : { area: 'page', page };
    blocks.set(key, {
      key,
      ownKey,
      block,
      ref,
      pos: { ...base, index, path },
      parent: parentInfo?.key,
      container,
      page,
    });
    lists.set(container, [...(lists.get(container) ?? []), key]);
  }
  for (const info of blocks.values()) if (info.pos.page === undefined) delete info.pos.page;
  return { blocks, lists };
}

/** What a block is, apart from its id and what it contains. */
const body = (block: Json) => omit(block, ['id', 'children', 'slots']);

/**
 * Blocks whose id changed: a block gone from a list and one new in the same list, of the
 * same type, with the same props (anywhere in the list) or nearly the same (at least half
 * their values, at the same position). Repeated so a renamed container's renamed
 * children are found too.
 */
export function findRenames(a: Json, b: Json): Renames {
  const renames: Renames = new Map();
  const A = indexBlocks(a);
  for (let round = 0; round < 16; round++) {
    const B = indexBlocks(b, renames);
    const gone = [...A.blocks.values()].filter(
      (x) => !B.blocks.has(x.key) && typeof x.block.id === 'string',
    );
    const used = new Set<string>();
    let found = false;
    for (const n of B.blocks.values()) {
      if (A.blocks.has(n.key) || typeof n.block.id !== 'string') continue;
      let best: BlockInfo | undefined;
      let bestScore = -1;
      for (const r of gone) {
        if (used.has(r.key) || r.ref.type !== n.ref.type || r.container !== n.container) continue;
        const s = similarity(body(r.block), body(n.block));
        const samePlace = r.pos.index === n.pos.index;
        if (!(s === 1 || (samePlace && s >= 0.5))) continue;
        const score = s + (samePlace ? 0.001 : 0);
        if (score > bestScore) [best, bestScore] = [r, score];
      }
      if (best) {
        renames.set(n.ownKey, best.key);
        used.add(best.key);
        found = true;
      }
    }
    if (!found) break;
  }
  return renames;
}

/**
 * For blocks of `from` that are not in `to`: the nearest ancestor that is reported
 * (a block whose container survives, or a removed page). Descendants are folded into it.
 */
function foldTarget(
  info: BlockInfo,
  from: Map<string, BlockInfo>,
  to: Map<string, BlockInfo>,
  toPages: Set<string>,
): string {
  let cur = info;
  while (cur.parent && !to.has(cur.parent)) cur = from.get(cur.parent)!;
  if (!cur.parent && cur.page !== undefined && !toPages.has(cur.page)) return `page:${cur.page}`;
  return cur.key;
}

/**
 * Blocks of one index missing from the other, folded into what is reported for them:
 * `page:{id}` counts every block that went with a removed page, `block:{key}` the
 * descendants that went with a reported block.
 */
function foldCounts(from: BlockIndex, to: BlockIndex, toPages: Set<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const info of from.blocks.values()) {
    if (to.blocks.has(info.key)) continue;
    const target = foldTarget(info, from.blocks, to.blocks, toPages);
    const k = target.startsWith('page:')
      ? target
      : target === info.key
        ? undefined
        : `block:${target}`;
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** Blocks that went with each removed (`before` → `after`) page, by `page:{id}`. */
export function foldedCounts(from: Json, to: Json): Map<string, number> {
  return foldCounts(indexBlocks(from), indexBlocks(to), new Set(pagesOf(to).map(pageKey)));
}

export function diffBlocks(a: Json, b: Json, out: SiteChange[]) {
  const renames = findRenames(a, b);
  const A = indexBlocks(a);
  const B = indexBlocks(b, renames);
  const aPages = new Set(pagesOf(a).map(pageKey));
  const bPages = new Set(pagesOf(b).map(pageKey));
  const removedCounts = foldCounts(A, B, bPages);
  const addedCounts = foldCounts(B, A, aPages);

  for (const info of A.blocks.values()) {
    if (B.blocks.has(info.key) || foldTarget(info, A.blocks, B.blocks, bPages) !== info.key)
      continue;
    out.push({
      kind: 'block-removed',
      block: info.ref,
      at: info.pos,
      contains: removedCounts.get(`block:${info.key}`) ?? 0,
    });
  }

  // Moves: a different list, or the same list but outside the longest kept order.
  const kept = new Map<string, Set<string>>();
  const keptIn = (container: string) => {
    let s = kept.get(container);
    if (!s) {
      const before = (A.lists.get(container) ?? []).filter(
        (k) => B.blocks.get(k)?.container === container,
      );
      const after = (B.lists.get(container) ?? []).filter(
        (k) => A.blocks.get(k)?.container === container,
      );
      s = lcs(before, after);
      kept.set(container, s);
    }
    return s;
  };

  for (const info of B.blocks.values()) {
    const old = A.blocks.get(info.key);
    if (!old) {
      if (foldTarget(info, B.blocks, A.blocks, aPages) === info.key) {
        out.push({
          kind: 'block-added',
          block: info.ref,
          at: info.pos,
          contains: addedCounts.get(`block:${info.key}`) ?? 0,
        });
      }
      continue;
    }
    if (old.ref.id !== info.ref.id)
      out.push({ kind: 'block-renamed', block: info.ref, from: old.ref.id, at: info.pos });
    if (old.container !== info.container || !keptIn(info.container).has(info.key)) {
      out.push({ kind: 'block-moved', block: info.ref, from: old.pos, to: info.pos });
    }
    const blockA = old.block;
    const blockB = info.block;
    for (const key of new Set([...Object.keys(blockA), ...Object.keys(blockB)])) {
      if (key === 'id' || key === 'children' || key === 'slots') continue;
      // An absent props object and an empty one mean the same.
      const va = key === 'props' ? (blockA.props ?? {}) : blockA[key];
      const vb = key === 'props' ? (blockB.props ?? {}) : blockB[key];
      for (const d of valueChanges(va, vb, `/${encodePointerSegment(key)}`))
        out.push({ kind: 'block-changed', block: info.ref, at: info.pos, ...d });
    }
  }
}
