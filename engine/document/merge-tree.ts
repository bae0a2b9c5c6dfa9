/**
 * Pages and blocks in the 3-way merge. Blocks are found by id across the whole tree
 * (layout header and footer, every page, nested children and slots), so a block one side
 * moved to another parent is a move that the other side's edits follow, never a removal
 * plus an addition. Isomorphic.
 *
 * Three passes: decide what becomes of every page and block (ItemStatus, plus `in-*` for
 * a block inside a larger item kept or offered whole), then where every block goes
 * (the 3-way merge of its container), then build the lists with their paths.
 */
import type { MergeConflict } from './merge.ts';
import { encodePointerSegment, mapSubtree } from '../tree.ts';
import {
  buildKeyedList,
  conflictOf,
  isObj,
  itemStatus,
  keysOf,
  mergeObject,
  own,
  presence3,
  REMOVED_CHANGED,
  type ItemStatus,
  type Json,
  type Labeler,
} from './merge-values.ts';
import {
  arr,
  blockChanged,
  childList,
  FOOTER,
  HEADER,
  indexSide,
  ownerOf,
  pageChanged,
  pageList,
  separateAdditions,
  slotList,
  type CKey,
} from './merge-tree-sides.ts';

type BlockStatus = ItemStatus | 'in-theirs' | 'in-mine';
const IN_MERGED = new Set<BlockStatus>(['both', 'theirs', 'mine', 'conflict-theirs', 'in-theirs']);
const WHOLE = new Set<BlockStatus>(['conflict-theirs', 'conflict-mine', 'in-theirs', 'in-mine']);

interface Where {
  page?: string;
  area?: 'header' | 'footer';
}

export interface TreeMerge {
  pages(path: string): unknown;
  area(which: 'header' | 'footer', path: string): unknown;
}

/** Plans the merge of pages and blocks; null when a side's ids do not allow matching by id. */
export function planTree(b: Json, t: Json, m: Json, out: MergeConflict[]): TreeMerge | null {
  const B = indexSide(b);
  const T = indexSide(t);
  const M0 = indexSide(m);
  if (!B || !T || !M0) return null;
  const M = separateAdditions(B, T, M0, m);

  // ------------------------------------------------ what becomes of each page and block
  const pageStatus = new Map<string, ItemStatus>();
  for (const id of new Set([...T.pageIds, ...M.pageIds, ...B.pageIds])) {
    pageStatus.set(
      id,
      itemStatus(B.pages.has(id), T.pages.has(id), M.pages.has(id), (s) =>
        pageChanged(s === 'theirs' ? T : M, B, id),
      ),
    );
  }
  const pageIn = (id: string) => IN_MERGED.has(pageStatus.get(id) as BlockStatus);

  const blockStatus = new Map<string, BlockStatus>();
  const statusOf = (id: string): BlockStatus => {
    const known = blockStatus.get(id);
    if (known) return known;
    const inT = T.blocks.has(id);
    const K = inT ? T : M;
    const D = inT ? M : T;
    let s: BlockStatus = itemStatus(B.blocks.has(id), inT, M.blocks.has(id), () =>
      blockChanged(K, B, id),
    );
    if (s === 'drop' || s === 'conflict-theirs' || s === 'conflict-mine') {
      const entry = K.blocks.get(id);
      if (entry) {
        // Inside a container the same side removed: part of that item when it is kept or offered whole.
        const owner = ownerOf(entry.container);
        let whole = false;
        if (
          (owner.kind === 'c' || owner.kind === 's') &&
          B.blocks.has(owner.id) &&
          !D.blocks.has(owner.id)
        )
          whole = WHOLE.has(statusOf(owner.id));
        if (owner.kind === 'p' && B.pages.has(owner.id) && !D.pages.has(owner.id))
          whole = WHOLE.has(pageStatus.get(owner.id)!);
        if (whole) s = inT ? 'in-theirs' : 'in-mine';
      }
    }
    blockStatus.set(id, s);
    return s;
  };
  const allBlocks = [...new Set([...T.blocks.keys(), ...M.blocks.keys(), ...B.blocks.keys()])];
  for (const id of allBlocks) statusOf(id);

  // ------------------------------------------------ where each block goes
  const alive = new Set(allBlocks.filter((id) => IN_MERGED.has(blockStatus.get(id)!)));
  const exists = (c: CKey) => {
    const o = ownerOf(c);
    if (o.kind === 'h' || o.kind === 'f') return true;
    return o.kind === 'p' ? pageIn(o.id) : alive.has(o.id);
  };
  const candidates = (id: string): CKey[] => {
    const [cb, ct, cm] = [B, T, M].map((S) => S.blocks.get(id)?.container);
    const s = blockStatus.get(id)!;
    const first =
      s === 'both'
        ? ct === cm
          ? ct
          : cb === ct
            ? cm
            : ct
        : s === 'mine' || s === 'conflict-mine'
          ? cm
          : ct;
    return [first, ct, cm, cb].filter((c): c is CKey => c !== undefined);
  };
  const placed = new Map<string, CKey>();
  const place = () => {
    for (let again = true; again;) {
      again = false;
      for (const id of alive) {
        const c =
          (placed.has(id) && exists(placed.get(id)!) && placed.get(id)) ||
          candidates(id).find(exists);
        if (c) placed.set(id, c);
        else {
          alive.delete(id); // nowhere left to go (its containers are gone): only in a conflict's value
          placed.delete(id);
          again = true;
        }
      }
    }
  };
  place();
  // Moves on both sides can make a cycle (A into B on one side, B into A on the other): theirs' place wins.
  for (let guard = 0; guard <= alive.size; guard++) {
    const cycle = findCycle(alive, placed);
    if (!cycle) break;
    const fix = cycle.find((id) => {
      const ct = T.blocks.get(id)?.container;
      return ct !== undefined && ct !== placed.get(id) && exists(ct);
    });
    if (fix) placed.set(fix, T.blocks.get(fix)!.container);
    else for (const id of cycle) alive.delete(id);
    place();
  }
  const members = new Map<CKey, Set<string>>();
  const add = (map: Map<CKey, Set<string>>, c: CKey, id: string) =>
    map.set(c, (map.get(c) ?? new Set()).add(id));
  for (const id of alive) add(members, placed.get(id)!, id);
  const ghosts = new Map<CKey, Set<string>>();
  for (const id of allBlocks) {
    if (blockStatus.get(id) !== 'conflict-mine') continue;
    const c = candidates(id).find(exists);
    if (c) add(ghosts, c, id);
  }

  // ------------------------------------------------ building
  const blockName = (block: unknown, where: Where) =>
    `Block ${String(own(block, 'type') ?? '?')} "${String(own(block, 'id'))}" ${where.page !== undefined ? `on page ${where.page}` : `in the ${where.area}`}`;
  /** Mine's version of an item offered back whole, without the blocks that are in `merged` elsewhere. */
  const keepMine = (b: unknown) => !alive.has(own(b, 'id') as string);
  const stripBlock = (block: Json): Json => mapSubtree(block, (b) => b, keepMine);
  const strip = (list: unknown): unknown =>
    Array.isArray(list) ? list.filter(keepMine).map((x) => stripBlock(x as Json)) : list;

  const list = (c: CKey, path: string, where: Where): unknown[] =>
    buildKeyedList(
      [B.lists.get(c) ?? [], T.lists.get(c) ?? [], M.lists.get(c) ?? []],
      (id) => (members.get(c)?.has(id) ? 'item' : ghosts.get(c)?.has(id) ? 'ghost' : undefined),
      (id, p) => buildBlock(id, p, where),
      (id, p, insertAt) => {
        const mine = M.blocks.get(id)!.block;
        out.push({
          ...conflictOf(
            p,
            `${blockName(mine, where)}: ${REMOVED_CHANGED}`,
            B.blocks.get(id)?.block,
            undefined,
            stripBlock(mine),
          ),
          insertAt,
        });
      },
      path,
    );

  /** A list owned by an item: present when it has blocks, or when the sides' presence says so. */
  const ownedList = (
    c: CKey,
    path: string,
    where: Where,
    sides: unknown[],
  ): unknown[] | undefined => {
    const items = list(c, path, where);
    return items.length || presence3(arr(sides[0]), arr(sides[1]), arr(sides[2]))
      ? items
      : undefined;
  };

  const sidesOf = <T>(
    status: BlockStatus,
    b: T | undefined,
    t: T | undefined,
    m: T | undefined,
  ): [T | undefined, T | undefined, T | undefined] =>
    status === 'both' ? [b, t, m] : status === 'mine' ? [m, m, m] : [t, t, t];

  const buildBlock = (id: string, path: string, where: Where): unknown => {
    const status = blockStatus.get(id)!;
    const [bb, tb, mb] = sidesOf(
      status,
      B.blocks.get(id)?.block,
      T.blocks.get(id)?.block,
      M.blocks.get(id)?.block,
    );
    const name = blockName(tb ?? mb, where);
    const label: Labeler = (rel) =>
      `${name}: ${rel[0] === 'props' && rel.length > 1 ? rel.slice(1).join('/') : rel.join('/')}`;
    const at = out.length;
    const value = mergeObject(bb, tb, mb, path, label, [], out, {
      children: (p) =>
        ownedList(childList(id), p, where, [
          own(bb, 'children'),
          own(tb, 'children'),
          own(mb, 'children'),
        ]),
      slots: (p) => {
        const slots: Json = {};
        const sides = [bb, tb, mb].map((x) => own(x, 'slots'));
        for (const slot of keysOf(sides[1], sides[2], sides[0])) {
          const items = ownedList(
            slotList(id, slot),
            `${p}/${encodePointerSegment(slot)}`,
            where,
            sides.map((s) => own(s, slot)),
          );
          if (items) slots[slot] = items;
        }
        return Object.keys(slots).length ||
          presence3(...(sides.map(isObj) as [boolean, boolean, boolean]))
          ? slots
          : undefined;
      },
    });
    if (status === 'conflict-theirs')
      out.splice(
        at,
        0,
        conflictOf(path, `${name}: ${REMOVED_CHANGED}`, B.blocks.get(id)!.block, value, undefined),
      );
    return value;
  };

  const buildPage = (id: string, path: string): unknown => {
    const status = pageStatus.get(id)!;
    const [bp, tp, mp] = sidesOf(status, B.pages.get(id), T.pages.get(id), M.pages.get(id));
    const label: Labeler = (rel) => `Page ${id}: ${rel.join('/')}`;
    const at = out.length;
    const value = mergeObject(bp, tp, mp, path, label, [], out, {
      blocks: (p) =>
        ownedList(pageList(id), p, { page: id }, [
          own(bp, 'blocks'),
          own(tp, 'blocks'),
          own(mp, 'blocks'),
        ]),
    });
    if (status === 'conflict-theirs')
      out.splice(
        at,
        0,
        conflictOf(path, `Page ${id}: ${REMOVED_CHANGED}`, B.pages.get(id), value, undefined),
      );
    return value;
  };

  return {
    pages(path) {
      const items = buildKeyedList(
        [B.pageIds, T.pageIds, M.pageIds],
        (id) =>
          pageIn(id) ? 'item' : pageStatus.get(id) === 'conflict-mine' ? 'ghost' : undefined,
        buildPage,
        (id, p, insertAt) => {
          const mine = M.pages.get(id)!;
          out.push({
            ...conflictOf(p, `Page ${id}: ${REMOVED_CHANGED}`, B.pages.get(id), undefined, {
              ...mine,
              ...(arr(mine.blocks) ? { blocks: strip(mine.blocks) } : {}),
            }),
            insertAt,
          });
        },
        path,
      );
      return items.length ||
        presence3(...([b, t, m].map((d) => arr(own(d, 'pages'))) as [boolean, boolean, boolean]))
        ? items
        : undefined;
    },
    area(which, path) {
      const sides = [b, t, m].map((d) => own(own(d, 'layout'), which));
      return ownedList(which === 'header' ? HEADER : FOOTER, path, { area: which }, sides);
    },
  };
}

/** A set of blocks whose containers lead round in a circle, if any. */
function findCycle(alive: Set<string>, placed: Map<string, CKey>): string[] | undefined {
  const settled = new Set<string>();
  for (const start of alive) {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let cur: string | undefined = start;
    while (cur !== undefined && !settled.has(cur)) {
      if (onChain.has(cur)) return chain.slice(chain.indexOf(cur));
      chain.push(cur);
      onChain.add(cur);
      const o = ownerOf(placed.get(cur)!);
      cur = o.kind === 'c' || o.kind === 's' ? o.id : undefined;
    }
    for (const id of chain) settled.add(id);
  }
  return undefined;
}
