/**
 * The preview's devices and zoom (docs/editor-design.md, "The workspace"): the page is laid
 * out at a device's true width and, zoomed to fit, scaled down (never up) to the room the
 * stage has; at 100 % it keeps its size and the stage scrolls.
 */

export interface Device {
  id: string;
  label: string;
  /** CSS pixels the page is laid out at. */
  width: number;
}

export const DEVICES: readonly Device[] = [
  { id: 'phone', label: 'Phone', width: 390 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'laptop', label: 'Desktop', width: 1280 },
  { id: 'desktop', label: 'Wide desktop', width: 1400 },
];

export type Zoom = 'fit' | 'actual';

/** Room kept free around the frame inside the stage (its padding), in px. */
export const STAGE_GUTTER = 16;

/** How much a page `width` px wide is scaled to show in a stage `stage` px wide. */
export function previewScale(width: number, stage: number, zoom: Zoom): number {
  const room = stage - STAGE_GUTTER;
  if (zoom === 'actual' || room <= 0 || width <= room) return 1;
  return room / width;
}

/** The scale as staff read it: "52 %". */
export function scaleLabel(scale: number): string {
  return `${Math.round(scale * 100)} %`;
}

/** A point of the editor's window as a point of the scaled frame's own viewport. */
export function toFramePoint(
  point: { x: number; y: number },
  frame: { left: number; top: number },
  scale: number,
): { x: number; y: number } {
  return { x: (point.x - frame.left) / scale, y: (point.y - frame.top) / scale };
}
