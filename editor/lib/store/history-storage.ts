/**
 * Undo history kept across reloads: written with the autosaved draft (editor/lib/autosave.ts),
 * bounded, and taken back only when it fits the document the editor opens with
 * (docs/editor-design.md, "Autosave and clipboard").
 *
 * Pure: History in, a JSON-safe value out, and back.
 */
import isEqual from 'lodash-es/isEqual.js';
import isPlainObject from 'lodash-es/isPlainObject.js';
import { applyPatches, type Patch } from 'immer';
import type { Doc } from '../doc.ts';
import type { History, HistoryEntry } from './history.ts';

/** At most this many steps each way… */
export const MAX_STORED_STEPS = 100;
/** …and about this many characters of JSON (localStorage holds ~5 MB per origin, drafts first). */
export const MAX_STORED_CHARS = 500_000;

export interface StoredHistory {
  v: 1;
  /** Oldest first, as in History. */
  past: HistoryEntry[];
  /** The next redo last, as in History. */
  future: HistoryEntry[];
}

/** The history to store: the steps nearest the present, within the bounds. */
export function historyForStorage(history: History): StoredHistory {
  const past = history.past.slice(-MAX_STORED_STEPS);
  const future = history.future.slice(-MAX_STORED_STEPS);
  const size = (e: HistoryEntry) => JSON.stringify(e).length;
  const pastSizes = past.map(size);
  const futureSizes = future.map(size);
  let total = pastSizes.reduce((a, b) => a + b, 0) + futureSizes.reduce((a, b) => a + b, 0);
  // Drop the step furthest from the present (the oldest undo or the last redo) until it fits.
  let p = 0;
  let f = 0;
  while (total > MAX_STORED_CHARS && (p < past.length || f < future.length)) {
    if (p < past.length && (past.length - p >= future.length - f || f >= future.length))
      total -= pastSizes[p++];
    else total -= futureSizes[f++];
  }
  return { v: 1, past: past.slice(p), future: future.slice(f) };
}

function isEntry(e: unknown): e is HistoryEntry {
  if (!isPlainObject(e)) return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x.label === 'string' &&
    Array.isArray(x.patches) &&
    Array.isArray(x.inverse) &&
    isPlainObject(x.before) &&
    isPlainObject(x.after)
  );
}

function replays(doc: Doc, steps: Patch[][]): Doc {
  let out = doc;
  for (const patches of steps) out = applyPatches(out, patches) as Doc;
  return out;
}

/**
 * The stored history for `doc`, or undefined when it does not fit it: every undo applies
 * from `doc` back and every redo forward again to the same document, and every redo
 * applies from `doc` and undoes back to it.
 */
export function historyFromStorage(stored: unknown, doc: Doc): History | undefined {
  if (!isPlainObject(stored)) return undefined;
  const { v, past, future } = stored as Partial<StoredHistory>;
  if (
    v !== 1 ||
    !Array.isArray(past) ||
    !Array.isArray(future) ||
    !past.every(isEntry) ||
    !future.every(isEntry)
  )
    return undefined;
  if (!past.length && !future.length) return undefined;
  try {
    const start = replays(
      doc,
      [...past].reverse().map((e) => e.inverse),
    );
    if (
      !isEqual(
        replays(
          start,
          past.map((e) => e.patches),
        ),
        doc,
      )
    )
      return undefined;
    const end = replays(
      doc,
      [...future].reverse().map((e) => e.patches),
    );
    if (
      !isEqual(
        replays(
          end,
          future.map((e) => e.inverse),
        ),
        doc,
      )
    )
      return undefined;
  } catch {
    return undefined;
  }
  return { past, future };
}
