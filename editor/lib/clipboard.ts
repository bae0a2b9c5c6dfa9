/**
 * Copy and paste of blocks, between pages and between sites (and browser tabs): the
 * clipboard is one localStorage entry, so it survives switching sites and reloading.
 */
import type { EditorBlock } from './blocks.ts';

const KEY = 'forecourt:editor:clipboard';

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

export function readClipboard(): ClipboardContent | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const c = JSON.parse(raw) as ClipboardContent;
    return c?.v === 1 && Array.isArray(c.blocks) && c.blocks.every((b) => b && typeof b.type === 'string' && typeof b.id === 'string') ? c : undefined;
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
