/** Small React hooks the search blocks share. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../_shared/useCarousel.ts';

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');

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
