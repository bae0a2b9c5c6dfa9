/**
 * Messages between the editor and its preview iframe (same origin only; both sides check
 * the origin and the sending window).
 */
import type { Area, Doc, ListRef } from './doc.ts';
import type { PreviewPatch } from './preview-patch.ts';

export const EDITOR_SOURCE = 'forecourt-editor';
export const PREVIEW_SOURCE = 'forecourt-preview';

export type ToPreview =
  | {
      source: typeof EDITOR_SOURCE;
      type: 'render';
      /** The draft as the runtime prepares it (template merged, defaults filled, HTML sanitised by the server). */
      site: Doc;
      /** What the runtime's validator found wrong with it (blocks with problems are not rendered). */
      issues: Array<{ path: string; message: string }>;
      siteData: { models: unknown[] };
      /** Path inside the site to show. */
      path: string;
      /** The primary selected block (labelled in the preview). */
      selected?: string;
      /** Every selected block (all outlined); absent from older editors: just `selected`. */
      selection?: string[];
      revision: number;
    }
  | { source: typeof EDITOR_SOURCE; type: 'select'; blockId?: string; selection?: string[] }
  /**
   * A change of the draft the preview can show at once, before the server's check of
   * revision `revision` comes back as `render` (preview-patch.ts).
   */
  | { source: typeof EDITOR_SOURCE; type: 'patch'; patches: PreviewPatch[]; revision: number }
  /**
   * A palette block dragged over the canvas (`drop`: released there) at a point of the
   * preview's viewport; `areas` are the lists of the editor's view, the only ones it may land in.
   */
  | {
      source: typeof EDITOR_SOURCE;
      type: 'drag';
      phase: 'over' | 'drop';
      x: number;
      y: number;
      blockType: string;
      areas: Area[];
    }
  | { source: typeof EDITOR_SOURCE; type: 'drag'; phase: 'leave' };

/** Where a block dragged over the canvas would land (`ok: false`: refused, with the reason). */
export interface CanvasPlace {
  ref: ListRef;
  index: number;
  ok: boolean;
  reason?: string;
}

/** A prop edited on the canvas: `path` inside the block's props, `value` undefined to leave it out. */
export interface CanvasEdit {
  blockId: string;
  path: Array<string | number>;
  value: string | undefined;
}

export type FromPreview =
  | { source: typeof PREVIEW_SOURCE; type: 'ready' }
  /** A click on a block selects it; with Ctrl/Cmd held (`toggle`) it is added to or taken out of the selection. */
  | { source: typeof PREVIEW_SOURCE; type: 'select'; blockId: string; toggle?: boolean }
  | { source: typeof PREVIEW_SOURCE; type: 'rendered'; revision: number; issues: number }
  /** The answer to a `drag` over the canvas: where it would land (none: nowhere here). */
  | { source: typeof PREVIEW_SOURCE; type: 'drop-place'; place?: CanvasPlace }
  /** The answer to a `drag` released on the canvas: insert a new block of `blockType` there. */
  | { source: typeof PREVIEW_SOURCE; type: 'drop'; blockType: string; place?: CanvasPlace }
  /** Text edited in place: the same change as typing it in the block's form. */
  | ({ source: typeof PREVIEW_SOURCE; type: 'edit' } & CanvasEdit);

export function isFromPreview(data: unknown): data is FromPreview {
  return (
    !!data && typeof data === 'object' && (data as { source?: unknown }).source === PREVIEW_SOURCE
  );
}

export function isToPreview(data: unknown): data is ToPreview {
  return (
    !!data && typeof data === 'object' && (data as { source?: unknown }).source === EDITOR_SOURCE
  );
}

/**
 * Gives the preview a message within the current task: the message event postMessage would
 * bring (from this window, this origin, the data cloned into the preview's realm), dispatched
 * at once instead of queued behind the editor's own render and a frame. The fast path's
 * patches go this way (docs/editor-design.md, "Drops: the preview first"); a preview of
 * another origin, which the editor never has, gets them posted.
 */
export function sendNow(preview: Window, msg: ToPreview): void {
  let event: MessageEvent;
  try {
    const realm = preview as Window & typeof globalThis;
    event = new realm.MessageEvent('message', {
      data: realm.structuredClone(msg),
      origin: location.origin,
      source: window,
    });
  } catch {
    preview.postMessage(msg, location.origin);
    return;
  }
  preview.dispatchEvent(event);
}
