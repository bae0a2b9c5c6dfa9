/**
 * The editor's state, and how it settles after any patch: the resolved document follows
 * the draft, the selection keeps only blocks that exist, and the view moves off a page
 * that is gone. Pure: the store (index.ts) holds the current value.
 */
import {
  LAYOUT_VIEW,
  pageArea,
  resolveDraft,
  resolvedTemplate,
  type Doc,
  type ListRef,
  type TemplateMap,
  type View,
} from '../doc.ts';
import { shareEqual } from '../share-equal.ts';
import { resolveDraftOn, resolveEdit } from '../template-layer.ts';
import { NONE, NO_SET, settleSelection } from './selection.ts';

export interface EditorState {
  slug: string;
  /** The draft: the raw site document as it will be saved. */
  doc: Doc;
  /** The document as last loaded from or saved to the server. */
  saved: Doc;
  /** Server version of `saved` (for conflict checks on save). */
  baseVersion?: string;
  templates: TemplateMap;
  /** The draft with its template merged in (what the preview renders). */
  resolved: Doc;
  /** The template chain merged (undefined when the site has no template). */
  template?: Doc;
  view: View;
  /** The primary selected block: the anchor of range selection, the one the Inspector edits. */
  selected?: string;
  /** Every selected block id, in the order picked (the primary included); empty when none. */
  selection: readonly string[];
  /** `selection` as a set: outline rows check their own membership on every store change. */
  selectedSet: ReadonlySet<string>;
  canUndo: boolean;
  canRedo: boolean;
  /** Counts every change of `doc` (autosave, preview). */
  revision: number;
  /** What the last change, undo or redo did, in words (for the status line). */
  lastAction?: string;
}

export interface StoreInit {
  slug: string;
  doc: Doc;
  saved?: Doc;
  templates?: TemplateMap;
  baseVersion?: string;
  view?: View;
  /** Undo history kept with an autosaved draft (history-storage.ts); used only when it fits `doc`. */
  history?: unknown;
}

/** Where a block goes: a list and an index in it. */
export interface InsertTarget {
  ref: ListRef;
  index: number;
}

export interface ChangeOptions {
  /** Changes with the same key within a short pause are one undo step (typing). */
  coalesce?: string;
  /** Selection after the change (the primary block, alone unless `selection` is given). */
  select?: string | null;
  /** Several blocks selected after the change (`select` is the primary one, else the first). */
  selection?: string[];
  view?: View;
}

/**
 * What an operation (ops/) asks for: one labelled change of the draft, as an immer recipe
 * that gets the draft and the resolved document as it was before. The store runs it and
 * records it as one undo step (history.ts).
 */
export interface Change {
  label: string;
  recipe: (draft: Doc, resolved: Doc) => void;
  options?: ChangeOptions;
}

export function initialState(init: StoreInit): EditorState {
  const templates = init.templates ?? {};
  const resolved = resolveDraft(init.doc, templates);
  return {
    slug: init.slug,
    doc: init.doc,
    saved: init.saved ?? init.doc,
    baseVersion: init.baseVersion,
    templates,
    resolved,
    template: resolvedTemplate(init.doc, templates),
    view: init.view ?? firstView(resolved),
    selection: NONE,
    selectedSet: NO_SET,
    canUndo: false,
    canRedo: false,
    revision: 0,
  };
}

/** The state after `patch`, with everything that follows from it brought in line. */
export function settle(prev: EditorState, patch: Partial<EditorState>): EditorState {
  const next = { ...prev, ...patch };
  const docChanged = !!patch.doc && patch.doc !== prev.doc;
  if (docChanged) {
    // Merging the template makes every merged object anew (features, theme, pages changed
    // by the site); kept as the old ones when equal, an edit changes only its own path, which
    // the preview's fast path and the per-object caches rely on (docs/editor-design.md, "Speed").
    if (next.doc.template !== prev.doc.template)
      next.template = resolvedTemplate(next.doc, next.templates);
    const sameTemplate = next.template === prev.template && next.templates === prev.templates;
    next.resolved = shareEqual(
      prev.resolved,
      (sameTemplate && resolveEdit(prev, next.doc)) ||
        resolveDraftOn(next.doc, next.templates, next.template),
    );
    next.revision = prev.revision + 1;
  }
  settleSelection(prev, next, patch, docChanged);
  if (
    next.view !== LAYOUT_VIEW &&
    !(next.resolved.pages as Doc[] | undefined)?.some((p) => pageArea(String(p.id)) === next.view)
  ) {
    next.view = firstView(next.resolved);
  }
  return next;
}

function firstView(resolved: Doc): View {
  const first = (resolved.pages as Doc[] | undefined)?.[0]?.id;
  return first ? pageArea(String(first)) : LAYOUT_VIEW;
}
