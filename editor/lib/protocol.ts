/**
 * Messages between the editor and its preview iframe (same origin only; both sides check
 * the origin and the sending window).
 */
import type { Doc } from './doc.ts';

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
  | { source: typeof EDITOR_SOURCE; type: 'select'; blockId?: string; selection?: string[] };

export type FromPreview =
  | { source: typeof PREVIEW_SOURCE; type: 'ready' }
  /** A click on a block selects it; with Ctrl/Cmd held (`toggle`) it is added to or taken out of the selection. */
  | { source: typeof PREVIEW_SOURCE; type: 'select'; blockId: string; toggle?: boolean }
  | { source: typeof PREVIEW_SOURCE; type: 'rendered'; revision: number; issues: number };

export function isFromPreview(data: unknown): data is FromPreview {
  return !!data && typeof data === 'object' && (data as { source?: unknown }).source === PREVIEW_SOURCE;
}

export function isToPreview(data: unknown): data is ToPreview {
  return !!data && typeof data === 'object' && (data as { source?: unknown }).source === EDITOR_SOURCE;
}
