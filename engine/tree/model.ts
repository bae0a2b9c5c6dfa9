/** The tree's vocabulary: blocks, areas, lists and locations (engine/tree.ts). */
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

export type Doc = Record<string, any>;

/** The area of a page: `page:{id}`. */
export function pageArea(pageId: string): `page:${string}` {
  return `page:${pageId}`;
}

export function pageIndex(doc: Doc, area: Area): number {
  const pages = Array.isArray(doc?.pages) ? (doc.pages as unknown[]) : [];
  const id = area.slice('page:'.length);
  return pages.findIndex((p) => (p as Doc | null)?.id === id);
}

/** The root list of an area, or undefined when the document has none. */
export function areaBlocks<B extends TreeBlock = TreeBlock>(
  doc: unknown,
  area: Area,
): B[] | undefined {
  const d = doc as Doc | null;
  const list =
    area === 'layout:header'
      ? d?.layout?.header
      : area === 'layout:footer'
        ? d?.layout?.footer
        : d?.pages?.[pageIndex(d, area)]?.blocks;
  return Array.isArray(list) ? list : undefined;
}

/** JSON Pointer of an area's root list. */
export function areaPointer(doc: unknown, area: Area): string {
  if (area === 'layout:header') return '/layout/header';
  if (area === 'layout:footer') return '/layout/footer';
  return `/pages/${pageIndex(doc as Doc, area)}/blocks`;
}

/** A list entry that can hold lists: a JSON object (not null, not an array). */
export const isBlock = (value: unknown): value is TreeBlock =>
  !!value && typeof value === 'object' && !Array.isArray(value);
