/**
 * Live preview of a draft site, rendered by the runtime's own renderer (SiteApp and the
 * block registry) inside the editor's iframe. It receives the draft from the editor by
 * postMessage (same origin, from the parent window only) already prepared the way the
 * runtime prepares documents (checked on the server by the same validator: defaults
 * filled, HTML sanitised with DOMPurify), outlines every selected block, and tells the
 * editor which block was clicked (Ctrl/Cmd+click: to add to or take out of the selection).
 * It is also the canvas (components/Canvas/): texts edited in place, palette blocks dropped.
 * The browser compiles no schema: the production CSP has no 'unsafe-eval', which ajv
 * needs, and the runtime's rule is that browsers get already validated documents.
 *
 * A draft may be invalid while staff work on it: what is shown then, and what the notices
 * say, is lib/preview-model.ts's. A crash is contained: in a block by the engine's block
 * boundary, elsewhere by PreviewBoundary (components/Canvas/PreviewBoundary.tsx).
 */
import {
  cloneElement,
  isValidElement,
  memo,
  startTransition,
  StrictMode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { registry } from '../blocks/registry.ts';
import { BlockLoader } from '../engine/render/registry.ts';
import { SiteApp } from '../engine/render/SiteApp.tsx';
import { themeCss } from '../engine/render/theme.ts';
import { regionSettings } from '../engine/region.ts';
import type { Block } from '../engine/site/types.ts';
import type { Doc } from './lib/doc.ts';
import { blockNote, PreviewModel, staleBanner, type Shown } from './lib/preview-model.ts';
import { applyPreviewPatch, type PreviewPatch } from './lib/preview-patch.ts';
import { isToPreview, PREVIEW_SOURCE, type FromPreview } from './lib/protocol.ts';
import { CanvasDrop } from './components/Canvas/CanvasDrop.tsx';
import { sanitizeHtml } from './components/RichTextField/rules.ts';
import { emptyLists } from './components/Canvas/EmptyList.tsx';
import { InlineEditing } from './components/Canvas/InlineEditing.tsx';
import { settleLive, showLive, useLiveProps } from './components/Canvas/live-props.ts';
import { setBlockProblems, useBlockProblems } from './components/Canvas/block-problems.ts';
import { boxOf } from './components/Canvas/measure.ts';
import { PreviewBoundary } from './components/Canvas/PreviewBoundary.tsx';
import { Outline, type Selection } from './components/Canvas/SelectionOutline.tsx';
import '../blocks/base.css';
import './preview.css';
import './components/Canvas/canvas.css';

const loader = new BlockLoader(registry);
const model = new PreviewModel();

/** Patches of the fast path newer than the last check shown, reapplied on top of each check (docs/editor-design.md, "Speed"). */
let pending: Array<{ revision: number; patches: PreviewPatch[] }> = [];

function patched(
  shown: Shown,
  patches: PreviewPatch[],
  madeProps?: (blockId: string, props: Record<string, unknown>) => void,
): Shown {
  let site = shown.site as unknown as Record<string, unknown>;
  for (const patch of patches) {
    const made: Array<[string, Record<string, unknown>]> = [];
    const next = applyPreviewPatch(site, patch, sanitizeHtml, (id, p) => made.push([id, p]));
    if (!next) continue;
    site = next;
    for (const [id, props] of made) madeProps?.(id, props);
  }
  if (site === (shown.site as unknown)) return shown;
  model.adopt(site as unknown as Shown['site']);
  return { ...shown, site: site as unknown as Shown['site'] };
}

function post(msg: FromPreview) {
  window.parent.postMessage(msg, location.origin);
}

function BlockFrame({ block, children }: { block: Block; children: ReactNode }) {
  const problems = useBlockProblems(block.id);
  // Props typed a moment ago, shown here before the page takes them (Canvas/live-props.ts).
  const ahead = useLiveProps(block.id);
  if (ahead && ahead !== block.props && isValidElement(children)) {
    children = cloneElement(children as ReactElement<{ props: unknown; block: Block }>, {
      props: ahead,
      block: { ...block, props: ahead },
    });
  }
  return (
    <div
      data-editor-block={block.id}
      data-editor-type={block.type}
      data-editor-hidden={block.hidden ? '' : undefined}
      className="fc-editor-block"
    >
      {/* Left out for visitors, shown dimmed here (docs/editor-design.md, "Hidden blocks"). */}
      {block.hidden && (
        <p className="fc-editor-hidden-note" role="note">
          Hidden from visitors
        </p>
      )}
      {problems && (
        <div className="fc-editor-invalid" role="note">
          <strong>{blockNote(block)}</strong>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </div>
  );
}

/** Re-renders a block only when the block itself (its props and children) changed. */
const MemoBlockFrame = memo(BlockFrame, (a, b) => a.block === b.block);

/** The engine's per-block wrap: one function for good, so blocks keep their memoisation (docs/editor-design.md, "Speed"). */
const wrap = (block: Block, rendered: ReactNode) => (
  <MemoBlockFrame block={block}>{rendered}</MemoBlockFrame>
);

function Rendered({ revision, issues }: { revision: number; issues: number }) {
  useEffect(() => {
    post({ source: PREVIEW_SOURCE, type: 'rendered', revision, issues });
    window.dispatchEvent(new Event('fc-preview-rendered'));
  }, [revision, issues]);
  return null;
}

const NOTHING: Selection = { ids: [] };

function Preview() {
  const [shown, setShownState] = useState<Shown>();
  const shownNow = useRef<Shown>(undefined);
  const setShown = (next: Shown) => {
    shownNow.current = next;
    setShownState(next);
  };
  const [selection, setSelectionState] = useState<Selection>(NOTHING);
  const current = useRef(selection);
  const setSelection = (next: Selection) => {
    current.current = next;
    setSelectionState(next);
  };
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== window.parent || !isToPreview(e.data))
        return;
      const msg = e.data;
      if (msg.type === 'render') {
        let next: Shown;
        try {
          next = model.show(
            msg.site,
            msg.issues ?? [],
            msg.siteData?.models ?? [],
            msg.path,
            msg.revision,
          );
        } catch (err) {
          // What is on screen stays; the editor's Problems list says what is wrong.
          console.error('[forecourt] the preview could not prepare this draft', err);
          return;
        }
        pending = pending.filter((p) => p.revision > msg.revision);
        for (const p of pending) next = patched(next, p.patches);
        // A block that crashed keeps its error boundary; start afresh once something changed.
        if (document.querySelector('[data-block-error], [data-preview-error]'))
          setGeneration((g) => g + 1);
        // Interruptible: re-rendering a big page must not hold up the editor's next keystroke (same thread).
        shownNow.current = next;
        startTransition(() => setShownState(next));
        setSelection({
          primary: msg.selected,
          ids: msg.selection ?? (msg.selected ? [msg.selected] : []),
        });
      } else if (msg.type === 'patch') {
        pending.push({ revision: msg.revision, patches: msg.patches });
        const before = shownNow.current;
        if (!before) return;
        // Each typed block's new props as the patch makes them (no walk of the site for them).
        const typed = new Map<string, Record<string, unknown>>();
        const next = patched(before, msg.patches, (id, props) => typed.set(id, props));
        // A drop: rendered now, in the editor's task that made it (PreviewPane hands patches over
        // at once), so it is shown before the editor's own render for it, which the store holds
        // back a task (docs/editor-design.md, "Drops: the preview first").
        if (msg.patches.some((p) => p.kind === 'page')) flushSync(() => setShown(next));
        else {
          // Typing: the block shows it now; the page takes it with the check's render after the
          // pause (newer patches applied again on top) or with the next change of the page's
          // blocks (built on `shownNow`). Re-rendering the page for every key (the router's
          // match, the blocks that read other pages, the in-place text buttons) was most of the
          // work between keys (docs/editor-design.md, "Speed").
          for (const [id, props] of typed) showLive(id, props, msg.revision);
          shownNow.current = next;
        }
      } else if (msg.type === 'select') {
        const before = current.current;
        setSelection({
          primary: msg.blockId,
          ids: msg.selection ?? (msg.blockId ? [msg.blockId] : []),
        });
        // Scroll to a newly selected primary block (not when others join or leave the selection).
        if (msg.blockId && msg.blockId !== before.primary && !before.ids.includes(msg.blockId)) {
          const el = document.querySelector(`[data-editor-block="${CSS.escape(msg.blockId)}"]`);
          const r = el && boxOf(el);
          if (r && (r.top < 0 || r.top + r.height > innerHeight))
            window.scrollBy({ top: r.top - 40 });
        }
      }
    };
    window.addEventListener('message', onMessage);
    post({ source: PREVIEW_SOURCE, type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Clicking a block selects it in the editor (links and buttons in the preview do not
  // navigate); Ctrl/Cmd+click toggles it in the editor's selection, which echoes back.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.('[data-editor-block]');
      if (!el) return;
      e.preventDefault();
      e.stopPropagation();
      const id = el.getAttribute('data-editor-block')!;
      if (e.ctrlKey || e.metaKey) {
        post({ source: PREVIEW_SOURCE, type: 'select', blockId: id, toggle: true });
        return;
      }
      setSelection({ primary: id, ids: [id] });
      post({ source: PREVIEW_SOURCE, type: 'select', blockId: id });
    };
    const onSubmit = (e: Event) => e.preventDefault();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);

  useLayoutEffect(() => {
    if (!shown) return;
    settleLive(shown.site as unknown as Doc, shown.revision);
    setBlockProblems(shown.problems);
  }, [shown]);

  // The page's theme and language follow its site, not each revision shown.
  const shownSite = shown?.site;
  useLayoutEffect(() => {
    if (!shownSite) return;
    let style = document.getElementById('fc-theme');
    if (!style) {
      style = document.createElement('style');
      style.id = 'fc-theme';
      document.head.appendChild(style);
    }
    // Only when it changed: rewriting the style sheet restyles the whole page (every keystroke on a big page).
    const css = themeCss(shownSite);
    if (style.textContent !== css) style.textContent = css;
    const lang = regionSettings(shownSite.region).locale;
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  }, [shownSite]);

  if (!shown) return <p className="fc-editor-waiting">Waiting for the editor…</p>;
  return (
    <>
      {/* First in the document, so Tab reaches the selected block's texts before the site's links. */}
      <InlineEditing
        site={shown.site}
        blockId={selection.ids.length === 1 ? selection.primary : undefined}
      />
      {shown.stale.length > 0 && (
        <div className="fc-editor-stale" role="status" data-stale-shown={shown.staleShown}>
          {staleBanner(shown)}
        </div>
      )}
      <MemoryRouter key={`${shown.path}#${generation}`} initialEntries={[shown.path]}>
        <Suspense fallback={<p className="fc-editor-waiting">Loading blocks…</p>}>
          <PreviewBoundary>
            <SiteApp
              site={shown.site}
              siteData={shown.siteData}
              mode="development"
              loader={loader}
              wrap={wrap}
              emptyLists={emptyLists}
            />
          </PreviewBoundary>
          <Rendered revision={shown.revision} issues={shown.issues} />
        </Suspense>
      </MemoryRouter>
      <Outline selection={selection} site={shown.site} />
      <CanvasDrop site={shown.site} />
    </>
  );
}

createRoot(document.getElementById('fc-root')!).render(
  <StrictMode>
    <Preview />
  </StrictMode>,
);
