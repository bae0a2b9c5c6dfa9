/**
 * One site open in the editor: loads it (offering back unsaved changes kept in this
 * browser), keeps them autosaved, validates the document as it changes, and lays out
 * pages, palette, outline, preview and the inspector (side columns resizable: Canvas/
 * PanelSplitter). Saving (a draft), review, publish and history are the PublishBar's.
 */
import isEqual from 'lodash-es/isEqual.js';
import { useCallback, useEffect, useState } from 'react';
import { migrateDocument } from '../../engine/site/migrations.ts';
import { api, type LoadedSite } from '../lib/api.ts';
import { discardDraft, loadDraft, savedSince } from '../lib/autosave.ts';
import { LAYOUT_VIEW, type View } from '../lib/doc.ts';
import {
  AnnounceContext,
  IssueCounts,
  IssueCountsContext,
  IssuesContext,
  NavigateContext,
  StoreContext,
  useEditor,
  useStore,
} from '../lib/hooks.ts';
import { fieldDomId, type IssueTarget } from '../lib/issues.ts';
import { EditorStore } from '../lib/store/index.ts';
import { pasteClipboard } from '../lib/actions.ts';
import { CanvasBridge, CanvasContext } from './Canvas/bridge.ts';
import { PanelSplitter } from './Canvas/PanelSplitter.tsx';
import { useAutosave, useServerCheck } from './site-editor-hooks.ts';
import { BlocksPanel, focusSelectionInOutline } from './BlocksPanel/index.tsx';
import {
  BlockInspector,
  FeaturePanel,
  PageInspector,
  ProblemsPanel,
  SettingsPanel,
} from './Inspector/index.ts';
import { PagesPanel } from './PagesPanel.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { PublishBar } from './PublishBar.tsx';
import { Announcer, LiveRegion } from './LiveRegion.tsx';
import { SignOutButton } from './SignIn.tsx';
import { TabNotice, useTabCoordination } from './TabNotice.tsx';
import { TopBarStatus } from './TopBarStatus.tsx';

type Tab = 'block' | 'page' | 'features' | 'settings' | 'problems';

interface Restored {
  savedAt: number;
  /** The site was saved (by someone) after this draft was started. */
  stale: boolean;
}

export function SiteEditorLoader({ slug, onExit }: { slug: string; onExit: () => void }) {
  const [state, setState] = useState<
    { store: EditorStore; restored?: Restored; loaded: LoadedSite } | { error: string } | undefined
  >();
  useEffect(() => {
    let live = true;
    setState(undefined);
    api
      .loadSite(slug)
      .then((loaded) => {
        if (!live) return;
        const saved = migrateDocument(loaded.document).doc;
        const draft = loadDraft(slug);
        let doc = saved;
        let restored: Restored | undefined;
        if (draft && !isEqual(draft.doc, saved)) {
          doc = draft.doc;
          restored = {
            savedAt: draft.savedAt,
            stale: savedSince(draft, loaded.version, saved),
          };
        } else if (draft) discardDraft(slug);
        const params = new URLSearchParams(location.search);
        const page = params.get('page');
        const view: View | undefined =
          page === 'layout' ? LAYOUT_VIEW : page ? `page:${page}` : undefined;
        const store = new EditorStore({
          slug,
          doc,
          saved,
          templates: loaded.templates,
          baseVersion: restored?.stale ? draftBase(slug) : loaded.version,
          view,
          history: restored && draft?.history,
        });
        setState({ store, restored, loaded });
      })
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [slug]);
  if (!state) return <p className="fc-loading">Opening {slug}…</p>;
  if ('error' in state) {
    return (
      <div className="fc-fatal" role="alert">
        <h1>Could not open {slug}</h1>
        <p>{state.error}</p>
        <button type="button" onClick={onExit}>
          Back to all sites
        </button>
      </div>
    );
  }
  return (
    <StoreContext.Provider value={state.store}>
      <SiteEditor restored={state.restored} loaded={state.loaded} onExit={onExit} />
    </StoreContext.Provider>
  );
}

function draftBase(slug: string) {
  return loadDraft(slug)?.baseVersion;
}

function SiteEditor({
  restored: initiallyRestored,
  loaded,
  onExit,
}: {
  restored?: Restored;
  loaded: LoadedSite;
  onExit: () => void;
}) {
  const store = useStore();
  const slug = useEditor((s) => s.slug);
  const name = useEditor((s) => s.resolved.name as string);
  const canUndo = useEditor((s) => s.canUndo);
  const canRedo = useEditor((s) => s.canRedo);
  const view = useEditor((s) => s.view);
  const [tab, setTab] = useState<Tab>('block');
  // Selecting a block (outline, preview, undo) shows its props.
  const selected = useEditor((s) => s.selected);
  useEffect(() => {
    if (selected) setTab('block');
  }, [selected]);
  const [settingsOpen, setSettingsOpen] = useState<string | undefined>('identity');
  const [restored, setRestored] = useState(initiallyRestored);
  const issues = useServerCheck(store);
  const [issueCounts] = useState(() => new IssueCounts());
  useEffect(() => issueCounts.update(issues.byBlock), [issueCounts, issues.byBlock]);

  const [announcer] = useState(() => new Announcer());
  const announce = announcer.say;

  const [canvas] = useState(() => new CanvasBridge(store, announce));

  const [autosaveProblem, setAutosaveProblem] = useState<string>();
  const flushAutosave = useAutosave(store, setAutosaveProblem);
  const tabs = useTabCoordination(store, flushAutosave);
  const following = tabs.role === 'following';

  // The URL names the open site and page, so a reload comes back to the same place.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    params.set('site', slug);
    params.set('page', view === LAYOUT_VIEW ? 'layout' : view.slice(5));
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }, [slug, view]);

  // Global shortcuts: undo/redo everywhere except inside text fields (they keep their own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod) return;
      const k = e.key.toLowerCase();
      const inText = !!(e.target as HTMLElement | null)?.closest?.(
        'input:not([type=checkbox]):not([type=radio]):not([type=color]), textarea, [contenteditable="true"]',
      );
      if (inText) return;
      // From the outline, focus follows the selection undo or redo brings back (else it
      // could be left on a row that is gone).
      const from =
        e.target instanceof Element && e.target.closest('.fc-tree-wrap') ? e.target : undefined;
      if ((k === 'z' && e.shiftKey) || k === 'y') {
        e.preventDefault();
        if (store.redo()) {
          announce(store.getState().lastAction ?? 'Redone');
          if (from) focusSelectionInOutline(store, from);
        }
      } else if (k === 'z') {
        e.preventDefault();
        if (store.undo()) {
          announce(store.getState().lastAction ?? 'Undone');
          if (from) focusSelectionInOutline(store, from);
        }
      } else if (k === 'v' && !(e.target as HTMLElement | null)?.closest?.('.fc-tree-wrap')) {
        // Paste anywhere outside text fields (the outline handles its own).
        if ((e.target as HTMLElement | null)?.closest?.('.fc-inspector')) return;
        e.preventDefault();
        pasteClipboard(store, announce);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, announce]);

  const navigate = useCallback(
    (target: IssueTarget) => {
      const focus = (id: string) => {
        let tries = 0;
        const attempt = () => {
          const el = document.getElementById(id);
          if (el) {
            el.focus();
            el.scrollIntoView?.({ block: 'center' });
          } else if (tries++ < 20) requestAnimationFrame(attempt);
        };
        requestAnimationFrame(attempt);
      };
      switch (target.kind) {
        case 'block':
          store.select(target.blockId);
          setTab('block');
          focus(fieldDomId(target.field));
          break;
        case 'page':
          store.setView(target.view);
          setTab('page');
          focus(`page-${target.field[0] ?? 'title'}`);
          break;
        case 'feature':
          setTab('features');
          focus(`feature-${target.key}`);
          break;
        case 'setting':
          setTab('settings');
          setSettingsOpen(target.section);
          focus(fieldDomId(target.field, `settings-${target.section}`));
          break;
        default:
          setTab('problems');
      }
    },
    [store],
  );

  const issuesValue = issues;
  const onSaved = useCallback(() => setRestored(undefined), []);

  return (
    <AnnounceContext.Provider value={announce}>
      <IssuesContext.Provider value={issuesValue}>
        <IssueCountsContext.Provider value={issueCounts}>
          <NavigateContext.Provider value={navigate}>
            <CanvasContext.Provider value={canvas}>
              <div className="fc-editor">
                <header className="fc-topbar">
                  <button type="button" className="fc-link" onClick={onExit}>
                    ← All sites
                  </button>
                  <h1>
                    {name} <code>{slug}</code>
                  </h1>
                  <div className="fc-actions" role="toolbar" aria-label="History" inert={following}>
                    <button
                      type="button"
                      disabled={!canUndo}
                      onClick={() =>
                        store.undo() && announce(store.getState().lastAction ?? 'Undone')
                      }
                      title="Undo (Ctrl+Z)"
                    >
                      Undo
                    </button>
                    <button
                      type="button"
                      disabled={!canRedo}
                      onClick={() =>
                        store.redo() && announce(store.getState().lastAction ?? 'Redone')
                      }
                      title="Redo (Ctrl+Shift+Z or Ctrl+Y)"
                    >
                      Redo
                    </button>
                  </div>
                  <TopBarStatus issues={issues} onProblems={() => setTab('problems')} />
                  <SignOutButton />
                </header>
                <TabNotice {...tabs} />
                <div className="fc-follow" inert={following}>
                  <PublishBar loaded={loaded} onSaved={onSaved} />
                </div>
                {(restored || autosaveProblem) && (
                  <div className="fc-notices">
                    {autosaveProblem && (
                      <div className="fc-notice is-warning" role="alert" data-notice="autosave">
                        {autosaveProblem}
                      </div>
                    )}
                    {restored && (
                      <div className="fc-notice is-warning" role="status" data-notice="restored">
                        Restored your unsaved changes from{' '}
                        {new Date(restored.savedAt).toLocaleString()} (kept in this browser).
                        {restored.stale &&
                          ' The site has been saved by someone since; saving merges your changes with theirs.'}{' '}
                        <button
                          type="button"
                          onClick={() => {
                            store.replaceDocument(
                              store.getState().saved,
                              'Unsaved changes discarded',
                            );
                            discardDraft(slug);
                            setRestored(undefined);
                            announce('Unsaved changes discarded; showing the saved draft.');
                          }}
                        >
                          Discard unsaved changes
                        </button>
                        <button
                          type="button"
                          className="fc-link"
                          onClick={() => setRestored(undefined)}
                        >
                          Keep it
                        </button>
                      </div>
                    )}
                  </div>
                )}
                <div className="fc-workspace" inert={following}>
                  <aside className="fc-left" id="fc-left" aria-label="Pages and blocks">
                    <PagesPanel />
                    <BlocksPanel />
                  </aside>
                  <PanelSplitter side="left" label="Width of pages and blocks" controls="fc-left" />
                  <PreviewPane onSelectFromPreview={() => setTab('block')} />
                  <PanelSplitter
                    side="right"
                    label="Width of the inspector"
                    controls="fc-inspector"
                  />
                  <aside className="fc-inspector" id="fc-inspector" aria-label="Inspector">
                    <div className="fc-tabs" role="tablist" aria-label="Inspector">
                      {(
                        [
                          ['block', 'Block'],
                          ['page', 'Page'],
                          ['features', 'Switches'],
                          ['settings', 'Settings'],
                          [
                            'problems',
                            issues.issues.length
                              ? `Problems (${issues.issues.length})`
                              : 'Problems',
                          ],
                        ] as Array<[Tab, string]>
                      ).map(([id, label]) => (
                        <button
                          key={id}
                          type="button"
                          role="tab"
                          id={`tab-${id}`}
                          aria-selected={tab === id}
                          aria-controls="fc-tabpanel"
                          onClick={() => setTab(id)}
                        >
                          {label}
                        </button>
                      ))}
                    </div>
                    <div
                      className="fc-tabpanel"
                      id="fc-tabpanel"
                      role="tabpanel"
                      aria-labelledby={`tab-${tab}`}
                    >
                      {tab === 'block' && <BlockInspector />}
                      {tab === 'page' && <PageInspector />}
                      {tab === 'features' && <FeaturePanel />}
                      {tab === 'settings' && (
                        <SettingsPanel open={settingsOpen} onOpen={setSettingsOpen} />
                      )}
                      {tab === 'problems' && <ProblemsPanel />}
                    </div>
                  </aside>
                </div>
                <LiveRegion announcer={announcer} />
              </div>
            </CanvasContext.Provider>
          </NavigateContext.Provider>
        </IssueCountsContext.Provider>
      </IssuesContext.Provider>
    </AnnounceContext.Provider>
  );
}
