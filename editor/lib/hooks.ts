/** React bindings for the editor store: components subscribe to slices, not the whole state. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './store.ts';
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
}

export const IssuesContext = createContext<IssuesValue>({ issues: [], byBlock: new Map(), pending: false, revision: -1, site: null });

export function useIssues() {
  return useContext(IssuesContext);
}

/** Announcements for screen readers outside drag and drop (added, removed, undone…). */
export const AnnounceContext = createContext<(message: string) => void>(() => {});
export const useAnnounce = () => useContext(AnnounceContext);

/** Jump to where a problem is fixed: select its block or panel and focus the field. */
export const NavigateContext = createContext<(target: EditorIssue['target']) => void>(() => {});
export const useNavigateToIssue = () => useContext(NavigateContext);
