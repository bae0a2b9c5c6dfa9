/**
 * Inside the preview iframe: per-block subscriptions, so a change told to one block re-renders
 * that block's frame alone (docs/editor-design.md, "Speed"). Used by the stores of a block's live
 * props and of its problems.
 */
import { useCallback, useSyncExternalStore } from 'react';

export function blockListeners() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    notify(id: string) {
      for (const fn of listeners.get(id) ?? []) fn();
    },
    /** The value `read` gives for this block, read again whenever the block is notified. */
    useValue<T>(id: string, read: () => T): T {
      const subscribe = useCallback(
        (fn: () => void) => {
          const set = listeners.get(id) ?? new Set();
          set.add(fn);
          listeners.set(id, set);
          return () => {
            set.delete(fn);
            if (!set.size) listeners.delete(id);
          };
        },
        [id],
      );
      return useSyncExternalStore(subscribe, read);
    },
  };
}
