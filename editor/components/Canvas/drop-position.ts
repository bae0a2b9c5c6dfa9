/**
 * Where a block dragged over the canvas lands (docs/editor-design.md, "The canvas"). The preview
 * measures the lists around the pointer, innermost first (`DropLevel`s); this decides, with
 * no DOM of its own: the first list that takes the block, before or after the block nearest
 * the pointer (along the list's direction: side by side blocks split left/right), else the
 * innermost place, refused with its reason.
 */
import type { Allowed, ListRef } from '../../lib/doc.ts';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DropLevel {
  ref: ListRef;
  /** How many blocks the list holds. */
  count: number;
  /** The box of the list's i-th block (measured on demand: a long list is not measured whole). */
  box: (index: number) => Box | undefined;
  /** The block under the pointer, when it is one of this list's. */
  hit?: number;
  /**
   * The box of the block holding this list, when the pointer is inside that block but over
   * none of its blocks: the list is only a candidate at least EDGE px inside it (nearer its
   * edge the drop goes before or after that block).
   */
  within?: Box;
  /** Where an empty list shows (its placeholder). */
  empty?: Box;
}

export interface DropPlace {
  ref: ListRef;
  index: number;
  ok: boolean;
  reason?: string;
  /** The line that shows the place (zero height across a column, zero width down a row). */
  line: Box;
}

export const EDGE = 12;

export function dropPosition(
  point: Point,
  levels: readonly DropLevel[],
  allowed: (ref: ListRef) => Allowed,
): DropPlace | undefined {
  let refused: DropPlace | undefined;
  for (const level of levels) {
    if (level.within && !insideBy(level.within, point, EDGE)) continue;
    const place = placeIn(level, point);
    if (!place) continue;
    const verdict = allowed(level.ref);
    if (verdict.ok) return { ...place, ok: true };
    refused ??= { ...place, ok: false, reason: verdict.reason };
  }
  return refused;
}

function placeIn(level: DropLevel, point: Point): Omit<DropPlace, 'ok'> | undefined {
  if (level.count === 0) {
    const at = level.empty ?? level.within;
    return {
      ref: level.ref,
      index: 0,
      line: at
        ? { top: at.top, left: at.left, width: at.width, height: 0 }
        : { top: 0, left: 0, width: 0, height: 0 },
    };
  }
  const nearest = level.hit ?? nearestIndex(level, point);
  const box = nearest === undefined ? undefined : level.box(nearest);
  if (nearest === undefined || !box) return undefined;
  const across = sideBySide(box, level.box(nearest - 1)) || sideBySide(box, level.box(nearest + 1));
  const after = across ? point.x > box.left + box.width / 2 : point.y > box.top + box.height / 2;
  const line = across
    ? { top: box.top, left: after ? box.left + box.width : box.left, width: 0, height: box.height }
    : { top: after ? box.top + box.height : box.top, left: box.left, width: box.width, height: 0 };
  return { ref: level.ref, index: nearest + (after ? 1 : 0), line };
}

function nearestIndex(level: DropLevel, point: Point): number | undefined {
  let best: number | undefined;
  let bestDistance = Infinity;
  for (let i = 0; i < level.count; i++) {
    const box = level.box(i);
    if (!box) continue;
    const d = distance(box, point);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

export function distance(box: Box, point: Point): number {
  const dx = Math.max(box.left - point.x, 0, point.x - (box.left + box.width));
  const dy = Math.max(box.top - point.y, 0, point.y - (box.top + box.height));
  return Math.hypot(dx, dy);
}

/** Two blocks in one row: they overlap top to bottom by more than half the smaller one. */
function sideBySide(a: Box, b: Box | undefined): boolean {
  if (!b) return false;
  const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return overlap > Math.min(a.height, b.height) / 2;
}

function insideBy(box: Box, point: Point, margin: number): boolean {
  return (
    point.x >= box.left + margin &&
    point.x <= box.left + box.width - margin &&
    point.y >= box.top + margin &&
    point.y <= box.top + box.height - margin
  );
}
