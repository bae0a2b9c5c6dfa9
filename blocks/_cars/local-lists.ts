/**
 * Favourites and compare (docs/cars.md, "Card rules" and "Visitor actions"): each toggles a car id in a list kept in the
 * visitor's browser (localStorage, one list per site), shared by every card on the page
 * and across tabs. Adding a favourite fires tracking event 39 (./track.ts). Compare holds at
 * most 4 cars (the compare view shows 2 to 4 side by side).
 *
 * The server renders every list empty; the browser reads the stored one after hydrating
 * (useSyncExternalStore's server snapshot), so the HTML and the first client render agree.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import { trackFavourite } from './track.ts';

export const COMPARE_MAX = 4;
export const COMPARE_MIN = 2;
export const favouritesKey = (slug: string) => `fc:favourites:${slug}`;
export const compareKey = (slug: string) => `fc:compare:${slug}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Pure: the list after toggling `id` (added at the end, or removed); `max` refuses additions past it. */
export function toggleId(
  list: readonly string[],
  id: string,
  max = Infinity,
): { list: string[]; added: boolean; refused: boolean } {
  if (list.includes(id))
    return { list: list.filter((x) => x !== id), added: false, refused: false };
  if (list.length >= max) return { list: [...list], added: false, refused: true };
  return { list: [...list, id], added: true, refused: false };
}

/** Pure: a stored value read back as a list of ids (anything else is an empty list). */
export function parseIds(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value)
      ? [...new Set(value.map((v) => String(v)).filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v)))]
      : [];
  } catch {
    return [];
  }
}

const EMPTY: string[] = [];
const listeners = new Map<string, Set<() => void>>();
const cache = new Map<string, { raw: string | null; ids: string[] }>();

export function readIds(key: string): string[] {
  const raw = (() => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  })();
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.ids;
  const ids = parseIds(raw);
  cache.set(key, { raw, ids });
  return ids;
}

export function writeIds(key: string, ids: string[]) {
  try {
    storage()?.setItem(key, JSON.stringify(ids));
  } catch {
    /* full or blocked: the list lives for this page only */
    cache.set(key, { raw: JSON.stringify(ids), ids });
  }
  for (const l of listeners.get(key) ?? []) l();
}

function subscribe(key: string, listener: () => void) {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === key) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set!.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredIds(key: string): string[] {
  const sub = useCallback((l: () => void) => subscribe(key, l), [key]);
  return useSyncExternalStore(
    sub,
    () => readIds(key),
    () => EMPTY,
  );
}

export interface ListApi {
  ids: string[];
  has(id: string | number): boolean;
  /** Returns whether the car is in the list afterwards, or 'full'. */
  toggle(id: string | number): boolean | 'full';
}

export function useFavourites(): ListApi {
  const { site } = useSite();
  const key = favouritesKey(site.slug);
  const ids = useStoredIds(key);
  return {
    ids,
    has: (id) => ids.includes(String(id)),
    toggle: (id) => {
      const r = toggleId(readIds(key), String(id));
      writeIds(key, r.list);
      if (r.added) trackFavourite(id);
      return r.added;
    },
  };
}

export function useCompare(): ListApi {
  const { site } = useSite();
  const key = compareKey(site.slug);
  const ids = useStoredIds(key);
  return {
    ids,
    has: (id) => ids.includes(String(id)),
    toggle: (id) => {
      const r = toggleId(readIds(key), String(id), COMPARE_MAX);
      if (r.refused) return 'full';
      writeIds(key, r.list);
      return r.added;
    },
  };
}
