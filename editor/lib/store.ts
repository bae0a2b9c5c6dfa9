/**
 * The editor's state: the draft site document, the last saved one, the selection, and the
 * undo/redo history as immer patches. A tiny external store (useSyncExternalStore) so
 * components subscribe to just what they show: a prop edit re-renders one outline row,
 * not the tree.
 *
 * Every change goes through `change()`: immer's produceWithPatches gives the patches and
 * their inverse; undo applies the inverse, redo the patches. Keystrokes in one field are
 * coalesced into one history step.
 *
 * Selection: an ordered set of block ids (`selection`, as picked) and its primary one
 * (`selected`: the anchor of range selection, and the block the Inspector edits when it
 * is alone). A block inside another selected block is covered by it: operations on the
 * selection (remove, duplicate, move, and copy and cut in actions.ts) act on the top-most
 * selected blocks only, in document order, and each is ONE undo step.
 */
import { applyPatches, enablePatches, produceWithPatches, type Patch } from 'immer';
import { isEqual } from 'lodash-es';
import { collectBlockIds, nextBlockId, withFreshIds } from '../../engine/document/ids.ts';
import { metaOf, type EditorBlock } from './blocks.ts';
import {
  areaOfView,
  canContain,
  ensureList,
  findBlock,
  getList,
  inDocumentOrder,
  freePageId,
  isInsideItself,
  LAYOUT_VIEW,
  leftOutPageIds,
  listLabel,
  materializeArea,
  materializePage,
  overrideFor,
  pageArea,
  pruneList,
  resolveDraft,
  resolvedTemplate,
  sameList,
  listKey,
  topMost,
  UNSET,
  viewOfArea,
  type Area,
  type BlockLocation,
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
  selection?: readonly string[];
  /** The selection just after the change: what redo brings back. */
  after?: { selected?: string; selection: readonly string[] };
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

export interface ChangeOptions {
  /** Changes with the same key within COALESCE_MS are one undo step (typing). */
  coalesce?: string;
  /** Selection after the change (the primary block, alone unless `selection` is given). */
  select?: string | null;
  /** Several blocks selected after the change (`select` is the primary one, else the first). */
  selection?: string[];
  view?: View;
}

export interface PasteResult {
  ids: string[];
  /** Why nothing was pasted (a block the target list does not take). */
  reason?: string;
}

const NONE: readonly string[] = Object.freeze([]);
const NO_SET: ReadonlySet<string> = new Set();

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
      selection: NONE,
      selectedSet: NO_SET,
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
    const next = { ...this.state, ...patch };
    const docChanged = !!patch.doc && patch.doc !== this.state.doc;
    if (docChanged) {
      next.resolved = resolveDraft(next.doc, next.templates);
      if (next.doc.template !== this.state.doc.template) next.template = resolvedTemplate(next.doc, next.templates);
      next.revision = this.state.revision + 1;
    }
    next.canUndo = this.past.length > 0;
    next.canRedo = this.future.length > 0;
    // Setting the primary alone selects just it.
    if ('selected' in patch && !('selection' in patch)) next.selection = next.selected ? [next.selected] : NONE;
    if (docChanged || 'selected' in patch || 'selection' in patch) {
      // Blocks that no longer exist (undone, removed) leave the selection.
      const selection = next.selection;
      if (selection.length) {
        const all = selection.length > 1 ? collectBlockIds(next.resolved) : undefined;
        const kept = selection.filter((id) => (all ? all.has(id) : !!findBlock(next.resolved, id)));
        if (kept.length !== selection.length) next.selection = kept.length ? kept : NONE;
      }
      // The primary is always one of the selection.
      if (!next.selected || !next.selection.includes(next.selected)) next.selected = next.selection[next.selection.length - 1];
    }
    if (next.selection !== this.state.selection) next.selectedSet = next.selection.length ? new Set(next.selection) : NO_SET;
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
    let entry: HistoryEntry;
    if (options.coalesce && last?.coalesce === options.coalesce && now - last.at < COALESCE_MS && !this.future.length) {
      last.patches = [...last.patches, ...patches];
      last.inverse = [...inverse, ...last.inverse];
      last.at = now;
      entry = last;
    } else {
      entry = { label, patches, inverse, coalesce: options.coalesce, at: now, view: before.view, selected: before.selected, selection: before.selection };
      this.past.push(entry);
      if (this.past.length > MAX_HISTORY) this.past.shift();
    }
    this.future = [];
    const patch: Partial<EditorState> = { doc: doc as Doc, lastAction: label };
    if (options.view) patch.view = options.view;
    if (options.selection) {
      patch.selection = options.selection.length ? options.selection : NONE;
      patch.selected = options.select && options.selection.includes(options.select) ? options.select : options.selection[0];
    } else if (options.select !== undefined) patch.selected = options.select ?? undefined;
    this.set(patch);
    entry.after = { selected: this.state.selected, selection: this.state.selection };
    return true;
  }

  undo(): boolean {
    const entry = this.past.pop();
    if (!entry) return false;
    this.future.push(entry);
    const doc = applyPatches(this.state.doc, entry.inverse) as Doc;
    this.set({ doc, view: entry.view, selected: entry.selected, selection: entry.selection ?? (entry.selected ? [entry.selected] : NONE), lastAction: `Undid: ${entry.label}` });
    return true;
  }

  redo(): boolean {
    const entry = this.future.pop();
    if (!entry) return false;
    this.past.push(entry);
    const doc = applyPatches(this.state.doc, entry.patches) as Doc;
    // The selection as it was just after the change (the copies after a duplicate, the
    // block that took a removed one's place); entries from before that was kept: as before it.
    const selected = entry.after ? entry.after.selected : entry.selected;
    const selection = entry.after ? entry.after.selection : (entry.selection ?? (entry.selected ? [entry.selected] : NONE));
    this.set({ doc, view: entry.view, selected, selection, lastAction: `Redid: ${entry.label}` });
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

  /** The server version the draft now builds on (after choosing between conflicting values). */
  rebase(baseVersion: string) {
    this.set({ baseVersion });
  }

  get dirty(): boolean {
    return !isEqual(this.state.doc, this.state.saved);
  }

  // -------------------------------------------------------------- selection

  /** Selects one block alone (a plain click), or nothing. */
  select(id: string | undefined) {
    if (id === this.state.selected && this.state.selection.length <= 1) return;
    if (!id) return this.set({ selected: undefined });
    const loc = findBlock(this.state.resolved, id);
    if (!loc) return;
    this.set({ selected: id, view: viewOfArea(loc.ref.area) });
  }

  /** Is `id` selected (picked itself, not just covered by a selected ancestor)? */
  isSelected(id: string): boolean {
    return this.state.selectedSet.has(id);
  }

  /**
   * Ctrl/Cmd+click: adds a block to the selection (it becomes the primary) or takes it out
   * (the primary then is the last one picked). A block of another view starts afresh.
   */
  toggleSelected(id: string) {
    const { selection, selected, resolved, view } = this.state;
    const loc = findBlock(resolved, id);
    if (!loc) return;
    if (viewOfArea(loc.ref.area) !== view || !selection.length) return this.select(id);
    if (this.state.selectedSet.has(id)) {
      const rest = selection.filter((x) => x !== id);
      this.set({ selection: rest.length ? rest : NONE, selected: selected === id ? rest[rest.length - 1] : selected });
    } else {
      this.set({ selection: [...selection, id], selected: id });
    }
  }

  /**
   * Shift+click: selects the rows from the primary (the anchor, which stays primary) to
   * `id`, both included, in the order of `rows`: the ids of the outline's visible block
   * rows, top to bottom (collapsed blocks' insides are not visible, so not included).
   */
  selectRange(id: string, rows: readonly string[]) {
    const anchor = this.state.selected;
    const from = anchor ? rows.indexOf(anchor) : -1;
    const to = rows.indexOf(id);
    if (from < 0 || to < 0) return this.select(id);
    const range = from <= to ? rows.slice(from, to + 1) : rows.slice(to, from + 1).reverse();
    this.set({ selection: range, selected: anchor });
  }

  /**
   * Ctrl/Cmd+A: every block of the list holding the primary block (its siblings); when
   * those are all selected already, or the primary is at the top of the page, every
   * top-level block of the view (the page, or header and footer), which covers the rest.
   */
  selectAll() {
    const { resolved, view, selected, selectedSet } = this.state;
    const areas = areaOfView(view);
    const loc = selected ? findBlock(resolved, selected, areas) : undefined;
    let ids: string[] | undefined;
    if (loc?.ref.parent) {
      ids = (getList(resolved, loc.ref) ?? []).map((b) => b.id);
      if (ids.every((id) => selectedSet.has(id))) ids = undefined;
    }
    ids ??= areas.flatMap((area) => (getList(resolved, { area }) ?? []).filter((b) => b && typeof b === 'object').map((b) => b.id));
    if (!ids.length) return;
    this.set({ selection: ids, selected: selected && ids.includes(selected) ? selected : ids[0] });
  }

  /** Escape: back to the primary block alone. */
  collapseSelection() {
    const { selected, selection } = this.state;
    if (selection.length <= 1) return;
    this.set({ selected, selection: selected ? [selected] : NONE });
  }

  /** The top-most selected blocks in document order (what operations act on). */
  topSelected(ids: readonly string[] = this.state.selection): BlockLocation[] {
    return topMost(this.state.resolved, ids);
  }

  /** Every selected block in document order. */
  selectionInOrder(): BlockLocation[] {
    return inDocumentOrder(this.state.resolved, this.state.selection);
  }

  setView(view: View) {
    if (view === this.state.view) return;
    this.set({ view, selected: undefined });
  }

  // -------------------------------------------------------------- blocks

  /** Where "add" puts a new block of `type`: into the selected container, after the selected block, or at the end of the page. */
  defaultTarget(type: string): InsertTarget | undefined {
    const { resolved, selected } = this.state;
    const loc = selected ? findBlock(resolved, selected) : undefined;
    if (loc) {
      const meta = metaOf(loc.block.type);
      if (meta.container) {
        const inside = { area: loc.ref.area, parent: loc.block.id };
        if (canContain(resolved, inside, type).ok) return { ref: inside, index: loc.block.children?.length ?? 0 };
      }
      if (canContain(resolved, loc.ref, type).ok) return { ref: loc.ref, index: loc.index + 1 };
    }
    return this.endOfView();
  }

  /** The end of the view: of the page, or of the header in the layout view (undefined when the page is gone). */
  private endOfView(): InsertTarget | undefined {
    const { resolved, view } = this.state;
    if (view === LAYOUT_VIEW) {
      const header = resolved.layout?.header as EditorBlock[] | undefined;
      return { ref: { area: 'layout:header' }, index: header?.length ?? 0 };
    }
    const page = (resolved.pages as Doc[]).find((p) => pageArea(String(p.id)) === view);
    return page ? { ref: { area: view as Area }, index: (page.blocks as unknown[] | undefined)?.length ?? 0 } : undefined;
  }

  /**
   * Where pasted blocks go: with one block selected, into it (a container that takes them
   * all, at the end), else after it; with several, after the last of them
   * (document order); with none, at the end of the page. Refused, with the reason, when
   * that list does not take every pasted block type (the rules the outline enforces for
   * drops: containers, `accepts`, slots).
   */
  pasteTarget(types: string[]): { target?: InsertTarget; reason?: string } {
    const { resolved } = this.state;
    const top = this.topSelected();
    const refusal = (ref: ListRef) => types.map((t) => canContain(resolved, ref, t)).find((a) => !a.ok);
    const last = top[top.length - 1];
    if (last) {
      if (top.length === 1 && metaOf(last.block.type).container) {
        const inside = { area: last.ref.area, parent: last.block.id };
        if (!refusal(inside)) return { target: { ref: inside, index: last.block.children?.length ?? 0 } };
      }
      const no = refusal(last.ref);
      if (no) return { reason: no.reason };
      return { target: { ref: last.ref, index: last.index + 1 } };
    }
    const end = this.endOfView();
    return end ? { target: end } : { reason: 'there is no page to paste into' };
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

  /**
   * Moves several blocks (the top-most of `ids`, in document order) together to `index` of
   * list `to` (index counted without the moved blocks) as one undo step; refused when one
   * of them may not go there or `to` is inside one of them. They stay selected.
   */
  moveBlocks(ids: readonly string[], to: ListRef, index: number): boolean {
    const { resolved, selected } = this.state;
    const top = this.topSelected(ids);
    if (top.length <= 1) return top.length === 1 && this.move(top[0].block.id, to, index);
    if (top.some((loc) => isInsideItself(resolved, loc.block.id, to))) return false;
    if (top.some((loc) => !canContain(resolved, to, loc.block.type).ok)) return false;
    const moving = new Set(top.map((loc) => loc.block.id));
    const current = (getList(resolved, to) ?? []).map((b) => b.id);
    const after = current.filter((id) => !moving.has(id));
    after.splice(Math.max(0, Math.min(index, after.length)), 0, ...moving);
    if (after.length === current.length && after.every((id, i) => id === current[i])) return false;
    const movedIds = [...moving];
    return this.change(
      `Move ${top.length} blocks to ${listLabel(resolved, to)}`,
      (draft, res) => {
        const blocks: EditorBlock[] = [];
        for (const loc of top) {
          materializeArea(draft, res, loc.ref.area);
          const source = ensureList(draft, loc.ref);
          blocks.push(...source.splice(source.findIndex((b) => b.id === loc.block.id), 1));
        }
        for (const loc of top) pruneList(draft, loc.ref);
        materializeArea(draft, res, to.area);
        const target = ensureList(draft, to);
        target.splice(Math.max(0, Math.min(index, target.length)), 0, ...blocks);
      },
      { selection: movedIds, select: selected && moving.has(selected) ? selected : movedIds[0] },
    );
  }

  remove(id: string): boolean {
    return this.removeBlocks([id]);
  }

  /**
   * Removes blocks (the top-most of `ids`, with everything inside them) as one undo step.
   * Nothing is selected afterwards, unless `options.select` names a block that stays (the
   * outline passes the one that takes the first removed block's place).
   */
  removeBlocks(ids: readonly string[] = this.state.selection, options: { select?: string } = {}): boolean {
    const top = this.topSelected(ids);
    if (!top.length) return false;
    const label = top.length === 1 ? `Remove ${metaOf(top[0].block.type).label} ${top[0].block.id}` : `Remove ${top.length} blocks`;
    return this.change(
      label,
      (draft, res) => {
        for (const loc of top) {
          materializeArea(draft, res, loc.ref.area);
          const source = ensureList(draft, loc.ref);
          source.splice(
            source.findIndex((b) => b.id === loc.block.id),
            1,
          );
        }
        const pruned = new Set<string>();
        for (const loc of top) {
          if (pruned.has(listKey(loc.ref))) continue;
          pruned.add(listKey(loc.ref));
          pruneList(draft, loc.ref);
        }
      },
      { select: options.select ?? null },
    );
  }

  duplicate(id: string): string | undefined {
    return this.duplicateBlocks([id])[0];
  }

  /**
   * Duplicates blocks (the top-most of `ids`) as one undo step: the copies of the blocks
   * of one list go, in order, right after the last of them in that list (so [A, B, C] with
   * A and B selected becomes [A, B, A′, B′, C]). Copies get fresh readable ids and become
   * the selection. Returns the copies' ids in document order.
   */
  duplicateBlocks(ids: readonly string[] = this.state.selection): string[] {
    const { resolved, selected } = this.state;
    const top = this.topSelected(ids);
    if (!top.length) return [];
    const taken: string[] = [];
    const groups = new Map<string, { ref: ListRef; last: string; copies: EditorBlock[] }>();
    const copyOf = new Map<string, string>();
    for (const loc of top) {
      const copy = withFreshIds(resolved, structuredClone(loc.block), taken) as EditorBlock;
      for (const { block } of walkTree(copy)) taken.push(block.id);
      copyOf.set(loc.block.id, copy.id);
      const key = listKey(loc.ref);
      const group = groups.get(key) ?? { ref: loc.ref, last: loc.block.id, copies: [] };
      group.last = loc.block.id;
      group.copies.push(copy);
      groups.set(key, group);
    }
    const copyIds = top.map((loc) => copyOf.get(loc.block.id)!);
    const label =
      top.length === 1 ? `Duplicate ${metaOf(top[0].block.type).label} ${top[0].block.id} as ${copyIds[0]}` : `Duplicate ${top.length} blocks`;
    const ok = this.change(
      label,
      (draft, res) => {
        for (const group of groups.values()) {
          materializeArea(draft, res, group.ref.area);
          const list = ensureList(draft, group.ref);
          list.splice(list.findIndex((b) => b.id === group.last) + 1, 0, ...group.copies);
        }
      },
      { selection: copyIds, select: (selected && copyOf.get(selected)) ?? copyIds[0], view: viewOfArea(top[0].ref.area) },
    );
    return ok ? copyIds : [];
  }

  /** Pastes blocks (from the clipboard) with fresh ids after the selection or at the end of the page. */
  paste(blocks: EditorBlock[], target?: InsertTarget): string[] {
    return this.pasteBlocks(blocks, target).ids;
  }

  /**
   * Pastes blocks in order, with fresh ids, as one undo step (see pasteTarget for where);
   * refused as a whole, with the reason, if the target list does not take one of them.
   * The pasted blocks become the selection.
   */
  pasteBlocks(blocks: EditorBlock[], target?: InsertTarget): PasteResult {
    if (!blocks.length) return { ids: [] };
    const types = blocks.map((b) => b.type);
    let where = target;
    if (!where) {
      const found = this.pasteTarget(types);
      if (!found.target) return { ids: [], reason: found.reason };
      where = found.target;
    }
    const { resolved } = this.state;
    const refused = types.map((t) => canContain(resolved, where.ref, t)).find((a) => !a.ok);
    if (refused) return { ids: [], reason: refused.reason };
    const taken: string[] = [];
    const copies = blocks.map((b) => {
      const c = withFreshIds(resolved, structuredClone(b), taken) as EditorBlock;
      for (const { block } of walkTree(c)) taken.push(block.id);
      return c;
    });
    const first = copies[0];
    const ok = this.change(
      copies.length === 1 ? `Paste ${metaOf(first.type).label} ${first.id}` : `Paste ${copies.length} blocks`,
      (draft, res) => {
        materializeArea(draft, res, where.ref.area);
        const list = ensureList(draft, where.ref);
        list.splice(Math.max(0, Math.min(where.index, list.length)), 0, ...copies);
      },
      { selection: copies.map((c) => c.id), select: first.id, view: viewOfArea(where.ref.area) },
    );
    return ok ? { ids: copies.map((c) => c.id) } : { ids: [] };
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
    const id = freePageId(this.state.resolved, title, leftOutPageIds(this.state.doc));
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
    if (!leftOutPageIds(this.state.doc).includes(id)) return false;
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
