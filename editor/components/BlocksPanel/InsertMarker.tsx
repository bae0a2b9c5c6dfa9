import { useEffect, useState } from 'react';
import { sameList } from '../../lib/doc.ts';
import { headKey, type Projection, type Row } from '../../lib/tree.ts';
import { INDENT } from './constants.ts';

/** A line showing where the dragged block will land, at its depth (rows do not move while dragging: see stayInPlace). */
export function InsertMarker({
  projection,
  rows,
  wrap,
}: {
  projection: Projection;
  rows: Row[];
  wrap: HTMLDivElement | null;
}) {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!wrap) return;
    const el = (key: string) => wrap.querySelector<HTMLElement>(`[data-row="${CSS.escape(key)}"]`);
    const box = wrap.getBoundingClientRect();
    const at = (y: number) => y - box.top + wrap.scrollTop;
    const siblings = rows.filter((r) => r.kind === 'block' && sameList(r.ref, projection.ref));
    const next = siblings[projection.index];
    const prev = siblings[projection.index - 1];
    let y: number | undefined;
    if (next) y = el(next.key)?.getBoundingClientRect().top;
    else if (prev) {
      // below the previous sibling and everything inside it
      let j = rows.findIndex((r) => r.key === prev.key) + 1;
      while (j < rows.length && rows[j].depth > prev.depth) j++;
      y = el(rows[j - 1].key)?.getBoundingClientRect().bottom;
    } else {
      // Below the list's head: its slot's or layout part's head row, else its container's row.
      const head = headKey(projection.ref) ?? projection.ref.parent;
      y = head ? el(head)?.getBoundingClientRect().bottom : box.top - wrap.scrollTop;
    }
    setTop(y === undefined ? null : at(y));
  }, [projection, rows, wrap]);
  if (top === null) return null;
  return (
    <div
      className={`fc-insert-marker${projection.valid ? '' : ' is-refused'}`}
      style={{ top, left: projection.depth * INDENT + 8 }}
      aria-hidden="true"
    />
  );
}
