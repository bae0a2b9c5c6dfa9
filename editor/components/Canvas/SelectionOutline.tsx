/**
 * Inside the preview iframe (editor/preview.tsx): the outlines of the selected blocks and of
 * the one under the pointer, with the selection they show.
 */
import { memo, useEffect, useLayoutEffect, useState } from 'react';
import { metaOf } from '../../lib/blocks.ts';
import { boxOf } from './measure.ts';

export interface Selection {
  /** The primary block (the editor's Inspector edits it when it is alone). */
  primary?: string;
  ids: string[];
}

/**
 * Outlines every selected block (the primary one marked) and the one under the pointer.
 * Measured after the preview commits (a layout effect), never while rendering: a box read
 * during render forces a layout of the whole page before the new DOM is there.
 */
export const Outline = memo(function Outline({
  selection,
  site,
}: {
  selection: Selection;
  site: unknown;
}) {
  const [hover, setHover] = useState<string>();
  const [tick, force] = useState(0);
  const [boxes, setBoxes] = useState<OutlineBox[]>([]);
  useEffect(() => {
    const onOver = (e: MouseEvent) =>
      setHover(
        (e.target as Element | null)
          ?.closest?.('[data-editor-block]')
          ?.getAttribute('data-editor-block') ?? undefined,
      );
    const onLeave = () => setHover(undefined);
    const onChange = () => force((n) => n + 1);
    document.addEventListener('mouseover', onOver);
    document.addEventListener('mouseleave', onLeave);
    window.addEventListener('scroll', onChange, true);
    window.addEventListener('resize', onChange);
    window.addEventListener('fc-preview-rendered', onChange);
    return () => {
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('mouseleave', onLeave);
      window.removeEventListener('scroll', onChange, true);
      window.removeEventListener('resize', onChange);
      window.removeEventListener('fc-preview-rendered', onChange);
    };
  }, []);
  useLayoutEffect(() => {
    const wanted: Array<[string, string]> =
      hover && !selection.ids.includes(hover) ? [[hover, 'hover']] : [];
    for (const id of selection.ids)
      wanted.push([
        id,
        id === selection.primary && selection.ids.length > 1 ? 'selected is-primary' : 'selected',
      ]);
    setBoxes(wanted.flatMap(([id, kind]) => measureOutline(id, kind)));
  }, [selection, site, hover, tick]);
  return (
    <>
      {boxes.map((b) => (
        <div
          key={`${b.kind}:${b.id}`}
          className={`fc-editor-outline is-${b.kind}`}
          data-outline-block={b.id}
          style={{ top: b.top, left: b.left, width: b.width, height: b.height }}
          aria-hidden="true"
        >
          <span>
            {metaOf(b.type).label} · {b.id}
          </span>
        </div>
      ))}
    </>
  );
});

interface OutlineBox {
  id: string;
  kind: string;
  type: string;
  top: number;
  left: number;
  width: number;
  height: number;
}

function measureOutline(id: string, kind: string): OutlineBox[] {
  const el = document.querySelector(`[data-editor-block="${CSS.escape(id)}"]`);
  if (!el) return [];
  const r = boxOf(el);
  if (!r.width && !r.height) return [];
  return [
    {
      id,
      kind,
      type: el.getAttribute('data-editor-type') ?? '',
      top: r.top + scrollY,
      left: r.left + scrollX,
      width: r.width,
      height: r.height,
    },
  ];
}
