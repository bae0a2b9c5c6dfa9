/**
 * Undo and redo, recorded around operations and apart from them: an operation is an immer
 * recipe (state.ts `Change`); running it here gives the patches and their inverse, and the
 * store records them as one entry. Undo applies the inverse, redo the patches. Changes
 * with the same `coalesce` key within COALESCE_MS (keystrokes in one field) are one entry.
 *
 * Pure: every function takes a History and gives a new one.
 */
import { applyPatches, enablePatches, produceWithPatches, type Patch } from 'immer';
import type { Doc, View } from '../doc.ts';

enablePatches();

const COALESCE_MS = 1200;
const MAX_HISTORY = 500;

/** Where the editor was: what undo (before) and redo (after) bring back. */
export interface Place {
  view: View;
  selected?: string;
  selection: readonly string[];
}

export interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  coalesce?: string;
  at: number;
  /** View and selection just before the change. */
  before: Place;
  /** Selection just after the change (the copies after a duplicate, the block that took a removed one's place). */
  after: Omit<Place, 'view'>;
}

export interface History {
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
}

export const EMPTY_HISTORY: History = { past: [], future: [] };

/** Runs a recipe on the document; undefined when it changed nothing (no history step). */
export function runRecipe(
  doc: Doc,
  resolved: Doc,
  recipe: (draft: Doc, resolved: Doc) => void,
): { doc: Doc; patches: Patch[]; inverse: Patch[] } | undefined {
  const [next, patches, inverse] = produceWithPatches(doc, (draft: Doc) => {
    recipe(draft, resolved);
  });
  return patches.length ? { doc: next as Doc, patches, inverse } : undefined;
}

/** Adds an entry (or merges it into the last one it coalesces with); the redo stack goes. */
export function record(history: History, entry: HistoryEntry): History {
  const last = history.past[history.past.length - 1];
  if (
    entry.coalesce &&
    last?.coalesce === entry.coalesce &&
    entry.at - last.at < COALESCE_MS &&
    !history.future.length
  ) {
    const merged: HistoryEntry = {
      ...last,
      patches: [...last.patches, ...entry.patches],
      inverse: [...entry.inverse, ...last.inverse],
      at: entry.at,
      after: entry.after,
    };
    return { past: [...history.past.slice(0, -1), merged], future: [] };
  }
  const past = [...history.past, entry];
  return { past: past.length > MAX_HISTORY ? past.slice(1) : past, future: [] };
}

/** What undo or redo does: the history after it, the document, and where the editor goes. */
export interface Step {
  history: History;
  doc: Doc;
  place: Partial<Place>;
  lastAction: string;
}

export function undo(history: History, doc: Doc): Step | undefined {
  const entry = history.past[history.past.length - 1];
  if (!entry) return undefined;
  return {
    history: { past: history.past.slice(0, -1), future: [...history.future, entry] },
    doc: applyPatches(doc, entry.inverse) as Doc,
    place: entry.before,
    lastAction: `Undid: ${entry.label}`,
  };
}

export function redo(history: History, doc: Doc): Step | undefined {
  const entry = history.future[history.future.length - 1];
  if (!entry) return undefined;
  return {
    history: { past: [...history.past, entry], future: history.future.slice(0, -1) },
    doc: applyPatches(doc, entry.patches) as Doc,
    place: { view: entry.before.view, ...entry.after },
    lastAction: `Redid: ${entry.label}`,
  };
}

/** Labels of the undo and redo stacks, most recent first. */
export function labels(history: History): { undo: string[]; redo: string[] } {
  return {
    undo: history.past.map((e) => e.label).reverse(),
    redo: history.future.map((e) => e.label).reverse(),
  };
}
