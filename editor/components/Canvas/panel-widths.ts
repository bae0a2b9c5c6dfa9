/**
 * The widths of the workspace's side columns (docs/editor-design.md, "The workspace"), kept in
 * localStorage so the editor opens as staff left it.
 */

export type Side = 'left' | 'right';

export interface PanelLimits {
  initial: number;
  min: number;
  max: number;
  /** The CSS variable of `.fc-workspace` that sets the column. */
  cssVar: string;
}

export const PANELS: Record<Side, PanelLimits> = {
  left: { initial: 310, min: 220, max: 640, cssVar: '--fc-left-width' },
  right: { initial: 400, min: 300, max: 760, cssVar: '--fc-right-width' },
};

/** Pixels one arrow key press moves a splitter (Shift: four times as far). */
export const KEY_STEP = 16;

export const PANELS_KEY = 'forecourt:editor:panels';

export function clampWidth(side: Side, width: number): number {
  const { min, max } = PANELS[side];
  return Math.round(Math.min(max, Math.max(min, width)));
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readWidth(side: Side): number {
  try {
    const saved = JSON.parse(storage()?.getItem(PANELS_KEY) ?? '{}') as Partial<
      Record<Side, unknown>
    >;
    const w = saved[side];
    return typeof w === 'number' && Number.isFinite(w) ? clampWidth(side, w) : PANELS[side].initial;
  } catch {
    return PANELS[side].initial;
  }
}

export function saveWidth(side: Side, width: number) {
  try {
    const s = storage();
    if (!s) return;
    const saved = JSON.parse(s.getItem(PANELS_KEY) ?? '{}') as Record<string, unknown>;
    s.setItem(PANELS_KEY, JSON.stringify({ ...saved, [side]: width }));
  } catch {
    // A full or refused storage only loses the width for next time.
  }
}
