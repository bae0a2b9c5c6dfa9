/**
 * What keeps an open site's draft checked and kept (SiteEditor): the server's check after
 * each change, the links staff change checked in the browser at once, and the autosave to
 * localStorage.
 */
import isEqual from 'lodash-es/isEqual.js';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { api } from '../lib/api.ts';
import { createAutosaver, discardDraft, saveDraft } from '../lib/autosave.ts';
import type { IssuesValue } from '../lib/hooks.ts';
import { mapIssues, type EditorIssue } from '../lib/issues.ts';
import { localLinkIssues } from '../lib/local-links.ts';
import { useSiteModels } from './pickers/site-source.ts';
import type { Doc } from '../lib/doc.ts';
import type { Model } from '../../schemas/types.gen.ts';
import { problemsOnResolved } from '../../engine/document/words/place-words.ts';
import type { EditorStore } from '../lib/store/index.ts';

/** How long the draft must stay unchanged before it is checked. */
export const CHECK_PAUSE = 150;

/**
 * Checks the draft on the server (the runtime's own validator; the browser compiles no
 * schema) after each change: one request at a time, always for the latest revision. Link
 * fields changed since the draft it checked are checked here meanwhile (lib/local-links.ts),
 * so typing a link never waits for the network to be told where it goes.
 *
 * It re-renders its component (the whole editor, SiteEditor) only when what it gives changes:
 * a check's answer, the draft becoming unchecked, or the local link problems. Not on every
 * keystroke: that re-rendered the whole editor in the keystroke's task, before the preview
 * could show it (docs/editor-design.md, "Speed").
 */
export function useServerCheck(store: EditorStore): IssuesValue {
  const [result, setResult] = useState<CheckResult>({ revision: -1, issues: [], site: null });
  // Whether the draft changed since the check: told in a transition, after the preview has
  // shown the change (it flips on the first key of a burst, and re-renders the editor).
  const [pending, setPendingState] = useState(true);
  const checkedRevision = useRef(-1);
  const pendingNow = useRef(true);
  const setPending = useCallback((p: boolean, later = false) => {
    if (p === pendingNow.current) return;
    pendingNow.current = p;
    if (later) startTransition(() => setPendingState(p));
    else setPendingState(p);
  }, []);
  const run = useRef<() => void>(() => {});
  useEffect(() => {
    let inFlight = false;
    let queued = false;
    let disposed = false;
    const check = async () => {
      if (inFlight) {
        queued = true;
        return;
      }
      inFlight = true;
      const { doc, resolved, revision: r } = store.getState();
      try {
        const checked = await api.check(doc);
        if (!disposed) {
          checkedRevision.current = r;
          const issues = mapIssues(resolved, problemsOnResolved(checked.issues, doc, resolved));
          // An answer re-renders the whole editor (problems, outline, Inspector, the preview's
          // render message): in a transition, which yields to a key typed meanwhile instead of
          // holding it up (docs/editor-design.md, "Speed").
          startTransition(() => {
            setPending(store.getState().revision !== r);
            setResult({ revision: r, issues, site: checked.site, resolved });
          });
        }
      } catch (err) {
        if (!disposed)
          setResult((prev) => ({
            ...prev,
            error: `the draft could not be checked: ${(err as Error).message}`,
          }));
      } finally {
        inFlight = false;
        if (queued && !disposed) {
          queued = false;
          void check();
        }
      }
    };
    run.current = () => void check();
    void check();
    // A pause lets a burst of changes (typing) go as one request; the preview shows typed text
    // and moves without it (docs/editor-design.md, "Speed"), so the check, its answer and the
    // preview's render of it come after the burst instead of between its keys.
    // The pause counts from the last change as the preview hears of it: typing reaches the
    // other listeners only when the keys pause (store.previewFirst).
    let revision = store.getState().revision;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribeLeading = store.subscribeLeading(() => {
      const r = store.getState().revision;
      if (r === revision) return;
      revision = r;
      clearTimeout(timer);
      timer = setTimeout(() => run.current(), CHECK_PAUSE);
    });
    const unsubscribe = store.subscribe(() => {
      if (store.getState().revision !== checkedRevision.current) setPending(true, true);
    });
    return () => {
      disposed = true;
      clearTimeout(timer);
      unsubscribeLeading();
      unsubscribe();
    };
  }, [store, setPending]);
  // The site's model range, so links to model pages are checked here too (fetched once).
  const dealerships = useSyncExternalStore(
    store.subscribe,
    () => store.getState().resolved.dealerships,
  );
  const models = useSiteModels(
    useMemo(() => ({ dealerships }), [dealerships]),
    true,
  );
  const local = useLocalLinks(store, result.resolved, models);
  return useMemo(() => {
    const issues = local.owned.size
      ? [...result.issues.filter((i) => !local.owned.has(i.path)), ...local.issues]
      : result.issues;
    const byBlock = new Map<string, EditorIssue[]>();
    for (const i of issues) {
      if (i.target.kind !== 'block') continue;
      const list = byBlock.get(i.target.blockId) ?? [];
      list.push(i);
      byBlock.set(i.target.blockId, list);
    }
    return {
      issues,
      byBlock,
      pending,
      revision: result.revision,
      site: result.site,
      error: result.error,
      retry: () => run.current(),
    };
  }, [result, pending, local]);
}

interface CheckResult {
  revision: number;
  issues: EditorIssue[];
  site: Record<string, unknown> | null;
  /** The draft (resolved) that was checked. */
  resolved?: Doc;
  error?: string;
}

interface LocalLinks {
  owned: Set<string>;
  issues: EditorIssue[];
}

const NO_LOCAL: LocalLinks = { owned: new Set(), issues: [] };

const sameLocal = (a: LocalLinks, b: LocalLinks) =>
  a.owned.size === b.owned.size &&
  [...a.owned].every((p) => b.owned.has(p)) &&
  a.issues.length === b.issues.length &&
  a.issues.every((i, n) => i.path === b.issues[n].path && i.message === b.issues[n].message);

/**
 * The link fields changed since the checked draft, checked here as the store changes; the
 * same object while the outcome is the same (typing a heading changes no link), so only a
 * change in what they say re-renders.
 */
function useLocalLinks(
  store: EditorStore,
  checked: Doc | undefined,
  models: Model[] | undefined,
): LocalLinks {
  const last = useRef<{ resolved?: Doc; checked?: Doc; models?: Model[]; value: LocalLinks }>({
    value: NO_LOCAL,
  });
  return useSyncExternalStore(store.subscribe, () => {
    const { resolved } = store.getState();
    const seen = last.current;
    if (seen.resolved === resolved && seen.checked === checked && seen.models === models)
      return seen.value;
    const found = localLinkIssues(resolved, checked, models);
    const value = { owned: found.owned, issues: mapIssues(resolved, found.issues) };
    last.current = {
      resolved,
      checked,
      models,
      value: sameLocal(value, seen.value) ? seen.value : value,
    };
    return last.current.value;
  });
}

/**
 * Keeps the draft in localStorage while it differs from the saved document; returns a
 * function that writes a pending change at once. A tab that follows another one
 * (store.isReadOnly, TabNotice.tsx) writes nothing: the editing tab's draft is the one kept.
 */
export function useAutosave(
  store: EditorStore,
  onError: (message: string | undefined) => void,
): () => void {
  const report = useRef(onError);
  report.current = onError;
  const flushNow = useRef<() => void>(() => {});
  useEffect(() => {
    const write = () => {
      if (store.isReadOnly) return;
      const { slug, doc, saved, baseVersion } = store.getState();
      if (isEqual(doc, saved)) {
        discardDraft(slug);
        report.current(undefined);
      } else report.current(saveDraft(slug, doc, baseVersion, store.storedHistory(), saved));
    };
    const saver = createAutosaver(write, 250);
    let revision = store.getState().revision;
    const unsubscribe = store.subscribe(() => {
      const r = store.getState().revision;
      if (r !== revision) {
        revision = r;
        saver.schedule();
      }
    });
    // Typing the autosave has not heard of yet (held until a pause) is written too.
    const flush = () => {
      store.tellHeld();
      saver.flush();
    };
    flushNow.current = flush;
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store]);
  return useCallback(() => flushNow.current(), []);
}
