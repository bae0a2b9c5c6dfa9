/** React bindings for the editor store: components subscribe to slices, not the whole state. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './store/index.ts';
import type { EditorIssue } from './issues.ts';

export const StoreContext = createContext<EditorStore | null>(null);

export function useStore(): EditorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore() outside <StoreContext>');
  return store;
}

/** A slice of the state; the selector must return existing references or primitives. */
export function useEditor<T>(selector: (s: EditorState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

export interface IssuesValue {
  issues: EditorIssue[];
  byBlock: Map<string, EditorIssue[]>;
  /** True while the latest change has not been checked yet. */
  pending: boolean;
  /** Revision of the draft these issues (and `site`) belong to; -1 before the first check. */
  revision: number;
  /** The checked draft as the runtime prepares it (defaults filled, HTML sanitised), for the preview. */
  site: Record<string, unknown> | null;
  /** Why the draft could not be checked (server unreachable). */
  error?: string;
  /** Checks the draft again now (after `error`). */
  retry?: () => void;
}

export const IssuesContext = createContext<IssuesValue>({
  issues: [],
  byBlock: new Map(),
  pending: false,
  revision: -1,
  site: null,
});

export function useIssues() {
  return useContext(IssuesContext);
}

/** Announcements for screen readers outside drag and drop (added, removed, undone…). */
export const AnnounceContext = createContext<(message: string) => void>(() => {});
export const useAnnounce = () => useContext(AnnounceContext);

/** Jump to where a problem is fixed: select its block or panel and focus the field. */
export const NavigateContext = createContext<(target: EditorIssue['target']) => void>(() => {});
export const useNavigateToIssue = () => useContext(NavigateContext);

/**
 * Problem counts per block for the outline rows. A row reads its own count through
 * useSyncExternalStore, so a check of the draft (after every keystroke) re-renders only
 * the rows whose count changed, not all 300.
 */
export class IssueCounts {
  private counts = new Map<string, number>();
  private listeners = new Set<() => void>();
  update(byBlock: Map<string, EditorIssue[]>) {
    this.counts = new Map([...byBlock].map(([id, list]) => [id, list.length]));
    for (const fn of this.listeners) fn();
  }
  get = (id: string) => this.counts.get(id) ?? 0;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };
}

export const IssueCountsContext = createContext<IssueCounts>(new IssueCounts());

export function useIssueCount(id: string): number {
  const counts = useContext(IssueCountsContext);
  return useSyncExternalStore(counts.subscribe, () => counts.get(id));
}
