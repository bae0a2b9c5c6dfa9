/**
 * The editor's store: the state (state.ts), its undo/redo history (history.ts) and
 * selection (selection.ts), and one operation per module in ops/. A tiny external store
 * (useSyncExternalStore) so components subscribe to just what they show: a prop edit
 * re-renders one outline row, not the tree.
 *
 * An operation only says what to change (a labelled immer recipe); `apply` runs it and
 * records it as ONE undo step. Operations on blocks take lists of ids (one block: `[id]`)
 * and act on the top-most of them in document order (doc.ts topMost).
 */
import { sameDoc } from '../same-doc.ts';
import type { EditorBlock } from '../blocks.ts';
import {
  inDocumentOrder,
  topMost,
  type BlockLocation,
  type Doc,
  type ListRef,
  type View,
} from '../doc.ts';
import * as undoHistory from './history.ts';
import { historyForStorage, historyFromStorage, type StoredHistory } from './history-storage.ts';
import { addPage } from './ops/add-page.ts';
import { duplicateBlocks } from './ops/duplicate-blocks.ts';
import { removePreset } from './ops/remove-preset.ts';
import { savePreset } from './ops/save-preset.ts';
import { insertBlock, newBlock } from './ops/insert-block.ts';
import { moveBlocks } from './ops/move-blocks.ts';
import { pasteBlocks } from './ops/paste-blocks.ts';
import { removeBlocks, type RemoveOptions } from './ops/remove-blocks.ts';
import { removePage } from './ops/remove-page.ts';
import { removeTemplatePage } from './ops/remove-template-page.ts';
import { restoreTemplatePage } from './ops/restore-template-page.ts';
import { setFeature } from './ops/set-feature.ts';
import { setProps } from './ops/set-props.ts';
import { setHidden } from './ops/set-hidden.ts';
import { setSetting } from './ops/set-setting.ts';
import { updatePage, type PagePatch } from './ops/update-page.ts';
import { StoreListeners } from './listeners.ts';
import * as selection from './selection.ts';
import {
  initialState,
  settle,
  type Change,
  type EditorState,
  type InsertTarget,
  type StoreInit,
} from './state.ts';
import { defaultTarget, pasteTarget } from './targets.ts';

export type { EditorState, InsertTarget, ChangeOptions } from './state.ts';
export type { HistoryEntry } from './history.ts';
export type { StoredHistory } from './history-storage.ts';
export type { RemoveOptions } from './ops/remove-blocks.ts';

export { TYPING_HOLD_MAX_MS, TYPING_PAUSE_MS } from './listeners.ts';

export interface PasteResult {
  ids: string[];
  /** Why nothing was pasted (a block the target list does not take). */
  reason?: string;
}

export class EditorStore {
  private state: EditorState;
  private listeners = new StoreListeners();
  private log = undoHistory.EMPTY_HISTORY;
  /** Another tab of this browser edits the site: this one follows it and changes nothing (tab-coordination.ts). */
  private readOnly = false;

  constructor(init: StoreInit) {
    this.log =
      (init.history !== undefined && historyFromStorage(init.history, init.doc)) ||
      undoHistory.EMPTY_HISTORY;
    const state = initialState(init);
    this.state = {
      ...state,
      canUndo: this.log.past.length > 0,
      canRedo: this.log.future.length > 0,
    };
  }

  getState = (): EditorState => this.state;

  subscribe = this.listeners.subscribe;

  /** A listener told before every other one, even while they wait (the preview's fast path). */
  subscribeLeading = this.listeners.subscribeLeading;

  /**
   * Runs `fn` (operations) telling the leading listeners of its changes at once and the
   * others in a task after it: a drop reaches the preview before the editor re-renders for
   * it, since the editor's render would otherwise come first on the one thread both share
   * (docs/editor-design.md, "Drops: the preview first"). `getState()` is the new state at
   * once. `after` runs just before the others are told (at once when nothing changed), for
   * the caller's own state that must change together with them. `untilPause` (typing): the
   * others are told once changes made this way pause for TYPING_PAUSE_MS, or a task after the
   * first one made TYPING_HOLD_MAX_MS into the hold; any other change tells them at once.
   */
  previewFirst<T>(fn: () => T, after?: () => void, { untilPause = false } = {}): T {
    return this.listeners.hold(untilPause ? 'pause' : 'task', fn, after);
  }

  /** Tells the other listeners of a held change now (the page is hidden: the autosave writes it). */
  tellHeld() {
    this.listeners.tellHeld();
  }

  private publish(next: EditorState) {
    this.state = {
      ...next,
      canUndo: this.log.past.length > 0,
      canRedo: this.log.future.length > 0,
    };
    this.listeners.changed();
  }

  private set(patch: Partial<EditorState> | undefined) {
    if (patch) this.publish(settle(this.state, patch));
  }

  /** Runs an operation's change as one undo step; false when it was refused or changed nothing. */
  private apply(change: Change | undefined): boolean {
    if (this.readOnly) return false;
    const before = this.state;
    const ran = change && undoHistory.runRecipe(before.doc, before.resolved, change.recipe);
    if (!change || !ran) return false;
    const { options = {} } = change;
    const next = settle(before, {
      doc: ran.doc,
      lastAction: change.label,
      ...(options.view ? { view: options.view } : {}),
      ...selection.selectionAfter(options),
    });
    this.log = undoHistory.record(this.log, {
      label: change.label,
      patches: ran.patches,
      inverse: ran.inverse,
      coalesce: options.coalesce,
      at: Date.now(),
      before: { view: before.view, selected: before.selected, selection: before.selection },
      after: { selected: next.selected, selection: next.selection },
    });
    this.publish(next);
    return true;
  }

  // -------------------------------------------------------------- history (history.ts)

  undo(): boolean {
    return this.step(undoHistory.undo(this.log, this.state.doc));
  }

  redo(): boolean {
    return this.step(undoHistory.redo(this.log, this.state.doc));
  }

  private step(step: undoHistory.Step | undefined): boolean {
    if (!step || this.readOnly) return false;
    this.log = step.history;
    this.set({ doc: step.doc, ...step.place, lastAction: step.lastAction });
    return true;
  }

  /** Labels of the undo and redo stacks, most recent first (for tooltips and tests). */
  history(): { undo: string[]; redo: string[] } {
    return undoHistory.labels(this.log);
  }

  /** The history as it is kept with the autosaved draft (bounded; see history-storage.ts). */
  storedHistory(): StoredHistory {
    return historyForStorage(this.log);
  }

  /** Replaces the draft outside the history (restore a local draft, discard it). */
  replaceDocument(doc: Doc, lastAction?: string) {
    this.log = undoHistory.EMPTY_HISTORY;
    this.set({ doc, lastAction });
  }

  /** While another tab of this browser edits the site, this store refuses every change and undo. */
  setReadOnly(readOnly: boolean) {
    this.readOnly = readOnly;
  }

  get isReadOnly(): boolean {
    return this.readOnly;
  }

  /** Takes the draft as the tab that edits it has it (tab-coordination.ts), outside the history. */
  adopt(from: { doc: Doc; saved: Doc; baseVersion?: string }, lastAction?: string) {
    this.log = undoHistory.EMPTY_HISTORY;
    this.set({ doc: from.doc, saved: from.saved, baseVersion: from.baseVersion, lastAction });
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
    return !sameDoc(this.state.doc, this.state.saved);
  }

  // -------------------------------------------------------------- selection (selection.ts)

  select(id: string | undefined) {
    this.set(selection.selectOne(this.state, id));
  }

  toggleSelected(id: string) {
    this.set(selection.toggle(this.state, id));
  }

  selectRange(id: string, rows: readonly string[]) {
    this.set(selection.range(this.state, id, rows));
  }

  selectAll() {
    this.set(selection.all(this.state));
  }

  collapseSelection() {
    this.set(selection.collapse(this.state));
  }

  /** Is `id` selected (picked itself, not just covered by a selected ancestor)? */
  isSelected(id: string): boolean {
    return this.state.selectedSet.has(id);
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
    if (view !== this.state.view) this.set({ view, selected: undefined });
  }

  // -------------------------------------------------------------- blocks (targets.ts, ops/)

  defaultTarget(type: string): InsertTarget | undefined {
    return defaultTarget(this.state, type);
  }

  pasteTarget(types: string[]): { target?: InsertTarget; reason?: string } {
    return pasteTarget(this.state, types);
  }

  newBlock(type: string, taken: string[] = []): EditorBlock {
    return newBlock(this.state, type, taken);
  }

  /** Adds a new block at a target; returns its id, or undefined when refused. */
  insert(
    block: EditorBlock,
    target: InsertTarget | undefined = this.defaultTarget(block.type),
  ): string | undefined {
    return this.apply(insertBlock(this.state, block, target)) ? block.id : undefined;
  }

  addBlock(type: string, target?: InsertTarget): string | undefined {
    return this.insert(this.newBlock(type), target ?? this.defaultTarget(type));
  }

  moveBlocks(ids: readonly string[], to: ListRef, index: number): boolean {
    return this.apply(moveBlocks(this.state, ids, to, index));
  }

  removeBlocks(
    ids: readonly string[] = this.state.selection,
    options: RemoveOptions = {},
  ): boolean {
    return this.apply(removeBlocks(this.state, ids, options));
  }

  /** Returns the copies' ids in document order (none when refused). */
  duplicateBlocks(ids: readonly string[] = this.state.selection): string[] {
    const change = duplicateBlocks(this.state, ids);
    return change && this.apply(change) ? change.ids : [];
  }

  pasteBlocks(blocks: EditorBlock[], target?: InsertTarget): PasteResult {
    const { change, reason } = pasteBlocks(this.state, blocks, target);
    return change && this.apply(change) ? { ids: change.ids } : { ids: [], reason };
  }

  /** A section preset's blocks, with fresh ids, as one step named for the preset (lib/presets). */
  insertPreset(label: string, blocks: EditorBlock[], target?: InsertTarget): PasteResult {
    const { change, reason } = pasteBlocks(this.state, blocks, target);
    if (change) change.label = `Add preset ${label}`;
    return change && this.apply(change) ? { ids: change.ids } : { ids: [], reason };
  }

  /** The selected blocks saved as a preset of this site (`presets`; ops/save-preset.ts): its id, or undefined. */
  savePreset(label: string, ids: readonly string[] = this.state.selection): string | undefined {
    const change = savePreset(this.state, label, ids);
    return change && this.apply(change) ? change.id : undefined;
  }

  /** Removes one of this site's own presets (ops/remove-preset.ts); false when it has none by that id. */
  removePreset(id: string): boolean {
    return this.apply(removePreset(this.state, id));
  }

  setProps(id: string, props: Record<string, unknown>): boolean {
    return this.apply(setProps(this.state, id, props));
  }

  /** Hides blocks from visitors (kept in the document, dimmed in the preview), or shows them again. */
  setHidden(ids: readonly string[], hidden: boolean): boolean {
    return this.apply(setHidden(this.state, ids, hidden));
  }

  // -------------------------------------------------------------- pages and settings (ops/)

  addPage(title: string, path: string): string | undefined {
    const change = addPage(this.state, title, path);
    return this.apply(change) ? change.id : undefined;
  }

  updatePage(id: string, patch: PagePatch): boolean {
    return this.apply(updatePage(this.state, id, patch));
  }

  removePage(id: string): { ok: boolean; reason?: string } {
    const { change, reason } = removePage(this.state, id);
    return change ? { ok: this.apply(change) } : { ok: false, reason };
  }

  removeTemplatePage(id: string): boolean {
    return this.apply(removeTemplatePage(this.state, id));
  }

  restoreTemplatePage(id: string): boolean {
    return this.apply(restoreTemplatePage(this.state, id));
  }

  setFeature(key: string, value: unknown): boolean {
    return this.apply(setFeature(key, value));
  }

  setSetting(key: string, value: unknown): boolean {
    return this.apply(setSetting(this.state, key, value));
  }
}
