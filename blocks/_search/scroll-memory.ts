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
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Positions)
      : {};
  } catch {
    return {};
  }
}

/**
 * The key of the current history entry (react-router's, or ours: both write `key`). The
 * entry the visitor landed on (the server's page: a link from elsewhere, a quick search)
 * has none, so it is known by its address.
 */
export function entryKey(): string {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? key : `url:${window.location.pathname}${window.location.search}`;
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

/** Whether this document's server-rendered search has hydrated (it happens once per document). */
let serverPageHydrated = false;

/**
 * Whether a search block mounting now should put the scroll back: it was mounted by Back or
 * Forward (`POP`), and it is not the hydration of the page the server sent. The page the
 * buyer landed on keeps its server data, so a later mount with that data is a Back to it,
 * not its hydration. Called once per mount.
 */
export function mountedByHistory(navigationType: string, withServerData: boolean): boolean {
  if (withServerData && !serverPageHydrated) {
    serverPageHydrated = true;
    return false;
  }
  return navigationType === 'POP';
}

/** How long a restore keeps following a page that is still growing (more cars arriving). */
export const RESTORE_FOLLOW_MS = 10_000;
/** The visitor's own scrolling ends a restore that is still following the page. */
const VISITOR_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls the window to `y`. When the page is not yet that tall (with infinite scroll only
 * the first cars are back, and reaching the end of the list loads the next ones), it scrolls
 * as far as it can and follows the page as it grows, until `y` is reached, the visitor
 * scrolls, or `RESTORE_FOLLOW_MS` pass. Calls `done` once, when it stops for any reason.
 */
export function scrollToWhenTall(y: number, done: () => void): () => void {
  const root = document.documentElement;
  let stopped = false;
  const observer =
    typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => attempt());
  const timer = window.setTimeout(() => stop(), RESTORE_FOLLOW_MS);
  function stop() {
    if (stopped) return;
    stopped = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, stop, true);
    done();
  }
  function attempt() {
    if (stopped) return;
    const max = Math.max(0, root.scrollHeight - window.innerHeight);
    window.scrollTo({ top: Math.min(y, max), behavior: 'auto' });
    if (y <= max + 1 || !observer) stop();
  }
  for (const type of VISITOR_SCROLL_EVENTS)
    window.addEventListener(type, stop, { capture: true, passive: true });
  observer?.observe(document.body);
  attempt();
  return stop;
}

/**
 * Records the scroll position of the current entry while the page is mounted, and, when
 * `restore` (the page was mounted by a Back/Forward, not rendered by the server) restores
 * it once `ready` (the cars are on screen), once. Nothing is recorded until the restore has
 * finished, so the positions passed on the way do not replace the one being restored.
 */
export function useScrollMemory(restore: boolean, ready: boolean) {
  const restored = useRef(!restore);
  const recording = useRef(!restore);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (recording.current) rememberScroll(entryKey(), window.scrollY);
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
    if (y === undefined) {
      recording.current = true;
      return;
    }
    const stop = scrollToWhenTall(y, () => {
      recording.current = true;
    });
    return stop;
  }, [ready]);
}
