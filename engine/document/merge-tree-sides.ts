/**
 * Each side of the tree merge indexed by id (pages, blocks, the lists that hold them), what
 * a side changed against base, and additions both sides made under one id kept apart.
 */
import { type Area, mapSubtree, walkEntries } from '../tree.ts';
import { isEqual, isObj, own, type Json } from './merge-values.ts';

/** A list of blocks: the header, the footer, a page's blocks, a block's children or one of its slots. */
export type CKey = string;
export const HEADER: CKey = '["h"]';
export const FOOTER: CKey = '["f"]';
export const pageList = (page: string): CKey => JSON.stringify(['p', page]);
export const childList = (block: string): CKey => JSON.stringify(['c', block]);
export const slotList = (block: string, slot: string): CKey => JSON.stringify(['s', block, slot]);
/** What a list belongs to: the header, the footer, a page ('p') or a block ('c', 's'). */
type Owner =
  | { kind: 'h' }
  | { kind: 'f' }
  | { kind: 'p'; id: string }
  | { kind: 'c'; id: string }
  | { kind: 's'; id: string };
export const ownerOf = (c: CKey): Owner => {
  const [kind, id] = JSON.parse(c) as ['h' | 'f' | 'p' | 'c' | 's', string];
  return kind === 'h' || kind === 'f' ? { kind } : { kind, id };
};

export interface Side {
  blocks: Map<string, { block: Json; container: CKey }>;
  lists: Map<CKey, string[]>;
  pages: Map<string, Json>;
  pageIds: string[];
  changed: Map<string, boolean>;
}

export const arr = (v: unknown) => Array.isArray(v);
const withoutKeys = (o: Json, keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const slotNames = (block: Json | undefined) =>
  isObj(own(block, 'slots')) ? Object.keys(own(block, 'slots') as Json) : [];
const shape = (block: Json) => [arr(block.children), slotNames(block).sort()];
function ownedLists(block: Json): CKey[] {
  const id = block.id as string;
  return [
    ...(arr(block.children) ? [childList(id)] : []),
    ...slotNames(block).map((s) => slotList(id, s)),
  ];
}

/** Every page and block by id; null when ids are missing or repeated (then the caller merges lists as values). */
export function indexSide(doc: Json): Side | null {
  const side: Side = {
    blocks: new Map(),
    lists: new Map(),
    pages: new Map(),
    pageIds: [],
    changed: new Map(),
  };
  const isList = (v: unknown) => v === undefined || Array.isArray(v);
  const layout = own(doc, 'layout');
  if (layout !== undefined && !isObj(layout)) return null;
  if (!isList(own(layout, 'header')) || !isList(own(layout, 'footer'))) return null;
  const pages = own(doc, 'pages');
  if (!isList(pages)) return null;
  for (const page of (pages as unknown[]) ?? []) {
    if (
      !isObj(page) ||
      typeof page.id !== 'string' ||
      side.pages.has(page.id) ||
      !isList(own(page, 'blocks'))
    )
      return null;
    side.pages.set(page.id, page);
    side.pageIds.push(page.id);
  }
  for (const { value: block, ref } of walkEntries(doc)) {
    if (!isObj(block) || typeof block.id !== 'string' || side.blocks.has(block.id)) return null;
    const slots = own(block, 'slots');
    if (
      !isList(own(block, 'children')) ||
      (slots !== undefined && !isObj(slots)) ||
      slotNames(block).some((s) => !isList((slots as Json)[s]))
    )
      return null;
    const container =
      ref.parent === undefined
        ? rootList(ref.area)
        : ref.slot === undefined
          ? childList(ref.parent)
          : slotList(ref.parent, ref.slot);
    side.blocks.set(block.id, { block, container });
    side.lists.set(container, [...(side.lists.get(container) ?? []), block.id]);
  }
  return side;
}

const rootList = (area: Area): CKey =>
  area === 'layout:header'
    ? HEADER
    : area === 'layout:footer'
      ? FOOTER
      : pageList(area.slice('page:'.length));

/**
 * Did this side change a block relative to base: its own fields, its place, or anything
 * inside it (a block added or moved in, reordered, or changed itself)? A block moved out
 * of it or removed from it does not count: removing the container agrees with that.
 */
export function blockChanged(S: Side, B: Side, id: string): boolean {
  const memo = S.changed.get(id);
  if (memo !== undefined) return memo;
  const s = S.blocks.get(id)!;
  const b = B.blocks.get(id);
  const result =
    !b ||
    s.container !== b.container ||
    !isEqual(
      withoutKeys(s.block, ['children', 'slots']),
      withoutKeys(b.block, ['children', 'slots']),
    ) ||
    !isEqual(shape(s.block), shape(b.block)) ||
    ownedLists(s.block).some((c) => listChanged(S, B, c));
  S.changed.set(id, result);
  return result;
}

function listChanged(S: Side, B: Side, c: CKey): boolean {
  const ls = S.lists.get(c) ?? [];
  const lb = B.lists.get(c) ?? [];
  if (ls.some((id) => B.blocks.get(id)?.container !== c)) return true;
  const inS = new Set(ls);
  const inB = new Set(lb);
  const kept = lb.filter((id) => inS.has(id));
  if (ls.filter((id) => inB.has(id)).some((id, i) => id !== kept[i])) return true;
  return ls.some((id) => blockChanged(S, B, id));
}

export function pageChanged(S: Side, B: Side, id: string): boolean {
  const s = S.pages.get(id)!;
  const b = B.pages.get(id)!;
  return (
    !isEqual(withoutKeys(s, ['blocks']), withoutKeys(b, ['blocks'])) ||
    arr(s.blocks) !== arr(b.blocks) ||
    listChanged(S, B, pageList(id))
  );
}

/**
 * Both sides may add different blocks under the same new id (each editor took the next
 * free id, `hero-2`): both are kept, mine's under a fresh id (`hero-3`), with the new
 * blocks inside it. The same block added at the same place on both sides stays one.
 */
export function separateAdditions(B: Side, T: Side, M: Side, m: Json): Side {
  const renames = new Map<string, string>();
  const used = new Set([...B.blocks.keys(), ...T.blocks.keys(), ...M.blocks.keys()]);
  for (const [id, { block, container }] of M.blocks) {
    const theirs = T.blocks.get(id);
    if (B.blocks.has(id) || !theirs) continue;
    const owner = ownerOf(container);
    const ownerRenamed = (owner.kind === 'c' || owner.kind === 's') && renames.has(owner.id);
    if (!ownerRenamed && container === theirs.container && isEqual(block, theirs.block)) continue;
    const stem = /^(.*)-\d+$/.exec(id)?.[1] ?? id;
    let n = 2;
    while (used.has(`${stem}-${n}`)) n++;
    renames.set(id, `${stem}-${n}`);
    used.add(`${stem}-${n}`);
  }
  if (!renames.size) return M;
  const rename = (list: unknown): unknown =>
    Array.isArray(list)
      ? list.map((x: Json) =>
          mapSubtree(x, (b) => ({ ...b, id: renames.get(b.id as string) ?? b.id })),
        )
      : list;
  const layout = own(m, 'layout');
  const copy: Json = { ...m };
  if (isObj(layout))
    copy.layout = {
      ...layout,
      ...(arr(layout.header) ? { header: rename(layout.header) } : {}),
      ...(arr(layout.footer) ? { footer: rename(layout.footer) } : {}),
    };
  if (arr(m.pages))
    copy.pages = (m.pages as Json[]).map((p) =>
      arr(p.blocks) ? { ...p, blocks: rename(p.blocks) } : p,
    );
  return indexSide(copy)!;
}
