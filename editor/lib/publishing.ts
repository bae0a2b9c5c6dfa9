/**
 * The draft / review / publish flow of one open site (docs/publishing.md), as a small
 * external store beside the editor's: what the server holds (the draft, whether this staff
 * member may publish), what is under way, the last notice, and a pending conflict. Saving
 * writes a draft commit (never the live site); publishing merges it into what visitors see.
 */
import { useState, useSyncExternalStore } from 'react';
import { migrateDocument } from '../../engine/site/migrations.ts';
import {
  api,
  type ApiError,
  conflictOf,
  type ConflictBody,
  type DraftInfo,
  type LoadedSite,
  type PublishedVersion,
  type ReviewResult,
  type SaveResult,
} from './api.ts';
import { currentToken } from './auth.ts';
import { discardDraft as discardLocal } from './autosave.ts';
import { applyChoices, type Choices } from './conflicts.ts';
import type { Doc } from './doc.ts';
import type { DocumentIssue } from './issues.ts';
import type { EditorStore } from './store/index.ts';

export interface Notice {
  kind: 'ok' | 'error' | 'warning';
  text: string;
  links?: Array<{ href: string; label: string }>;
}

export type Busy = 'save' | 'review' | 'publish' | 'restore' | 'discard';

export interface PublishingState {
  draft: DraftInfo;
  canPublish: boolean;
  busy?: Busy;
  notice?: Notice;
  /** Both sides changed the same values: staff choose (ConflictDialog). */
  conflict?: ConflictBody & { from: 'save' | 'publish' };
  /** The last review request's answer (its Markdown is shown to copy). */
  review?: ReviewResult;
  /** Why the last save failed, with the server's issues (shown in the review dialog). */
  saveError?: { text: string; issues: DocumentIssue[] };
}

const NO_DRAFT: DraftInfo = { exists: false, summary: [] };

/** The notice after discarding the draft of a site that was never published. */
export const DISCARDED_NEW_SITE =
  'Draft discarded: this site was never published, so it is gone. Choose another site from the list.';

/** Staff addresses of the site: the draft preview (with the token when one is in use) and the published site. */
export function siteLinks(slug: string) {
  const token = currentToken();
  return {
    draft: `/drafts/${encodeURIComponent(slug)}/${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    published: `/sites/${encodeURIComponent(slug)}/`,
  };
}

export function formatWhen(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Draft: 2 changes not published (last saved by Alex, 3 Mar 2025, 10:04)" or "No unpublished changes". */
export function draftStatus(draft: DraftInfo): string {
  if (!draft.exists) return 'No unpublished changes';
  const n = draft.summary.length;
  const by = [draft.author && `last saved by ${draft.author}`, formatWhen(draft.date)]
    .filter(Boolean)
    .join(', ');
  return `Draft: ${n === 0 ? 'saved, with no change visitors would see,' : `${n} change${n === 1 ? '' : 's'}`} not published${by ? ` (${by})` : ''}`;
}

export class Publishing {
  private state: PublishingState;
  private listeners = new Set<() => void>();
  /** Called after a successful save (the local unsaved copy is gone). */
  onSaved: () => void = () => {};
  announce: (text: string) => void = () => {};

  constructor(
    private readonly store: EditorStore,
    loaded: Pick<LoadedSite, 'draft' | 'canPublish'>,
  ) {
    this.state = { draft: loaded.draft ?? NO_DRAFT, canPublish: loaded.canPublish ?? false };
  }

  getState = () => this.state;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
  private set(patch: Partial<PublishingState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }
  private get slug() {
    return this.store.getState().slug;
  }
  private links(which: Array<'draft' | 'published'>) {
    const l = siteLinks(this.slug);
    return which.map((w) =>
      w === 'draft'
        ? { href: l.draft, label: 'Preview the draft' }
        : { href: l.published, label: 'Open the published site' },
    );
  }
  private fail(what: string, err: unknown) {
    const e = err as ApiError;
    this.set({ notice: { kind: 'error', text: `${what}: ${e.message}.` } });
  }

  dismissNotice = () => this.set({ notice: undefined });
  closeReview = () => this.set({ review: undefined });
  /** Leaves the conflict unresolved: nothing is saved, the editor keeps this browser's changes. */
  dismissConflict = () =>
    this.set({
      conflict: undefined,
      notice: {
        kind: 'warning',
        text: 'Not saved: choose which values to keep when you save again. Your changes are kept in this browser.',
      },
    });

  /** Saves the editor's document as a draft commit. True when it was saved. */
  save = async (done = 'Draft saved.'): Promise<boolean> => {
    const { doc, baseVersion } = this.store.getState();
    this.set({ busy: 'save', saveError: undefined });
    try {
      const result = await api.saveSite(this.slug, doc, baseVersion);
      await this.saved(result, doc, done);
      return true;
    } catch (err) {
      const conflict = conflictOf(err);
      if (conflict) {
        this.set({
          conflict: { ...conflict, from: 'save' },
          notice: {
            kind: 'warning',
            text: 'Not saved yet: someone else changed the same values. Choose which to keep.',
          },
        });
        return false;
      }
      const e = err as ApiError;
      this.set({
        saveError: { text: e.message, issues: e.issues ?? [] },
        notice: {
          kind: 'error',
          text: `Not saved: ${e.message}. Your changes are kept in this browser.`,
        },
      });
      return false;
    } finally {
      this.set({ busy: undefined });
    }
  };

  private async saved(result: SaveResult, sent: Doc, done: string) {
    if (result.merged) {
      // Their changes and these, block by block: the editor shows the merged document.
      this.store.replaceDocument(result.document, 'Merged with changes saved by someone else');
      this.store.markSaved(result.document, result.version);
    } else this.store.markSaved(sent, result.version);
    discardLocal(this.slug);
    this.onSaved();
    const text = result.merged
      ? 'Merged with changes saved by someone else: their changes are now in the editor too. The draft is saved and not live yet.'
      : result.changed
        ? `${done} It is not live yet: visitors still see the published site.`
        : 'Nothing new to save: the draft already has these changes. It is not live yet.';
    this.set({ notice: { kind: 'ok', text, links: this.links(['draft', 'published']) } });
    this.announce(
      result.merged
        ? 'Merged with changes saved by someone else. Draft saved.'
        : 'Draft saved, not live yet.',
    );
    if (result.draft) this.set({ draft: result.draft });
    else await this.refresh();
  }

  /** Applies the chosen values to the server's merge, loads it into the editor and saves it. */
  resolve = async (choices: Choices): Promise<boolean> => {
    const conflict = this.state.conflict;
    if (!conflict) return false;
    const doc = applyChoices(conflict.document, conflict.conflicts, choices);
    this.store.replaceDocument(doc, 'Chose which values to keep');
    this.store.rebase(conflict.version);
    this.set({ conflict: undefined });
    return this.save(
      conflict.from === 'publish'
        ? 'Draft saved with the values you chose; publish again to put it live.'
        : 'Draft saved with the values you chose.',
    );
  };

  /** The draft, whether this staff member may publish: as the server has them now. */
  refresh = async (): Promise<LoadedSite | undefined> => {
    try {
      const site = await api.loadSite(this.slug);
      this.set({ draft: site.draft ?? NO_DRAFT, canPublish: site.canPublish ?? false });
      return site;
    } catch {
      return undefined;
    }
  };

  /** Loads what the server has as the document to edit, keeping this browser's unsaved changes. */
  private async reload(lastAction: string) {
    const site = await this.refresh();
    if (!site) return;
    const doc = migrateDocument(site.document).doc;
    if (!this.store.dirty) {
      this.store.replaceDocument(doc, lastAction);
      discardLocal(this.slug);
    }
    this.store.markSaved(doc, site.version);
  }

  requestReview = async () => {
    this.set({ busy: 'review' });
    try {
      this.set({ review: await api.requestReview(this.slug) });
    } catch (err) {
      if ((err as ApiError).status === 409)
        this.set({
          notice: {
            kind: 'warning',
            text: 'Nothing to review: this site has no saved draft. Save your changes first.',
          },
        });
      else this.fail('Could not request a review', err);
    } finally {
      this.set({ busy: undefined });
    }
  };

  publish = async (): Promise<boolean> => {
    this.set({ busy: 'publish' });
    try {
      await api.publish(this.slug);
      await this.reload('Published');
      this.set({
        draft: NO_DRAFT,
        notice: {
          kind: 'ok',
          text: 'Published: visitors see it now.',
          links: this.links(['published']),
        },
      });
      this.announce('Published: visitors see it now.');
      return true;
    } catch (err) {
      const e = err as ApiError;
      const conflict = conflictOf(err);
      if (conflict) {
        this.set({
          conflict: { ...conflict, from: 'publish' },
          notice: {
            kind: 'warning',
            text: 'Not published: the published site changed the same values since this draft began. Choose which to keep; that saves the draft, then publish again.',
          },
        });
      } else if (e.status === 403) {
        this.set({
          notice: {
            kind: 'error',
            text: `Not published: you may not publish (the server said: ${e.message}). Your draft is saved and waits: request a review and ask someone who may publish to publish it.`,
          },
        });
      } else if (e.status === 409) {
        await this.refresh();
        this.set({ notice: { kind: 'warning', text: `Not published: ${e.message}.` } });
      } else this.fail('Not published', err);
      return false;
    } finally {
      this.set({ busy: undefined });
    }
  };

  history = (): Promise<PublishedVersion[]> => api.history(this.slug);

  /** Makes a published version the draft and loads it into the editor (nothing goes live). */
  restore = async (version: PublishedVersion): Promise<boolean> => {
    this.set({ busy: 'restore' });
    try {
      const result = await api.restore(this.slug, version.commit);
      this.store.replaceDocument(
        result.document,
        `Restored the version of ${formatWhen(version.date)}`,
      );
      this.store.markSaved(result.document, result.version);
      discardLocal(this.slug);
      this.onSaved();
      if (result.draft) this.set({ draft: result.draft });
      else await this.refresh();
      const text = `The version of ${formatWhen(version.date)} (by ${version.author}) is now the draft. Nothing is live until you publish it.`;
      this.set({ notice: { kind: 'ok', text, links: this.links(['draft', 'published']) } });
      this.announce(text);
      return true;
    } catch (err) {
      this.fail('Not restored', err);
      return false;
    } finally {
      this.set({ busy: undefined });
    }
  };

  /** Deletes the draft; the editor shows the published document again. */
  discard = async (): Promise<boolean> => {
    this.set({ busy: 'discard' });
    // A site never published exists only as its draft: discarding it removes the site.
    const wasNew = this.state.draft.newSite === true;
    try {
      await api.discardDraft(this.slug);
      const site = await this.refresh();
      if (site) {
        const doc = migrateDocument(site.document).doc;
        this.store.replaceDocument(doc, 'Draft discarded');
        this.store.markSaved(doc, site.version);
      }
      discardLocal(this.slug);
      this.onSaved();
      this.set({
        draft: NO_DRAFT,
        notice: wasNew
          ? { kind: 'ok', text: DISCARDED_NEW_SITE }
          : {
              kind: 'ok',
              text: 'Draft discarded: the editor shows the published site again.',
              links: this.links(['published']),
            },
      });
      this.announce('Draft discarded.');
      return true;
    } catch (err) {
      this.fail('The draft was not discarded', err);
      return false;
    } finally {
      this.set({ busy: undefined });
    }
  };
}

/** One Publishing per open site, and its state. */
export function usePublishing(
  store: EditorStore,
  loaded: Pick<LoadedSite, 'draft' | 'canPublish'>,
): [Publishing, PublishingState] {
  const [publishing] = useState(() => new Publishing(store, loaded));
  const state = useSyncExternalStore(publishing.subscribe, publishing.getState);
  return [publishing, state];
}
