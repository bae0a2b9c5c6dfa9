/**
 * The live preview: an iframe (/editor/preview.html) rendering the draft with the
 * runtime's own renderer, isolated from the editor's styles. The editor posts the
 * resolved draft and the selection to it (same origin only); a click on a block in the
 * preview selects it here, a Ctrl/Cmd+click adds it to or takes it out of the selection.
 * Widths: the site breakpoints (docs/decisions.md, "Documents and rendering") and full width.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LAYOUT_VIEW, previewPath, type Doc, type View } from '../lib/doc.ts';
import { selectionMessage } from '../lib/actions.ts';
import { useAnnounce, useEditor, useIssues, useStore } from '../lib/hooks.ts';
import { previewPatches } from '../lib/preview-patch.ts';
import { EDITOR_SOURCE, isFromPreview, sendNow, type ToPreview } from '../lib/protocol.ts';
import { api } from '../lib/api.ts';
import { useCanvas } from './Canvas/bridge.ts';
import { applyCanvasEdit } from './Canvas/canvas-edit.ts';
import { DeviceBar, readView, saveView, type PreviewView } from './Canvas/DeviceBar.tsx';
import { DEVICES, previewScale } from './Canvas/scale.ts';

export function PreviewPane({ onSelectFromPreview }: { onSelectFromPreview: () => void }) {
  const store = useStore();
  // The path and the dealerships, not the resolved draft: that is new with every keystroke,
  // and this pane has nothing to re-render for one (docs/editor-design.md, "Speed").
  const path = useEditor((s) => shownPath(s.resolved.pages as Doc[] | undefined, s.view));
  const dealerships = useEditor((s) => s.resolved.dealerships as Doc[] | undefined);
  const checked = useIssues();
  const revision = checked.revision;
  const selected = useEditor((s) => s.selected);
  const selection = useEditor((s) => s.selection);
  const announce = useAnnounce();
  const canvas = useCanvas();
  const [deviceView, setDeviceView] = useState<PreviewView>(readView);
  const [ready, setReady] = useState(false);
  const [rendered, setRendered] = useState<{ revision: number; issues: number }>();
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const [paneWidth, setPaneWidth] = useState(0);
  const models = useModels(dealerships);
  const latestSelect = useRef(onSelectFromPreview);
  latestSelect.current = onSelectFromPreview;
  const latestAnnounce = useRef(announce);
  latestAnnounce.current = announce;

  // Messages from the preview: only from our iframe, only from our origin.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (
        e.origin !== location.origin ||
        e.source !== frame.current?.contentWindow ||
        !isFromPreview(e.data)
      )
        return;
      const msg = e.data;
      if (msg.type === 'ready') setReady(true);
      else if (msg.type === 'edit') applyCanvasEdit(store, msg);
      else if (msg.type === 'drop-place') canvas?.placed(msg.place);
      else if (msg.type === 'drop') canvas?.dropped(msg.blockType, msg.place);
      else if (msg.type === 'select') {
        if (msg.toggle) {
          store.toggleSelected(msg.blockId);
          latestAnnounce.current(selectionMessage(store));
        } else store.select(msg.blockId);
        latestSelect.current();
      } else if (msg.type === 'rendered')
        setRendered({ revision: msg.revision, issues: msg.issues });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [store, canvas]);

  // The checked draft (prepared by the server exactly as the runtime would), at most once per frame.
  useEffect(() => {
    if (!ready || !checked.site) return;
    const site = checked.site;
    const issues = checked.issues.map((i) => ({ path: i.path, message: i.message }));
    const id = requestAnimationFrame(() => {
      const { selected: primary, selection: all } = store.getState();
      const msg: ToPreview = {
        source: EDITOR_SOURCE,
        type: 'render',
        site,
        issues,
        siteData: { models },
        path,
        selected: primary,
        selection: [...all],
        revision,
      };
      frame.current?.contentWindow?.postMessage(msg, location.origin);
    });
    return () => cancelAnimationFrame(id);
  }, [ready, checked.site, checked.issues, models, path, revision, store]);

  // The fast path: a change the preview can show at once goes to it as the store publishes
  // it, before React renders the editor or the server checks the draft (preview-patch.ts);
  // a leading listener, so it goes first, and at once when a drop holds the rest back, and
  // handed over within this task (sendNow), so the preview can render it before a frame.
  useEffect(() => {
    if (!ready) return;
    let prev = store.getState().resolved;
    return store.subscribeLeading(() => {
      const { resolved: next, revision: r } = store.getState();
      if (next === prev) return;
      const patches = previewPatches(prev, next);
      prev = next;
      if (!patches?.length) return;
      const msg: ToPreview = { source: EDITOR_SOURCE, type: 'patch', patches, revision: r };
      const preview = frame.current?.contentWindow;
      if (preview) sendNow(preview, msg);
    });
  }, [ready, store]);

  useEffect(() => {
    if (!ready) return;
    const msg: ToPreview = {
      source: EDITOR_SOURCE,
      type: 'select',
      blockId: selected,
      selection: [...selection],
    };
    frame.current?.contentWindow?.postMessage(msg, location.origin);
  }, [ready, selected, selection]);

  useEffect(() => {
    const el = pane.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setPaneWidth(el.clientWidth));
    ro.observe(el);
    setPaneWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  const px = DEVICES.find((d) => d.id === deviceView.device)?.width;
  const scale = px ? previewScale(px, paneWidth, deviceView.zoom) : 1;
  useLayoutEffect(() => canvas?.attach(frame.current, pane.current, scale), [canvas, scale]);
  const chooseView = (next: PreviewView) => {
    setDeviceView(next);
    saveView(next);
  };

  return (
    <section className="fc-preview" aria-label="Live preview">
      <DeviceBar view={deviceView} onView={chooseView} scale={scale}>
        <span
          className="fc-muted fc-preview-status"
          data-preview-revision={rendered?.revision ?? -1}
        >
          {!ready
            ? 'Starting preview…'
            : !checked.site && !checked.pending
              ? 'Nothing to show: the template could not be resolved (see Problems)'
              : rendered?.revision === revision && !checked.pending
                ? `Showing ${path}`
                : 'Updating…'}
        </span>
      </DeviceBar>
      <div
        className={`fc-preview-stage${px && deviceView.zoom === 'actual' ? ' is-actual' : ''}`}
        ref={pane}
      >
        <div
          className="fc-preview-frame"
          data-frame-width={px ?? 'pane'}
          style={{ width: px ? px * scale : '100%', height: '100%' }}
        >
          <iframe
            ref={frame}
            src="/editor/preview.html"
            title={`Preview${px ? ` at ${px} px` : ''}`}
            style={
              px
                ? {
                    width: px,
                    height: `${100 / scale}%`,
                    transform: `scale(${scale})`,
                    transformOrigin: '0 0',
                  }
                : { width: '100%', height: '100%' }
            }
          />
        </div>
      </div>
    </section>
  );
}

/** The address the preview shows for a view: the page's, or the home page's for the layout. */
function shownPath(pages: Doc[] = [], view: View): string {
  if (view === LAYOUT_VIEW)
    return previewPath((pages.find((p) => p.path === '/') ?? pages[0])?.path);
  return previewPath(pages.find((p) => `page:${p.id}` === view)?.path);
}

/** Catalogue models of the makes the draft's dealerships sell (header dropdowns need them). */
function useModels(dealerships: Doc[] | undefined): unknown[] {
  const makes = useMemo(() => {
    const set = new Set<string>();
    for (const d of dealerships ?? [])
      for (const m of (d.manufacturers as string[] | undefined) ?? []) set.add(m);
    return [...set].sort().join(',');
  }, [dealerships]);
  const [models, setModels] = useState<{ makes: string; list: unknown[] }>({ makes: '', list: [] });
  useEffect(() => {
    if (!makes) return;
    let live = true;
    api
      .models(makes.split(','))
      .then((list) => live && setModels({ makes, list }))
      .catch(() => live && setModels({ makes, list: [] }));
    return () => {
      live = false;
    };
  }, [makes]);
  return makes && models.makes === makes ? models.list : EMPTY;
}

const EMPTY: unknown[] = [];
