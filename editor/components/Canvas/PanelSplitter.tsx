/**
 * A drag handle between the workspace's columns (WAI-ARIA window splitter): drag it, or
 * focus it and press ←/→ (Shift: further), Home/End for the narrowest and widest. It sets
 * the column's CSS variable on the workspace (the handle's parent) directly, so resizing
 * re-renders the handle only, never the panels; the width is remembered (panel-widths.ts).
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampWidth, KEY_STEP, PANELS, readWidth, saveWidth, type Side } from './panel-widths.ts';

export function PanelSplitter({
  side,
  label,
  controls,
}: {
  side: Side;
  label: string;
  controls: string;
}) {
  const [width, setWidthState] = useState(() => readWidth(side));
  const drag = useRef<{ x: number; width: number } | null>(null);
  const self = useRef<HTMLDivElement>(null);
  // Its own parent: attached before this layout effect runs (a ref the parent holds is not yet).
  const workspace = {
    get current() {
      return self.current?.parentElement ?? null;
    },
  };
  const { min, max, cssVar } = PANELS[side];

  const apply = (w: number) => {
    workspace.current?.style.setProperty(cssVar, `${w}px`);
    setWidthState(w);
  };
  useLayoutEffect(() => {
    // The width read at start; later ones are applied as they change.
    workspace.current?.style.setProperty(cssVar, `${width}px`);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- see above

  // The left column grows as the handle goes right; the right column as it goes left.
  const widthAt = (x: number) =>
    clampWidth(side, drag.current!.width + (side === 'left' ? 1 : -1) * (x - drag.current!.x));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
    workspace.current?.classList.add('is-resizing');
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) apply(widthAt(e.clientX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const w = widthAt(e.clientX);
    drag.current = null;
    workspace.current?.classList.remove('is-resizing');
    apply(w);
    saveWidth(side, w);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const grow = side === 'left' ? 1 : -1;
    let next: number | undefined;
    if (e.key === 'ArrowRight') next = width + grow * step;
    else if (e.key === 'ArrowLeft') next = width - grow * step;
    else if (e.key === 'Home') next = min;
    else if (e.key === 'End') next = max;
    if (next === undefined) return;
    e.preventDefault();
    const w = clampWidth(side, next);
    apply(w);
    saveWidth(side, w);
  };

  return (
    <div
      ref={self}
      className={`fc-splitter is-${side}`}
      role="separator"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focusable separator is a widget (WAI-ARIA window splitter): arrow keys resize
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={`${width} pixels wide`}
      title={`${label} (drag, or ←/→)`}
      data-splitter={side}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
