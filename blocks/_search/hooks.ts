/** Small React hooks the search blocks share. */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

function subscribeMedia(query: string) {
  return (notify: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const mq = window.matchMedia(query);
    mq.addEventListener?.('change', notify);
    return () => mq.removeEventListener?.('change', notify);
  };
}

/** A media query's answer; false on the server and during hydration's first render. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useMemo(() => subscribeMedia(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () =>
      typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false,
    () => false,
  );
}

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');

/**
 * A number that counts from its previous value to the new one (ease-out, `duration` ms).
 * Jumps straight to the value with reduced motion, on the server and on first render.
 */
export function useAnimatedNumber(value: number, duration = 600): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(value);
  const shownRef = useRef(value);
  shownRef.current = shown;
  useEffect(() => {
    const from = shownRef.current;
    if (reduced || from === value || typeof requestAnimationFrame === 'undefined') {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      // A frame's timestamp is when the frame began, which can be before `start`: a negative
      // t would ease away from the target (the count climbed before it counted down).
      const t = Math.min(1, Math.max(0, (now - start) / duration));
      const eased = 1 - Math.pow(1 - t, 3);
      setShown(Math.round(from + (value - from) * eased));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced, duration]);
  return shown;
}

/** Calls `fn` with the latest arguments once `delay` ms have passed without another call. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delay: number) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => fnRef.current(...args), delay);
    },
    [delay],
  );
  const flush = useCallback((...args: A) => {
    clearTimeout(timer.current);
    fnRef.current(...args);
  }, []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { call, flush, cancel };
}

/** Where a block's open filter sections are kept (all of a site's start with sectionsKey(site, '')). */
export const sectionsKey = (site: string, block: string) => `fc-search-sections:${site}:${block}`;

/**
 * Which filter sections are open. Starts from each section's default (so the server and
 * the first browser render agree); with `persist`, the visitor's choices are kept in
 * localStorage and restored after hydration.
 */
export function useSectionState(
  site: string,
  block: string,
  defaults: Record<string, boolean>,
  persist: boolean,
) {
  const [open, setOpen] = useState<Record<string, boolean>>(defaults);
  useEffect(() => {
    if (!persist) return;
    try {
      const saved = JSON.parse(
        window.localStorage.getItem(sectionsKey(site, block)) ?? '{}',
      ) as Record<string, unknown>;
      const restored: Record<string, boolean> = {};
      for (const [k, v] of Object.entries(saved)) if (typeof v === 'boolean') restored[k] = v;
      if (Object.keys(restored).length) setOpen((prev) => ({ ...prev, ...restored }));
    } catch {
      /* unreadable: keep defaults */
    }
  }, [site, block, persist]);
  const toggle = useCallback(
    (id: string) => {
      setOpen((prev) => {
        const next = { ...prev, [id]: !(prev[id] ?? true) };
        if (persist) {
          try {
            window.localStorage.setItem(sectionsKey(site, block), JSON.stringify(next));
          } catch {
            /* storage unavailable */
          }
        }
        return next;
      });
    },
    [site, block, persist],
  );
  return { open, toggle };
}
