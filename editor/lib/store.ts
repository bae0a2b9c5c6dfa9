/**
 * The editor's state: the draft site document, the last saved one, the selection, and the
 * undo/redo history as immer patches. A tiny external store (useSyncExternalStore) so
 * components subscribe to just what they show: a prop edit re-renders one outline row,
 * not the tree.
 *
 * Every change goes through `change()`: immer's produceWithPatches gives the patches and
 * their inverse; undo applies the inverse, redo the patches. Keystrokes in one field are
 * coalesced into one history step.
 */
import { applyPatches, enablePatches, produceWithPatches, type Patch } from 'immer';
import { isEqual } from 'lodash-es';
import { nextBlockId, withFreshIds } from '../../engine/document/ids.ts';
import { metaOf, type EditorBlock } from './blocks.ts';
import {
  canContain,
  ensureList,
  findBlock,
  freePageId,
  isInsideItself,
  LAYOUT_VIEW,
  listLabel,
  materializeArea,
  materializePage,
  overrideFor,
  pageArea,
  pruneList,
  resolveDraft,
  resolvedTemplate,
  sameList,
  UNSET,
  viewOfArea,
  type Area,
  type Doc,
  type ListRef,
  type TemplateMap,
  type View,
} from './doc.ts';
import { startingProps } from './schemas.ts';

enablePatches();

export interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  coalesce?: string;
  at: number;
  view: View;
  selected?: string;
}

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
  selected?: string;
  canUndo: boolean;
  canRedo: boolean;
  /** Counts every change of `doc` (autosave, preview). */
  revision: number;
  /** What the last change, undo or redo did, in words (for the status line). */
  lastAction?: string;
}

export interface ChangeOptions {
  /** Changes with the same key within COALESCE_MS are one undo step (typing). */
  coalesce?: string;
  /** Selection after the change. */
  select?: string | null;
  view?: View;
}

const COALESCE_MS = 1200;
const MAX_HISTORY = 500;

export interface InsertTarget {
  ref: ListRef;
  index: number;
}

export class EditorStore {
  private state: EditorState;
  private listeners = new Set<() => void>();
  private past: HistoryEntry[] = [];
  private future: HistoryEntry[] = [];

  constructor(init: { slug: string; doc: Doc; saved?: Doc; templates?: TemplateMap; baseVersion?: string; view?: View }) {
    const templates = init.templates ?? {};
    const resolved = resolveDraft(init.doc, templates);
    const firstPage = (resolved.pages as Doc[] | undefined)?.[0]?.id;
    this.state = {
      slug: init.slug,
      doc: init.doc,
      saved: init.saved ?? init.doc,
      baseVersion: init.baseVersion,
      templates,
      resolved,
      template: resolvedTemplate(init.doc, templates),
      view: init.view ?? (firstPage ? pageArea(String(firstPage)) : LAYOUT_VIEW),
      canUndo: false,
      canRedo: false,
      revision: 0,
    };
  }

  // -------------------------------------------------------------- store plumbing

  getState = (): EditorState => this.state;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(patch: Partial<EditorState>) {
    let next = { ...this.state, ...patch };
    if (patch.doc && patch.doc !== this.state.doc) {
      next.resolved = resolveDraft(next.doc, next.templates);
      if (next.doc.template !== this.state.doc.template) next.template = resolvedTemplate(next.doc, next.templates);
      next.revision = this.state.revision + 1;
    }
    next.canUndo = this.past.length > 0;
    next.canRedo = this.future.length > 0;
    // A selection that no longer exists (undone, removed) is dropped.
    if (next.selected && !findBlock(next.resolved, next.selected)) next = { ...next, selected: undefined };
    if (next.view !== LAYOUT_VIEW && !(next.resolved.pages as Doc[] | undefined)?.some((p) => pageArea(String(p.id)) === next.view)) {
      const first = (next.resolved.pages as Doc[] | undefined)?.[0]?.id;
      next.view = first ? pageArea(String(first)) : LAYOUT_VIEW;
    }
    this.state = next;
    for (const fn of this.listeners) fn();
  }

  // -------------------------------------------------------------- history

  /**
   * Applies a recipe to the draft as one undoable step. The recipe gets the immer draft
   * and the resolved document as it was before the change. Returns false when nothing
   * changed.
   */
  change(label: string, recipe: (draft: Doc, resolved: Doc) => void, options: ChangeOptions = {}): boolean {
    const before = this.state;
    const [doc, patches, inverse] = produceWithPatches(before.doc, (draft: Doc) => {
      recipe(draft, before.resolved);
    });
    if (!patches.length) return false;
    const now = Date.now();
    const last = this.past[this.past.length - 1];
    if (options.coalesce && last?.coalesce === options.coalesce && now - last.at < COALESCE_MS && !this.future.length) {
      last.patches = [...last.patches, ...patches];
      last.inverse = [...inverse, ...last.inverse];
      last.at = now;
    } else {
      this.past.push({ label, patches, inverse, coalesce: options.coalesce, at: now, view: before.view, selected: before.selected });
      if (this.past.length > MAX_HISTORY) this.past.shift();
    }
    this.future = [];
    const patch: Partial<EditorState> = { doc: doc as Doc, lastAction: label };
    if (options.view) patch.view = options.view;
    if (options.select !== undefined) patch.selected = options.select ?? undefined;
    this.set(patch);
    return true;
  }

  undo(): boolean {
    const entry = this.past.pop();
    if (!entry) return false;
    this.future.push(entry);
    const doc = applyPatches(this.state.doc, entry.inverse) as Doc;
    this.set({ doc, view: entry.view, selected: entry.selected, lastAction: `Undid: ${entry.label}` });
    return true;
  }

  redo(): boolean {
    const entry = this.future.pop();
    if (!entry) return false;
    this.past.push(entry);
    const doc = applyPatches(this.state.doc, entry.patches) as Doc;
    this.set({ doc, view: entry.view, selected: entry.selected, lastAction: `Redid: ${entry.label}` });
    return true;
  }

  /** Labels of the undo and redo stacks, most recent first (for tooltips and tests). */
  history(): { undo: string[]; redo: string[] } {
    return { undo: this.past.map((e) => e.label).reverse(), redo: this.future.map((e) => e.label).reverse() };
  }

  /** Replaces the draft outside the history (restore a local draft, discard it). */
  replaceDocument(doc: Doc, lastAction?: string) {
    this.past = [];
    this.future = [];
    this.set({ doc, lastAction });
  }

  /** After a successful save: the saved document becomes the base. History is kept. */
  markSaved(saved: Doc, baseVersion?: string) {
    this.set({ saved, baseVersion, lastAction: 'Saved' });
  }

  get dirty(): boolean {
    return !isEqual(this.state.doc, this.state.saved);
  }

  // -------------------------------------------------------------- selection

  select(id: string | undefined) {
    if (id === this.state.selected) return;
    if (!id) return this.set({ selected: undefined });
    const loc = findBlock(this.state.resolved, id);
    if (!loc) return;
    this.set({ selected: id, view: viewOfArea(loc.ref.area) });
  }

  setView(view: View) {
    if (view === this.state.view) return;
    this.set({ view, selected: undefined });
  }

  // -------------------------------------------------------------- blocks

  /** Where "add" puts a new block of `type`: into the selected container, after the selected block, or at the end of the page. */
  defaultTarget(type: string): InsertTarget | undefined {
    const { resolved, selected, view } = this.state;
    const loc = selected ? findBlock(resolved, selected) : undefined;
    if (loc) {
      const meta = metaOf(loc.block.type);
      if (meta.container) {
        const inside = { area: loc.ref.area, parent: loc.block.id };
        if (canContain(resolved, inside, type).ok) return { ref: inside, index: loc.block.children?.length ?? 0 };
      }
      if (canContain(resolved, loc.ref, type).ok) return { ref: loc.ref, index: loc.index + 1 };
    }
    if (view === LAYOUT_VIEW) {
      const header = resolved.layout?.header as EditorBlock[] | undefined;
      return { ref: { area: 'layout:header' }, index: header?.length ?? 0 };
    }
    const page = (resolved.pages as Doc[]).find((p) => pageArea(String(p.id)) === view);
    return page ? { ref: { area: view as Area }, index: (page.blocks as unknown[] | undefined)?.length ?? 0 } : undefined;
  }

  /** A new block of `type` with a fresh readable id and the props its schema requires. */
  newBlock(type: string, taken: string[] = []): EditorBlock {
    const props = startingProps(type);
    const block: EditorBlock = { type, id: nextBlockId(this.state.resolved, type, taken) };
    if (Object.keys(props).length) block.props = props;
    return block;
  }

  /** Adds a block (or a copy of one) at a target; returns its id, or undefined when refused. */
  insert(block: EditorBlock, target: InsertTarget | undefined = this.defaultTarget(block.type), label = `Add ${metaOf(block.type).label} ${block.id}`): string | undefined {
    if (!target) return undefined;
    const { resolved } = this.state;
    if (!canContain(resolved, target.ref, block.type).ok) return undefined;
    const ok = this.change(
      label,
      (draft, res) => {
        materializeArea(draft, res, target.ref.area);
        const list = ensureList(draft, target.ref);
        list.splice(Math.max(0, Math.min(target.index, list.length)), 0, block);
      },
      { select: block.id, view: viewOfArea(target.ref.area) },
    );
    return ok ? block.id : undefined;
  }

  addBlock(type: string, target?: InsertTarget): string | undefined {
    const block = this.newBlock(type);
    return this.insert(block, target ?? this.defaultTarget(type));
  }

  /** Moves a block to `index` of list `to` (index counted without the block itself). */
  move(id: string, to: ListRef, index: number): boolean {
    const { resolved } = this.state;
    const from = findBlock(resolved, id);
    if (!from) return false;
    if (isInsideItself(resolved, id, to)) return false;
    if (!canContain(resolved, to, from.block.type).ok) return false;
    if (sameList(from.ref, to) && from.index === index) return false;
    return this.change(
      `Move ${metaOf(from.block.type).label} ${id} to ${listLabel(resolved, to)}`,
      (draft, res) => {
        materializeArea(draft, res, from.ref.area);
        materializeArea(draft, res, to.area);
        const source = ensureList(draft, from.ref);
        const i = source.findIndex((b) => b.id === id);
        const [block] = source.splice(i, 1);
        pruneList(draft, from.ref);
        const target = ensureList(draft, to);
        target.splice(Math.max(0, Math.min(index, target.length)), 0, block);
      },
      { select: id },
    );
  }

  remove(id: string): boolean {
    const loc = findBlock(this.state.resolved, id);
    if (!loc) return false;
    return this.change(
      `Remove ${metaOf(loc.block.type).label} ${id}`,
      (draft, res) => {
        materializeArea(draft, res, loc.ref.area);
        const source = ensureList(draft, loc.ref);
        source.splice(
          source.findIndex((b) => b.id === id),
          1,
        );
        pruneList(draft, loc.ref);
      },
      { select: null },
    );
  }

  duplicate(id: string): string | undefined {
    const loc = findBlock(this.state.resolved, id);
    if (!loc) return undefined;
    const copy = withFreshIds(this.state.resolved, structuredClone(loc.block)) as EditorBlock;
    return this.insert(copy, { ref: loc.ref, index: loc.index + 1 }, `Duplicate ${metaOf(loc.block.type).label} ${id} as ${copy.id}`);
  }

  /** Pastes blocks (from the clipboard) with fresh ids after the selection or at the end of the page. */
  paste(blocks: EditorBlock[], target?: InsertTarget): string[] {
    const ids: string[] = [];
    const taken: string[] = [];
    const copies = blocks.map((b) => {
      const c = withFreshIds(this.state.resolved, structuredClone(b), taken) as EditorBlock;
      for (const { block } of walkTree(c)) taken.push(block.id);
      return c;
    });
    const first = copies[0];
    if (!first) return ids;
    const where = target ?? this.defaultTarget(first.type);
    if (!where) return ids;
    if (copies.some((c) => !canContain(this.state.resolved, where.ref, c.type).ok)) return ids;
    const ok = this.change(
      copies.length === 1 ? `Paste ${metaOf(first.type).label} ${first.id}` : `Paste ${copies.length} blocks`,
      (draft, res) => {
        materializeArea(draft, res, where.ref.area);
        const list = ensureList(draft, where.ref);
        list.splice(Math.max(0, Math.min(where.index, list.length)), 0, ...copies);
      },
      { select: first.id, view: viewOfArea(where.ref.area) },
    );
    if (ok) ids.push(...copies.map((c) => c.id));
    return ids;
  }

  /** Replaces a block's props (typing in the form: coalesced per block). */
  setProps(id: string, props: Record<string, unknown>): boolean {
    const loc = findBlock(this.state.resolved, id);
    if (!loc) return false;
    if (isEqual(loc.block.props ?? {}, props)) return false;
    return this.change(
      `Edit ${metaOf(loc.block.type).label} ${id}`,
      (draft, res) => {
        materializeArea(draft, res, loc.ref.area);
        const block = ensureList(draft, loc.ref).find((b) => b.id === id)!;
        if (Object.keys(props).length) block.props = props;
        else delete block.props;
      },
      { coalesce: `props:${id}` },
    );
  }

  // -------------------------------------------------------------- pages

  addPage(title: string, path: string): string | undefined {
    // Not the id of a template page the site leaves out: a page cannot be both.
    const left = Array.isArray(this.state.doc.withoutPages) ? (this.state.doc.withoutPages as string[]) : [];
    const id = freePageId(this.state.resolved, title, left);
    const ok = this.change(
      `Add page ${title}`,
      (draft) => {
        if (!Array.isArray(draft.pages)) draft.pages = [];
        draft.pages.push({ id, path, title, blocks: [] });
      },
      { view: pageArea(id), select: null },
    );
    return ok ? id : undefined;
  }

  /** Changes a page's title, route, description or layout switch (not its id, which is stable). */
  updatePage(id: string, patch: { title?: string; path?: string; description?: string; layout?: boolean }): boolean {
    return this.change(
      `Edit page ${id}`,
      (draft, res) => {
        const page = materializePage(draft, res, id);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || (k === 'description' && v === '') || (k === 'layout' && v === true && page.layout === undefined)) delete page[k];
          else page[k] = v;
        }
      },
      { coalesce: `page:${id}` },
    );
  }

  /**
   * Removes a site page; an override of a template page is reset to the template instead.
   * A page inherited from the template is left out with removeTemplatePage.
   */
  removePage(id: string): { ok: boolean; reason?: string } {
    const { doc, template } = this.state;
    const inTemplate = (template?.pages as Doc[] | undefined)?.some((p) => p.id === id);
    const inSite = (doc.pages as Doc[] | undefined)?.some((p) => p.id === id);
    if (!inSite) return { ok: false, reason: 'This page comes from the template: use “Remove from this site” to leave it out of this site.' };
    const ok = this.change(inTemplate ? `Reset page ${id} to the template` : `Remove page ${id}`, (draft) => {
      draft.pages = (draft.pages as Doc[]).filter((p) => p.id !== id);
    });
    return { ok };
  }

  /**
   * Leaves a template page out of this site (`withoutPages`). The site's own version of
   * it, if any, goes too: a page cannot be both left out and defined. Undoable like any
   * change; restoreTemplatePage brings it back.
   */
  removeTemplatePage(id: string): boolean {
    const { template } = this.state;
    if (!(template?.pages as Doc[] | undefined)?.some((p) => p.id === id)) return false;
    return this.change(
      `Remove template page ${id} from this site`,
      (draft) => {
        if (Array.isArray(draft.pages) && draft.pages.some((p: Doc) => p?.id === id)) draft.pages = (draft.pages as Doc[]).filter((p) => p?.id !== id);
        if (!Array.isArray(draft.withoutPages)) draft.withoutPages = [];
        if (!draft.withoutPages.includes(id)) draft.withoutPages.push(id);
      },
      { select: null },
    );
  }

  /** Stops leaving a template page out: it is inherited again, where the template has it. */
  restoreTemplatePage(id: string): boolean {
    if (!Array.isArray(this.state.doc.withoutPages) || !this.state.doc.withoutPages.includes(id)) return false;
    return this.change(
      `Restore template page ${id}`,
      (draft) => {
        draft.withoutPages = (draft.withoutPages as string[]).filter((x) => x !== id);
        if (!draft.withoutPages.length) delete draft.withoutPages;
      },
      { view: pageArea(id), select: null },
    );
  }

  // -------------------------------------------------------------- settings and switches

  /** Sets a feature switch on the site, or (undefined) drops the site's value so the template's or the default applies. */
  setFeature(key: string, value: unknown): boolean {
    return this.change(
      value === undefined ? `Reset switch ${key}` : `Set switch ${key} to ${JSON.stringify(value)}`,
      (draft) => {
        if (value === undefined) {
          if (draft.features && typeof draft.features === 'object') {
            delete draft.features[key];
            if (!Object.keys(draft.features).length) delete draft.features;
          }
          return;
        }
        if (!draft.features || typeof draft.features !== 'object') draft.features = {};
        draft.features[key] = value;
      },
      { coalesce: typeof value === 'string' || typeof value === 'number' ? `feature:${key}` : undefined },
    );
  }

  /** Sets a top-level setting to a wanted resolved value, storing the smallest override of the template. */
  setSetting(key: string, value: unknown): boolean {
    const { template, doc } = this.state;
    const o = overrideFor(template?.[key], value, doc[key]);
    return this.change(
      `Edit ${key}`,
      (draft) => {
        if (o === UNSET) delete draft[key];
        else if (!isEqual(draft[key], o)) draft[key] = o;
      },
      { coalesce: `setting:${key}` },
    );
  }
}

function* walkTree(block: EditorBlock): Generator<{ block: EditorBlock }> {
  yield { block };
  for (const c of block.children ?? []) yield* walkTree(c);
  for (const list of Object.values(block.slots ?? {})) for (const c of list) yield* walkTree(c);
}
