/** Boxes of what the preview shows, in its viewport's coordinates. */
import type { Box } from './drop-position.ts';

/** The element wrapping a block in the preview (editor/preview.tsx, BlockFrame). */
export function blockElement(id: string, root: ParentNode = document): Element | null {
  return root.querySelector(`[data-editor-block="${CSS.escape(id)}"]`);
}

/** The box around an element's content (a block's wrapper has display: contents, so no box of its own). */
export function boxOf(el: Element): Box {
  if (getComputedStyle(el).display !== 'contents') return el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect();
}

/** The box of a block by id, when it shows. */
export function blockBox(id: string): Box | undefined {
  const el = blockElement(id);
  if (!el) return undefined;
  const box = boxOf(el);
  return box.width || box.height ? box : undefined;
}

export function union(a: Box | undefined, b: Box | undefined): Box | undefined {
  if (!a || !b) return a ?? b;
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}
