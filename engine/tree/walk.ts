/** Walking every block of a document or a list, depth first, in document order. */
import {
  areaBlocks,
  areaPointer,
  isBlock,
  LAYOUT_AREAS,
  pageArea,
  pageIndex,
  type Area,
  type BlockLocation,
  type Doc,
  type ListRef,
  type TreeBlock,
} from './model.ts';
import { encodePointerSegment } from './pointer.ts';

/**
 * Every block of the given areas (all of them by default) with its location, depth first,
 * in document order. Entries that are not objects are skipped: a draft being typed may hold
 * anything, and validation reports it (readers that must see them use `walkEntries`).
 */
export function* walkBlocks<B extends TreeBlock = TreeBlock>(
  doc: unknown,
  areas?: Area[],
): Generator<BlockLocation<B>> {
  for (const entry of walkEntries(doc, areas)) if (isBlock(entry.value)) yield located<B>(entry);
}

/** Every block in one list and below it, depth first; `ref` and `path` say where the list is. */
export function* walkList<B extends TreeBlock = TreeBlock>(
  list: unknown,
  ref: ListRef = { area: 'page:' },
  path = '',
): Generator<BlockLocation<B>> {
  for (const entry of entriesOf(list, ref, path, [], undefined))
    if (isBlock(entry.value)) yield located<B>(entry);
}

/**
 * Every block in one list and below it, depth first, without where it is: for readers
 * that want only the blocks (a page's block types, on every edit of a big page in the
 * editor's preview), for which building each block's location cost most of the walk.
 */
export function eachBlock<B extends TreeBlock = TreeBlock>(
  list: unknown,
  visit: (block: B) => void,
): void {
  if (!Array.isArray(list)) return;
  for (const value of list as unknown[]) {
    if (!isBlock(value)) continue;
    visit(value as B);
    eachBlock(value.children, visit);
    if (isBlock(value.slots))
      for (const items of Object.values(value.slots)) eachBlock(items, visit);
  }
}

/** Every entry of one list and below it, objects or not (see `walkEntries`). */
export function walkListEntries(
  list: unknown,
  ref: ListRef = { area: 'page:' },
  path = '',
): Generator<EntryLocation> {
  return entriesOf(list, ref, path, [], undefined);
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
  for (const root of rootLists(doc as Doc, areas))
    yield* entriesOf(root.list, { area: root.area }, root.path, [], root.page);
}

function* entriesOf(
  list: unknown,
  ref: ListRef,
  path: string,
  ancestors: string[],
  page: number | undefined,
  parentPath?: string,
): Generator<EntryLocation> {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const value: unknown = list[index];
    const at = `${path}/${index}`;
    yield {
      value,
      ref,
      index,
      path: at,
      ancestors,
      ...(parentPath === undefined ? {} : { parentPath }),
      ...(page === undefined ? {} : { page }),
    };
    if (!isBlock(value)) continue;
    const inner = [...ancestors, String(value.id)];
    yield* entriesOf(
      value.children,
      { area: ref.area, parent: value.id },
      `${at}/children`,
      inner,
      page,
      at,
    );
    if (isBlock(value.slots)) {
      for (const [slot, items] of Object.entries(value.slots)) {
        yield* entriesOf(
          items,
          { area: ref.area, parent: value.id, slot },
          `${at}/slots/${encodePointerSegment(slot)}`,
          inner,
          page,
          at,
        );
      }
    }
  }
}

function located<B extends TreeBlock>(entry: EntryLocation): BlockLocation<B> {
  return {
    block: entry.value as B,
    ref: entry.ref,
    index: entry.index,
    path: entry.path,
    ancestors: entry.ancestors,
  };
}

/**
 * The root lists to walk. Without `areas`, every page by position — so a document that
 * (wrongly) repeats a page id still has each page walked once, and the whole-site rules
 * can report the repeat.
 */
function* rootLists(
  doc: Doc,
  areas: Area[] | undefined,
): Generator<{ area: Area; list: unknown; path: string; page?: number }> {
  if (areas) {
    for (const area of areas) {
      const page = area.startsWith('page:') ? pageIndex(doc, area) : undefined;
      yield {
        area,
        list: areaBlocks(doc, area),
        path: areaPointer(doc, area),
        ...(page === undefined ? {} : { page }),
      };
    }
    return;
  }
  for (const area of LAYOUT_AREAS)
    yield { area, list: areaBlocks(doc, area), path: areaPointer(doc, area) };
  const pages = Array.isArray(doc.pages) ? (doc.pages as unknown[]) : [];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as Doc | null;
    yield {
      area: pageArea(String(page?.id)),
      list: page?.blocks,
      path: `/pages/${i}/blocks`,
      page: i,
    };
  }
}
