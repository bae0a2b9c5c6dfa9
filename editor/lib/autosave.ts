/**
 * Never lose work: the draft of each site is kept in localStorage as it changes, and
 * offered back when the editor opens that site again (until it is saved or discarded).
 */
import { hashObject } from '@rjsf/utils';
import type { Doc } from './doc.ts';
import type { StoredHistory } from './store/index.ts';

const PREFIX = 'forecourt:editor:draft:';

export interface StoredDraft {
  v: 1;
  slug: string;
  doc: Doc;
  /** Server version the draft started from (to warn when the site was saved since). */
  baseVersion?: string;
  /**
   * A fingerprint of the saved document the draft started from (`documentFingerprint`): an
   * image upload moves the version without changing the document, which is no one's save.
   */
  baseHash?: string;
  savedAt: number;
  /**
   * The undo history that led to `doc`, bounded (store/history-storage.ts). The store
   * takes it back only when it fits the document it opens with; editors that predate it
   * ignore it.
   */
  history?: StoredHistory;
}

export function draftKey(slug: string) {
  return `${PREFIX}${slug}`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(slug: string): StoredDraft | undefined {
  const raw = storage()?.getItem(draftKey(slug));
  if (!raw) return undefined;
  try {
    const d = JSON.parse(raw) as StoredDraft;
    return d && d.v === 1 && d.slug === slug && d.doc && typeof d.doc === 'object' ? d : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores the draft (with its undo history when given); returns an error message when the
 * browser refuses (storage full). The draft matters more than the history: when both do
 * not fit, the draft is kept alone.
 */
export function saveDraft(
  slug: string,
  doc: Doc,
  baseVersion?: string,
  history?: StoredHistory,
  base?: Doc,
): string | undefined {
  const s = storage();
  if (!s) return 'this browser does not allow local storage, so drafts are not kept';
  const baseHash = base && documentFingerprint(base);
  const draft: StoredDraft = { v: 1, slug, doc, baseVersion, baseHash, savedAt: Date.now() };
  const withHistory =
    history && (history.past.length || history.future.length) ? { ...draft, history } : undefined;
  try {
    if (withHistory) {
      try {
        s.setItem(draftKey(slug), JSON.stringify(withHistory));
        return undefined;
      } catch {
        // fall through: try the draft alone
      }
    }
    s.setItem(draftKey(slug), JSON.stringify(draft));
    return undefined;
  } catch (err) {
    return `the draft could not be kept in this browser (${(err as Error).name}); save soon`;
  }
}

export function discardDraft(slug: string) {
  storage()?.removeItem(draftKey(slug));
}

/** Slugs with a stored draft (the site list marks them). */
export function draftSlugs(): string[] {
  const s = storage();
  if (!s) return [];
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) out.push(k.slice(PREFIX.length));
  }
  return out.sort();
}

/**
 * Debounced autosave: call `schedule()` on every change; the draft is written at most
 * every `delay` ms and at once on `flush()` (page hide).
 */
export function createAutosaver(write: () => void, delay = 300) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        write();
      }, delay);
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      timer = undefined;
      write();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

const fingerprints = new WeakMap<Doc, string>();

/** The same for equal documents, whatever their keys' order; kept per document object (the saved one changes only on load and save). */
export function documentFingerprint(doc: Doc): string {
  let print = fingerprints.get(doc);
  if (print === undefined) {
    print = hashObject(doc);
    fingerprints.set(doc, print);
  }
  return print;
}

/**
 * Whether someone saved the site's document since the draft began: the version moved and,
 * when the draft knows its starting document, the document is another. A version moved by an
 * image upload alone (the document the same) is not a save to warn of.
 */
export function savedSince(draft: StoredDraft, version: string, saved: Doc): boolean {
  if (!draft.baseVersion || draft.baseVersion === version) return false;
  return draft.baseHash === undefined || draft.baseHash !== documentFingerprint(saved);
}
