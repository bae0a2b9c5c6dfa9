/**
 * Copy and paste of blocks, between pages and between sites (and browser tabs): the
 * clipboard is one localStorage entry, so it survives switching sites and reloading.
 */
import type { EditorBlock } from './blocks.ts';

const KEY = 'forecourt:editor:clipboard';

/**
 * What is stored: `v: 1` with `blocks`, a list in document order (one block or several).
 * The first editor versions wrote the same shape with a single block, so the format did not
 * change for multi-select: old entries read as a one-block list, and an older editor still
 * open in another tab reads (and pastes) a list written by this one.
 */
export interface ClipboardContent {
  v: 1;
  blocks: EditorBlock[];
  /** Where it was copied from, for the "Paste … from …" label. */
  from: { site: string; page?: string };
  at: number;
}

export function copyBlocks(blocks: EditorBlock[], from: ClipboardContent['from']): void {
  const content: ClipboardContent = { v: 1, blocks: structuredClone(blocks), from, at: Date.now() };
  try {
    localStorage.setItem(KEY, JSON.stringify(content));
  } catch {
    /* storage full or disabled: nothing to paste later */
  }
  listeners.forEach((fn) => fn());
}

const isBlock = (b: unknown): b is EditorBlock =>
  !!b &&
  typeof b === 'object' &&
  typeof (b as EditorBlock).type === 'string' &&
  typeof (b as EditorBlock).id === 'string';

/**
 * The clipboard as a list of blocks, or undefined when empty or unreadable. Besides the
 * current shape it accepts a single block stored as `block` or stored bare (never written
 * by a released version, but cheap to read), always giving back `blocks`.
 */
export function readClipboard(): ClipboardContent | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const c = JSON.parse(raw) as Partial<ClipboardContent> & { block?: unknown };
    if (!c || typeof c !== 'object') return undefined;
    const blocks = Array.isArray(c.blocks)
      ? c.blocks
      : isBlock(c.block)
        ? [c.block]
        : isBlock(c)
          ? [c]
          : undefined;
    if (!blocks?.length || !blocks.every(isBlock)) return undefined;
    if (c.v !== undefined && c.v !== 1) return undefined;
    const from =
      c.from && typeof c.from === 'object' && typeof c.from.site === 'string'
        ? c.from
        : { site: 'another site' };
    return { v: 1, blocks, from, at: typeof c.at === 'number' ? c.at : 0 };
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();

/** Notifies on copies in this tab and in other tabs (storage events). */
export function subscribeClipboard(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) fn();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(fn);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function clipboardSnapshot(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
