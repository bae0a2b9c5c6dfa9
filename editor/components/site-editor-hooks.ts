/**
 * What keeps an open site's draft checked and kept (SiteEditor): the server's check after
 * each change, the links staff change checked in the browser at once, and the autosave to
 * localStorage.
 */
import isEqual from 'lodash-es/isEqual.js';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '../lib/api.ts';
import { createAutosaver, discardDraft, saveDraft } from '../lib/autosave.ts';
import type { IssuesValue } from '../lib/hooks.ts';
import { mapIssues, type EditorIssue } from '../lib/issues.ts';
import { localLinkIssues } from '../lib/local-links.ts';
import { useSiteModels } from './pickers/site-source.ts';
import type { Doc } from '../lib/doc.ts';
import { problemsOnResolved } from '../../engine/document/words/place-words.ts';
import type { EditorStore } from '../lib/store/index.ts';

/** How long the draft must stay unchanged before it is checked. */
const CHECK_PAUSE = 150;

/**
 * Checks the draft on the server (the runtime's own validator; the browser compiles no
 * schema) after each change: one request at a time, always for the latest revision. Link
 * fields changed since the draft it checked are checked here meanwhile (lib/local-links.ts),
 * so typing a link never waits for the network to be told where it goes.
 */
export function useServerCheck(store: EditorStore): IssuesValue {
  const revision = useSyncExternalStore(store.subscribe, () => store.getState().revision);
  const resolved = useSyncExternalStore(store.subscribe, () => store.getState().resolved);
  const [result, setResult] = useState<{
    revision: number;
    issues: EditorIssue[];
    site: Record<string, unknown> | null;
    /** The draft (resolved) that was checked. */
    resolved?: Doc;
    error?: string;
  }>({ revision: -1, issues: [], site: null });
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
        if (!disposed)
          setResult({
            revision: r,
            issues: mapIssues(resolved, problemsOnResolved(checked.issues, doc, resolved)),
            site: checked.site,
            resolved,
          });
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
    return () => {
      disposed = true;
    };
  }, [store]);
  useEffect(() => {
    if (revision === 0) return;
    // A pause lets a burst of changes (typing) go as one request; the preview shows typed text
    // and moves without it (docs/editor-design.md, "Speed"), so the check, its answer and the
    // preview's render of it come after the burst instead of between its keys.
    const t = setTimeout(() => run.current(), CHECK_PAUSE);
    return () => clearTimeout(t);
  }, [revision]);
  // The site's model range, so links to model pages are checked here too (fetched once).
  const models = useSiteModels(resolved, true);
  const local = useMemo(
    () => localLinkIssues(resolved, result.resolved, models),
    [resolved, result, models],
  );
  return useMemo(() => {
    const issues = local.owned.size
      ? [
          ...result.issues.filter((i) => !local.owned.has(i.path)),
          ...mapIssues(resolved, local.issues),
        ]
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
      pending: result.revision !== revision,
      revision: result.revision,
      site: result.site,
      error: result.error,
      retry: () => run.current(),
    };
  }, [result, revision, resolved, local]);
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
      } else report.current(saveDraft(slug, doc, baseVersion, store.storedHistory()));
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
    const flush = () => saver.flush();
    flushNow.current = flush;
    const onVisibility = () => document.visibilityState === 'hidden' && saver.flush();
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      saver.flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store]);
  return useCallback(() => flushNow.current(), []);
}
