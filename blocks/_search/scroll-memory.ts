/**
 * Back to a search from a car page lands where the visitor was (docs/search-ui.md, "URL
 * state"). A car link is a client-side navigation, so on Back the search page mounts anew
 * and its cars arrive after the browser has already tried (and failed, the page being
 * shorter then) to restore the scroll position. So the page keeps its own record: the
 * window's scroll position and the first card on screen, per history entry (react-router's
 * entry key, which our router's entries carry too) in sessionStorage, and puts them back once
 * the cars are on screen.
 */
import { useEffect, useRef } from 'react';

export const SCROLL_STORE_KEY = 'fc-search-scroll';
/** Entries remembered (the oldest dropped first). */
const MAX_ENTRIES = 50;

/**
 * Where the visitor was: the window's scroll position, and the first card on screen with its
 * offset from the window's top. The card is what Back puts back: the cards above it may be
 * drawn at a stand-in height until they come near the window (content-visibility), so the
 * same pixel offset can show a different card.
 */
export interface Place {
  y: number;
  anchor?: { id: string; top: number };
}
/** The cards a place is remembered by: a selector for them, and the attribute naming each. */
export interface Anchors {
  selector: string;
  attribute: string;
}

type Positions = Record<string, Place>;

function store(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isPlace(value: unknown): value is Place {
  if (!value || typeof value !== 'object') return false;
  const { y, anchor } = value as Partial<Place>;
  const anchored =
    anchor === undefined ||
    (typeof anchor === 'object' && typeof anchor.id === 'string' && Number.isFinite(anchor.top));
  return typeof y === 'number' && Number.isFinite(y) && y >= 0 && anchored;
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

export function rememberScroll(key: string, place: Place) {
  const positions = readPositions();
  delete positions[key];
  positions[key] = { ...place, y: Math.round(place.y) };
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    store()?.setItem(SCROLL_STORE_KEY, JSON.stringify(positions));
  } catch {
    /* storage full or unavailable: Back lands at the top */
  }
}

export function rememberedScroll(key: string | undefined): Place | undefined {
  if (!key) return undefined;
  const place = readPositions()[key];
  return isPlace(place) ? place : undefined;
}

/** The first card whose bottom is below the window's top, and how far its top is from it. */
export function anchorOnScreen(anchors: Anchors): Place['anchor'] {
  for (const card of document.querySelectorAll(anchors.selector)) {
    const box = card.getBoundingClientRect();
    if (box.bottom <= 0) continue;
    const id = card.getAttribute(anchors.attribute);
    return id ? { id, top: Math.round(box.top) } : undefined;
  }
  return undefined;
}

function findAnchor(anchors: Anchors, id: string): Element | undefined {
  for (const card of document.querySelectorAll(anchors.selector))
    if (card.getAttribute(anchors.attribute) === id) return card;
  return undefined;
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
/** Frames an anchor card must hold its place before a restore is finished. */
const STEADY_FRAMES = 2;
/** The visitor's own scrolling ends a restore that is still following the page. */
const VISITOR_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls the window back to `place`. With an anchor, the anchor card is put back at its old
 * offset once it is on the page, and checked again on the next frames (the cards drawn as it
 * comes into view may change heights above it) until it holds still. Without one, or until
 * the card is there, it scrolls to `y`. When the page is not yet that tall (with infinite
 * scroll only the first cars are back, and reaching the end of the list loads the next ones),
 * it scrolls as far as it can and follows the page as it grows, until the place is reached,
 * the visitor scrolls, or `RESTORE_FOLLOW_MS` pass. Calls `done` once, when it stops for any
 * reason.
 */
export function scrollToWhenTall(place: Place, done: () => void, anchors?: Anchors): () => void {
  const root = document.documentElement;
  const anchor = anchors && place.anchor;
  let stopped = false;
  let frame = 0;
  let steadyFrames = 0;
  const observer =
    typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => attempt());
  const timer = window.setTimeout(() => stop(), RESTORE_FOLLOW_MS);
  function stop() {
    if (stopped) return;
    stopped = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
    for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, stop, true);
    done();
  }
  /** Puts the anchor card back; true once it has held its place for two frames running. */
  function placeAnchor(card: Element, top: number): boolean {
    const shift = card.getBoundingClientRect().top - top;
    if (Math.abs(shift) <= 1) steadyFrames += 1;
    else {
      steadyFrames = 0;
      window.scrollTo({ top: window.scrollY + shift, behavior: 'auto' });
    }
    if (steadyFrames >= STEADY_FRAMES) return true;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => attempt());
    return false;
  }
  function attempt() {
    if (stopped) return;
    const card = anchor && findAnchor(anchors, anchor.id);
    if (anchor && card) {
      if (placeAnchor(card, anchor.top)) stop();
      return;
    }
    const max = Math.max(0, root.scrollHeight - window.innerHeight);
    window.scrollTo({ top: Math.min(place.y, max), behavior: 'auto' });
    // An anchored place waits for its card (more cars may still be loading) as long as it may.
    if ((place.y <= max + 1 && !anchor) || !observer) stop();
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
export function useScrollMemory(restore: boolean, ready: boolean, anchors?: Anchors) {
  const restored = useRef(!restore);
  const recording = useRef(!restore);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!recording.current) return;
        const anchor = anchors && anchorOnScreen(anchors);
        rememberScroll(entryKey(), anchor ? { y: window.scrollY, anchor } : { y: window.scrollY });
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [anchors]);
  useEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const place = rememberedScroll(entryKey());
    if (place === undefined) {
      recording.current = true;
      return;
    }
    const stop = scrollToWhenTall(
      place,
      () => {
        recording.current = true;
      },
      anchors,
    );
    return stop;
  }, [ready, anchors]);
}
