/**
 * Back to a search from a car page lands where the visitor was (docs/search-ui.md, "URL
 * state"). A car link is a client-side navigation, so on Back the search page mounts anew
 * and its cars arrive after the browser has already tried (and failed, the page being
 * shorter then) to restore the scroll position. So the page keeps its own record: the
 * window's scroll position per history entry (react-router's entry key, which our router's
 * entries carry too) in sessionStorage, and puts it back once the cars are on screen.
 */
import { useEffect, useRef } from 'react';

export const SCROLL_STORE_KEY = 'fc-search-scroll';
/** Entries remembered (the oldest dropped first). */
const MAX_ENTRIES = 50;

type Positions = Record<string, number>;

function store(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readPositions(): Positions {
  try {
    const parsed = JSON.parse(store()?.getItem(SCROLL_STORE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/** The key of the current history entry (react-router's, or ours: both write `key`). */
export function entryKey(): string | undefined {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : undefined;
}

export function rememberScroll(key: string, y: number) {
  const positions = readPositions();
  delete positions[key];
  positions[key] = Math.round(y);
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    store()?.setItem(SCROLL_STORE_KEY, JSON.stringify(positions));
  } catch {
    /* storage full or unavailable: Back lands at the top */
  }
}

export function rememberedScroll(key: string | undefined): number | undefined {
  if (!key) return undefined;
  const y = readPositions()[key];
  return typeof y === 'number' && Number.isFinite(y) && y >= 0 ? y : undefined;
}

/**
 * Records the scroll position of the current entry while the page is mounted, and, when
 * `restore` (the page was mounted by a Back/Forward, not rendered by the server) restores
 * it once `ready` (the cars are on screen), once.
 */
export function useScrollMemory(restore: boolean, ready: boolean) {
  const restored = useRef(!restore);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const key = entryKey();
        if (key && restored.current) rememberScroll(key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  useEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const y = rememberedScroll(entryKey());
    if (y !== undefined) window.scrollTo({ top: y, behavior: 'auto' });
  }, [ready]);
}
