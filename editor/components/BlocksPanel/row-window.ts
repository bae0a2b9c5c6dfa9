/**
 * Which outline rows are rendered (docs/editor-design.md, "Speed"): on a long outline only the
 * rows within one height of its visible part, plus the rows focus and the selection may go
 * to next (the entry row, the primary block, the dragged row, each with its neighbours, and
 * the first and last rows, for ↑/↓/Home/End), with gaps of the rows' height in between so
 * the scrollbar is the whole outline's. Every rendered row is a dnd-kit sortable that its
 * context re-renders when a drag starts or the pointer moves to another row: with a
 * thousand rows that was a long task at each pick-up and drop.
 */
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Row } from '../../lib/tree.ts';

/** Shorter outlines render every row (nothing to gain, and nothing changes for them). */
export const WINDOW_FROM = 150;
/** Rows around a kept row that are rendered too (the keys' next row up or down). */
const NEIGHBOURS = 2;

export interface RowHeights {
  block: number;
  head: number;
}

/**
 * The CSS min-heights of `.fc-row` and `.fc-row-head` (editor/styles/pages-palette-outline.css),
 * until rows are measured.
 */
export const DEFAULT_HEIGHTS: RowHeights = { block: 30, head: 24 };

export type WindowItem =
  { kind: 'row'; row: Row; at: number } | { kind: 'gap'; key: string; height: number };

/** Where each row starts, from the top of the list (one more entry: the list's height). */
export function rowOffsets(rows: readonly Row[], heights: RowHeights): number[] {
  const out = [0];
  for (const r of rows)
    out.push(out[out.length - 1] + (r.kind === 'head' ? heights.head : heights.block));
  return out;
}

/** The first row whose bottom is below `y`. */
function rowAtOffset(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows to render and the gaps between them, for the visible part [top, top + height)
 * of the list; every row when the list is short or its box has no height (not laid out).
 */
export function windowRows(
  rows: readonly Row[],
  offsets: readonly number[],
  top: number,
  height: number,
  keep: ReadonlyArray<string | undefined>,
): WindowItem[] {
  if (rows.length < WINDOW_FROM || height <= 0)
    return rows.map((row, at) => ({ kind: 'row', row, at }));
  const shown = new Set<number>();
  const from = rowAtOffset(offsets, Math.max(0, top - height));
  const to = rowAtOffset(offsets, top + 2 * height);
  for (let i = from; i <= to && i < rows.length; i++) shown.add(i);
  const around = (i: number) => {
    for (let j = Math.max(0, i - NEIGHBOURS); j <= Math.min(rows.length - 1, i + NEIGHBOURS); j++)
      shown.add(j);
  };
  around(0);
  around(rows.length - 1);
  const wanted = new Set(keep.filter(Boolean));
  if (wanted.size) rows.forEach((r, i) => wanted.has(r.key) && around(i));
  const items: WindowItem[] = [];
  let next = 0;
  for (const i of [...shown].sort((a, b) => a - b)) {
    if (i > next)
      items.push({ kind: 'gap', key: `gap:${rows[next].key}`, height: offsets[i] - offsets[next] });
    items.push({ kind: 'row', row: rows[i], at: i });
    next = i + 1;
  }
  return items;
}

/**
 * The part of the scrolling outline in view, followed on scroll and resize (once a frame),
 * and the rows' heights as rendered.
 */
export function useRowWindow(
  wrap: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  rows: readonly Row[],
  keep: ReadonlyArray<string | undefined>,
): WindowItem[] {
  const [view, setView] = useState({ top: 0, height: 0 });
  const [heights, setHeights] = useState(DEFAULT_HEIGHTS);
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const top = el.scrollTop - (list.current?.offsetTop ?? 0);
      setView((v) =>
        v.top === top && v.height === el.clientHeight ? v : { top, height: el.clientHeight },
      );
    };
    const later = () => {
      frame ||= requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', later, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(later);
    resize?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', later);
      resize?.disconnect();
    };
  }, [wrap, list]);
  // Measured once, when the first rows are there (reading a height forces a layout: not on every render).
  const measured = useRef({ block: false, head: false });
  // After every render until both are measured (then it returns at once): no dependency list.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  useLayoutEffect(() => {
    const m = measured.current;
    if (m.block && m.head) return;
    const el = list.current;
    const block = m.block
      ? 0
      : (el?.querySelector<HTMLElement>(':scope > li.fc-row:not(.fc-row-head)')?.offsetHeight ?? 0);
    const head = m.head
      ? 0
      : (el?.querySelector<HTMLElement>(':scope > li.fc-row-head')?.offsetHeight ?? 0);
    m.block ||= block > 0;
    m.head ||= head > 0;
    if ((block && block !== heights.block) || (head && head !== heights.head))
      setHeights({ block: block || heights.block, head: head || heights.head });
  });
  const offsets = useMemo(() => rowOffsets(rows, heights), [rows, heights]);
  const [a, b, c] = keep;
  return useMemo(
    () => windowRows(rows, offsets, view.top, view.height, [a, b, c]),
    [rows, offsets, view, a, b, c],
  );
}
