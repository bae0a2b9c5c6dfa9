/** Finding areas, blocks and lists by reference. */
import {
  areaBlocks,
  LAYOUT_AREAS,
  pageArea,
  type Area,
  type BlockLocation,
  type Doc,
  type ListRef,
  type TreeBlock,
} from './model.ts';
import { walkBlocks } from './walk.ts';

/** The layout parts, then every page, in document order. */
export function allAreas(doc: unknown): Area[] {
  const pages = Array.isArray((doc as Doc | null)?.pages) ? ((doc as Doc).pages as unknown[]) : [];
  return [...LAYOUT_AREAS, ...pages.map((p) => pageArea(String((p as Doc | null)?.id)))];
}

/** The first block with this id in the given areas. */
export function findBlock<B extends TreeBlock = TreeBlock>(
  doc: unknown,
  id: string,
  areas?: Area[],
): BlockLocation<B> | undefined {
  for (const loc of walkBlocks<B>(doc, areas)) if (loc.block.id === id) return loc;
  return undefined;
}

/** The list a ref points at, or undefined when it does not exist (yet). */
export function getList<B extends TreeBlock = TreeBlock>(
  doc: unknown,
  ref: ListRef,
): B[] | undefined {
  if (!ref.parent) return areaBlocks<B>(doc, ref.area);
  const parent = findBlock<B>(doc, ref.parent, [ref.area])?.block;
  if (!parent) return undefined;
  const list = ref.slot ? parent.slots?.[ref.slot] : parent.children;
  return Array.isArray(list) ? (list as B[]) : undefined;
}
