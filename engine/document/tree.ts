/**
 * The block tree of a site document, in one vocabulary (docs/site-documents.md, "Pages and
 * blocks"): blocks live in lists; a list is an area's root (a page's `blocks`, the layout's
 * `header` or `footer`), a container's `children`, or a named slot. Every reader of the tree —
 * renderer checks, whole-site rules, diff, merge, ids, the editor — walks it here, so a new
 * kind of list is taught in one place.
 *
 * Isomorphic and dependency-free: the editor runs it in the browser.
 */

/** A block as the tree sees it: an id, a type, and the lists under it. */
export interface TreeBlock {
  id?: any;
  type?: any;
  props?: any;
  children?: TreeBlock[];
  slots?: Record<string, TreeBlock[]>;
}

/** Where a top-level list of blocks lives: a page's blocks or a layout part. */
export type Area = `page:${string}` | 'layout:header' | 'layout:footer';

export const LAYOUT_AREAS = ['layout:header', 'layout:footer'] as const satisfies readonly Area[];

/** A list of blocks: an area's root list, a container's children, or a named slot. */
export interface ListRef {
  area: Area;
  /** Id of the containing block; absent for the area's root list. */
  parent?: string;
  /** Slot name inside the parent; absent for `children`. */
  slot?: string;
}

/** A block and where it sits. */
export interface BlockLocation<B extends TreeBlock = TreeBlock> {
  block: B;
  /** The list it sits in, and its index there. */
  ref: ListRef;
  index: number;
  /** JSON Pointer in the document it was found in. */
  path: string;
  /** Ids of the containing blocks, outermost first. */
  ancestors: string[];
}

type Doc = Record<string, any>;

/** The area of a page: `page:{id}`. */
export function pageArea(pageId: string): `page:${string}` {
  return `page:${pageId}`;
}

/** The layout parts, then every page, in document order. */
export function allAreas(doc: unknown): Area[] {
  const pages = Array.isArray((doc as Doc | null)?.pages) ? ((doc as Doc).pages as unknown[]) : [];
  return [...LAYOUT_AREAS, ...pages.map((p) => pageArea(String((p as Doc | null)?.id)))];
}

function pageIndex(doc: Doc, area: Area): number {
  const pages = Array.isArray(doc?.pages) ? (doc.pages as unknown[]) : [];
  const id = area.slice('page:'.length);
  return pages.findIndex((p) => (p as Doc | null)?.id === id);
}

/** The root list of an area, or undefined when the document has none. */
export function areaBlocks<B extends TreeBlock = TreeBlock>(doc: unknown, area: Area): B[] | undefined {
  const d = doc as Doc | null;
  const list = area === 'layout:header' ? d?.layout?.header : area === 'layout:footer' ? d?.layout?.footer : d?.pages?.[pageIndex(d, area)]?.blocks;
  return Array.isArray(list) ? list : undefined;
}

/** JSON Pointer of an area's root list. */
export function areaPointer(doc: unknown, area: Area): string {
  if (area === 'layout:header') return '/layout/header';
  if (area === 'layout:footer') return '/layout/footer';
  return `/pages/${pageIndex(doc as Doc, area)}/blocks`;
}

/**
 * Every block of the given areas (all of them by default) with its location, depth first,
 * in document order. Entries that are not objects are skipped: a draft being typed may hold
 * anything, and validation reports it (readers that must see them use `walkEntries`).
 */
export function* walkBlocks<B extends TreeBlock = TreeBlock>(doc: unknown, areas?: Area[]): Generator<BlockLocation<B>> {
  for (const entry of walkEntries(doc, areas)) if (isBlock(entry.value)) yield located<B>(entry);
}

/** Every block in one list and below it, depth first; `ref` and `path` say where the list is. */
export function* walkList<B extends TreeBlock = TreeBlock>(list: unknown, ref: ListRef = { area: 'page:' }, path = ''): Generator<BlockLocation<B>> {
  for (const entry of entriesOf(list, ref, path, [], undefined)) if (isBlock(entry.value)) yield located<B>(entry);
}

/** Every entry of one list and below it, objects or not (see `walkEntries`). */
export function walkListEntries(list: unknown, ref: ListRef = { area: 'page:' }, path = ''): Generator<EntryLocation> {
  return entriesOf(list, ref, path, [], undefined);
}

/** What `walkView` meets: a list it enters (before that list's blocks), or a block. */
export type ViewStep<B extends TreeBlock = TreeBlock> = { list: ListRef; path: string } | { block: BlockLocation<B> };

/**
 * One list and below it as a reader chooses to see it: `enter(block)` names the lists under
 * a block to go into, in order (`undefined` for its children, a name for a slot) — e.g. the
 * editor's outline enters the slots a block's schema declares, empty ones included, and
 * nothing under a collapsed block. Each entered list is announced before its blocks.
 */
export function* walkView<B extends TreeBlock = TreeBlock>(
  list: unknown,
  ref: ListRef,
  enter: (block: B) => (string | undefined)[],
  path = '',
  ancestors: string[] = [],
): Generator<ViewStep<B>> {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const block = list[index] as B;
    if (!isBlock(block)) continue;
    const at = `${path}/${index}`;
    yield { block: { block, ref, index, path: at, ancestors } };
    const inner = [...ancestors, String(block.id)];
    for (const slot of enter(block)) {
      const sub: ListRef = slot === undefined ? { area: ref.area, parent: block.id } : { area: ref.area, parent: block.id, slot };
      const subPath = slot === undefined ? `${at}/children` : `${at}/slots/${encodePointerSegment(slot)}`;
      yield { list: sub, path: subPath };
      yield* walkView<B>(slot === undefined ? block.children : block.slots?.[slot], sub, enter, subPath, inner);
    }
  }
}

/** A list entry where it sits, whatever it holds. */
export interface EntryLocation extends Omit<BlockLocation, 'block'> {
  value: unknown;
  /** JSON Pointer of the block whose children or slot holds it; absent in an area's root list. */
  parentPath?: string;
  /** Index of the page it is on; absent in the layout. */
  page?: number;
}

/**
 * Every entry of every block list, depth first in document order, objects or not — for
 * readers that must account for everything written (the diff, the merge). Only object
 * entries are descended into, through `children` when it is a list and each slot that is.
 */
export function* walkEntries(doc: unknown, areas?: Area[]): Generator<EntryLocation> {
  if (!doc || typeof doc !== 'object') return;
  for (const root of rootLists(doc as Doc, areas)) yield* entriesOf(root.list, { area: root.area }, root.path, [], root.page);
}

function* entriesOf(list: unknown, ref: ListRef, path: string, ancestors: string[], page: number | undefined, parentPath?: string): Generator<EntryLocation> {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const value: unknown = list[index];
    const at = `${path}/${index}`;
    yield { value, ref, index, path: at, ancestors, ...(parentPath === undefined ? {} : { parentPath }), ...(page === undefined ? {} : { page }) };
    if (!isBlock(value)) continue;
    const inner = [...ancestors, String(value.id)];
    yield* entriesOf(value.children, { area: ref.area, parent: value.id }, `${at}/children`, inner, page, at);
    if (isBlock(value.slots)) {
      for (const [slot, items] of Object.entries(value.slots)) {
        yield* entriesOf(items, { area: ref.area, parent: value.id, slot }, `${at}/slots/${encodePointerSegment(slot)}`, inner, page, at);
      }
    }
  }
}

const isBlock = (value: unknown): value is TreeBlock => !!value && typeof value === 'object' && !Array.isArray(value);

function located<B extends TreeBlock>(entry: EntryLocation): BlockLocation<B> {
  return { block: entry.value as B, ref: entry.ref, index: entry.index, path: entry.path, ancestors: entry.ancestors };
}

/**
 * The root lists to walk. Without `areas`, every page by position — so a document that
 * (wrongly) repeats a page id still has each page walked once, and the whole-site rules
 * can report the repeat.
 */
function* rootLists(doc: Doc, areas: Area[] | undefined): Generator<{ area: Area; list: unknown; path: string; page?: number }> {
  if (areas) {
    for (const area of areas) {
      const page = area.startsWith('page:') ? pageIndex(doc, area) : undefined;
      yield { area, list: areaBlocks(doc, area), path: areaPointer(doc, area), ...(page === undefined ? {} : { page }) };
    }
    return;
  }
  for (const area of LAYOUT_AREAS) yield { area, list: areaBlocks(doc, area), path: areaPointer(doc, area) };
  const pages = Array.isArray(doc.pages) ? (doc.pages as unknown[]) : [];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as Doc | null;
    yield { area: pageArea(String(page?.id)), list: page?.blocks, path: `/pages/${i}/blocks`, page: i };
  }
}

/** The first block with this id in the given areas. */
export function findBlock<B extends TreeBlock = TreeBlock>(doc: unknown, id: string, areas?: Area[]): BlockLocation<B> | undefined {
  for (const loc of walkBlocks<B>(doc, areas)) if (loc.block.id === id) return loc;
  return undefined;
}

/** The list a ref points at, or undefined when it does not exist (yet). */
export function getList<B extends TreeBlock = TreeBlock>(doc: unknown, ref: ListRef): B[] | undefined {
  if (!ref.parent) return areaBlocks<B>(doc, ref.area);
  const parent = findBlock<B>(doc, ref.parent, [ref.area])?.block;
  if (!parent) return undefined;
  const list = ref.slot ? parent.slots?.[ref.slot] : parent.children;
  return Array.isArray(list) ? (list as B[]) : undefined;
}

/** The lists directly under a block: its children, then its slots by name. */
export function childLists<B extends TreeBlock>(block: B): { slot?: string; blocks: B[] }[] {
  const out: { slot?: string; blocks: B[] }[] = [];
  if (Array.isArray(block.children)) out.push({ blocks: block.children as B[] });
  if (block.slots && typeof block.slots === 'object') {
    for (const [slot, blocks] of Object.entries(block.slots)) if (Array.isArray(blocks)) out.push({ slot, blocks: blocks as B[] });
  }
  return out;
}

/**
 * A copy of a block subtree with `fn` applied to every block top-down (a block before its
 * children, children before slots: the order a reader meets them). `fn` returns the block's
 * own fields; the lists under it are copied from the original and mapped in turn, leaving
 * out the entries `keep` refuses.
 */
export function mapSubtree<B extends TreeBlock>(block: B, fn: (block: B) => B, keep: (entry: unknown) => boolean = () => true): B {
  const list = (items: unknown) => (Array.isArray(items) ? items.filter(keep).map((b) => (isBlock(b) ? mapSubtree(b as B, fn, keep) : b)) : items);
  const out: B = fn({ ...block });
  if (Array.isArray(block.children)) out.children = list(block.children) as B[];
  if (isBlock(block.slots)) out.slots = Object.fromEntries(Object.entries(block.slots).map(([k, v]) => [k, list(v)])) as Record<string, B[]>;
  return out;
}

// ------------------------------------------------------------------ JSON Pointer (RFC 6901)

export function encodePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `['pages', 0, 'a/b']` → `/pages/0/a~1b`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${encodePointerSegment(s)}`).join('');
}

/** `/pages/0/a~1b` → `['pages', '0', 'a/b']`; also accepts the `#/…` URI fragment form. */
export function fromPointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (!body) return [];
  return body.replace(/^\//, '').split('/').map(decodePointerSegment);
}
