/**
 * The outline as ONE flat list of rows with depths (the cure for nested-sortable flicker:
 * one SortableContext, no droppables inside droppables), and the projection that turns a
 * drag position (a gap between rows plus a wanted depth) into a target list and index,
 * honouring what each container and slot accepts.
 *
 * Rows: a block row per visible block; a "head" row per named slot (and per layout part
 * in the layout view) so an empty slot is still somewhere to drop. Children of a
 * container follow it one level deeper; blocks in a slot follow the slot's head.
 */
import { walkView } from '../../engine/tree.ts';
import { metaOf, type EditorBlock } from './blocks.ts';
import {
  areaBlocks,
  canContain,
  getList,
  inDocumentOrder,
  type Area,
  type BlockLocation,
  type Doc,
  type ListRef,
  LAYOUT_VIEW,
  type View,
} from './doc.ts';

export interface HeadRow {
  kind: 'head';
  key: string;
  depth: number;
  /** The list this head introduces. */
  ref: ListRef;
  label: string;
}

export interface BlockRow {
  kind: 'block';
  /** The block id (unique in the document). */
  key: string;
  depth: number;
  /** The list the block sits in, and where. */
  ref: ListRef;
  index: number;
  block: EditorBlock;
  /** Holds children (x-block.container). */
  container: boolean;
  /** Has children or slots with rows under it. */
  hasChildren: boolean;
  collapsed: boolean;
}

export type Row = HeadRow | BlockRow;

/**
 * The rows of a view. It follows the block SCHEMAS as well as the document: every named slot
 * gets a head row even when empty, in schema order; a container's children show, a collapsed
 * block's insides do not.
 */
export function flattenView(
  resolved: Doc,
  view: View,
  collapsed: ReadonlySet<string> = new Set(),
): Row[] {
  const rows: Row[] = [];
  const enter = (block: EditorBlock) => {
    if (collapsed.has(block.id)) return [];
    const meta = metaOf(block.type);
    return [...(meta.container ? [undefined] : []), ...meta.slots.map((s) => s.name)];
  };
  const walk = (list: EditorBlock[] | undefined, ref: ListRef, depth: number) => {
    const placed = new Map<string, { depth: number; type: string }>(); // block id → its row
    for (const step of walkView<EditorBlock>(list, ref, enter)) {
      if ('list' in step) {
        const { parent, slot } = step.list;
        if (slot === undefined) continue; // children follow their container directly, without a head
        const owner = placed.get(parent!)!;
        const label = metaOf(owner.type).slots.find((s) => s.name === slot)!.label;
        rows.push({
          kind: 'head',
          key: headKey(step.list)!,
          depth: owner.depth + 1,
          ref: step.list,
          label,
        });
        continue;
      }
      const { block, ref: at, index } = step.block;
      const rowDepth =
        at.parent === undefined
          ? depth
          : placed.get(at.parent)!.depth + (at.slot === undefined ? 1 : 2);
      placed.set(block.id, { depth: rowDepth, type: block.type });
      const meta = metaOf(block.type);
      const hasChildren = !!block.children?.length || meta.slots.length > 0;
      rows.push({
        kind: 'block',
        key: block.id,
        depth: rowDepth,
        ref: at,
        index,
        block,
        container: meta.container,
        hasChildren,
        collapsed: collapsed.has(block.id),
      });
    }
  };
  if (view === LAYOUT_VIEW) {
    for (const [area, label] of [
      ['layout:header', 'Header (every page)'],
      ['layout:footer', 'Footer (every page)'],
    ] as const) {
      const ref: ListRef = { area };
      rows.push({ kind: 'head', key: headKey(ref)!, depth: 0, ref, label });
      walk(areaBlocks(resolved, area), ref, 1);
    }
  } else {
    walk(areaBlocks(resolved, view as Area), { area: view as Area }, 0);
  }
  return rows;
}

/** The key of a list's head row: a named slot's, or a layout part's (undefined for a page or a container's children). */
export function headKey(ref: ListRef): string | undefined {
  if (ref.parent) return ref.slot ? `slot:${ref.parent}:${ref.slot}` : undefined;
  return ref.area.startsWith('layout:') ? `head:${ref.area}` : undefined;
}

/**
 * Where focus goes after removing blocks (`top`: the top-most removed ones in document
 * order, located before the removal). `rows`, best first: the block that then sits where
 * the first one was (its next sibling that stays), else the one before it, else the head
 * of their list (the container's row, the slot's or layout part's head row), else the
 * blocks around it, innermost first (for a list hidden in a collapsed block). `select` is
 * the block to select with it (a sibling or the container; none for a head).
 */
export function focusAfterRemoval(
  resolved: Doc,
  top: readonly BlockLocation[],
): { rows: string[]; select?: string } {
  const first = top[0];
  if (!first) return { rows: [] };
  const removed = new Set(top.map((loc) => loc.block.id));
  const list = getList(resolved, first.ref) ?? [];
  const next = list.slice(first.index + 1).find((b) => !removed.has(b.id))?.id;
  const previous = list
    .slice(0, first.index)
    .reverse()
    .find((b) => !removed.has(b.id))?.id;
  const container = first.ref.parent && !first.ref.slot ? first.ref.parent : undefined;
  const head = container ?? headKey(first.ref);
  const rows = [next, previous, head, ...[...first.ancestors].reverse()].filter(
    (k): k is string => !!k,
  );
  return { rows: [...new Set(rows)], select: next ?? previous ?? container };
}

/** Rows without the descendants of `id` (they travel with it while it is dragged). */
export function withoutDescendants(rows: Row[], id: string): Row[] {
  const i = rows.findIndex((r) => r.kind === 'block' && r.key === id);
  if (i < 0) return rows;
  const depth = rows[i].depth;
  let end = i + 1;
  while (end < rows.length && rows[end].depth > depth) end++;
  // Same array when nothing is hidden, so the sortable list is not re-measured for nothing.
  return end === i + 1 ? rows : [...rows.slice(0, i + 1), ...rows.slice(end)];
}

/**
 * Rows without what travels with a dragged group: the descendants of every member, and
 * the members other than the dragged row itself (a group of one is withoutDescendants).
 */
export function withoutMoved(
  rows: Row[],
  activeId: string,
  group: readonly string[] | undefined,
): Row[] {
  if (!group || group.length <= 1) return withoutDescendants(rows, activeId);
  const members = new Set(group);
  const out: Row[] = [];
  let skipBelow = -1;
  for (const row of rows) {
    if (skipBelow >= 0) {
      if (row.depth > skipBelow) continue;
      skipBelow = -1;
    }
    if (row.kind === 'block' && members.has(row.key)) {
      skipBelow = row.depth;
      if (row.key !== activeId) continue;
    }
    out.push(row);
  }
  return out;
}

export interface Projection {
  ref: ListRef;
  index: number;
  depth: number;
  valid: boolean;
  reason?: string;
}

/**
 * Where a block of `type` (or blocks of several types, dragged together: every one must be
 * allowed) would land if dropped into gap `gap` of `rows` (rows must not contain the
 * dragged blocks), as close as allowed to `wantedDepth`. `root` is the view's root list
 * (undefined in the layout view, where blocks live under the head rows).
 */
export function project(
  doc: Doc,
  rows: Row[],
  gap: number,
  wantedDepth: number,
  type: string | readonly string[],
  root: ListRef | undefined,
  moving: readonly string[] = [],
): Projection | undefined {
  const types = typeof type === 'string' ? [type] : [...new Set(type)];
  const prev = rows[gap - 1];
  const next = rows[gap];
  const maxDepth = prev
    ? prev.kind === 'head' || (prev.container && !prev.collapsed)
      ? prev.depth + 1
      : prev.depth
    : 0;
  const minDepth = next ? (next.kind === 'head' ? next.depth + 1 : next.depth) : 0;
  if (maxDepth < minDepth) return undefined;
  const depths: number[] = [];
  for (let d = minDepth; d <= maxDepth; d++) depths.push(d);
  depths.sort((a, b) => Math.abs(a - wantedDepth) - Math.abs(b - wantedDepth) || a - b);
  let refused: Projection | undefined;
  for (const depth of depths) {
    const target = targetAt(rows, gap, depth, root);
    if (!target) continue;
    const allowed = types.map((t) => canContain(doc, target.ref, t, moving)).find((a) => !a.ok) ?? {
      ok: true,
    };
    if (allowed.ok) return { ...target, depth, valid: true };
    refused ??= { ...target, depth, valid: false, reason: allowed.reason };
  }
  return refused;
}

function targetAt(
  rows: Row[],
  gap: number,
  depth: number,
  root: ListRef | undefined,
): { ref: ListRef; index: number } | undefined {
  let index = 0;
  for (let i = gap - 1; i >= 0; i--) {
    const row = rows[i];
    if (row.depth === depth && row.kind === 'block') index++;
    if (row.depth === depth && row.kind === 'head') return undefined;
    if (row.depth < depth) {
      if (row.depth !== depth - 1) return undefined;
      if (row.kind === 'head') return { ref: row.ref, index };
      if (row.container && !row.collapsed)
        return { ref: { area: row.ref.area, parent: row.key }, index };
      return undefined;
    }
  }
  if (depth === 0 && root) return { ref: root, index };
  return undefined;
}

/**
 * The projection for dragging an existing row over row `overId`; with `group` (the ids of
 * blocks dragged together, the active one among them) every one of them must be allowed.
 */
export function projectMove(
  doc: Doc,
  rows: Row[],
  activeId: string,
  overId: string,
  dragDepthOffset: number,
  root: ListRef | undefined,
  group?: readonly string[],
): Projection | undefined {
  const visible = withoutMoved(rows, activeId, group);
  const activeIndex = visible.findIndex((r) => r.key === activeId);
  const overIndex = visible.findIndex((r) => r.key === overId);
  if (activeIndex < 0 || overIndex < 0) return undefined;
  const active = visible[activeIndex] as BlockRow;
  const moved = arrayMove(visible, activeIndex, overIndex);
  const others = moved.filter((r) => r.key !== activeId);
  return project(
    doc,
    others,
    overIndex,
    active.depth + dragDepthOffset,
    draggedTypes(doc, active.block.type, group),
    root,
    group?.length ? group : [activeId],
  );
}

/**
 * The block types a drag carries: the dragged block's, or with a `group` of several every
 * member's (from the document, not the rows: a member may sit inside a collapsed block).
 * One walk of the document, since it runs on every move of the pointer.
 */
export function draggedTypes(
  doc: Doc,
  type: string,
  group: readonly string[] | undefined,
): string | string[] {
  return group && group.length > 1
    ? inDocumentOrder(doc, group).map((loc) => loc.block.type)
    : type;
}

/** The projection for dropping a new block (from the palette) before or after a row. */
export function projectInsert(
  doc: Doc,
  rows: Row[],
  overId: string,
  after: boolean,
  wantedDepth: number,
  type: string,
  root: ListRef | undefined,
): Projection | undefined {
  const overIndex = rows.findIndex((r) => r.key === overId);
  if (overIndex < 0) return undefined;
  return project(doc, rows, overIndex + (after ? 1 : 0), wantedDepth, type, root);
}

export function arrayMove<T>(list: T[], from: number, to: number): T[] {
  const out = list.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}
