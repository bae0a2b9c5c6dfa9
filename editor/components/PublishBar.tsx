/**
 * The save and publish bar of an open site (docs/publishing.md): the draft's status,
 * "Review and save" (a save is a draft commit, not live), "Request review", "Publish",
 * "History" and "Discard draft", the notice of the last of these, and their dialogs.
 */
import { sameDoc } from '../lib/same-doc.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadedSite } from '../lib/api.ts';
import { useAnnounce, useEditor, useIssues, useStore } from '../lib/hooks.ts';
import { draftStatus, usePublishing, type Notice } from '../lib/publishing.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { StockFeedsDialog } from './StockFeedsDialog.tsx';
import { DiscardConfirm, PublishConfirm, ReviewRequestDialog } from './PublishDialogs.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { draftNotes } from '../lib/live-status.ts';
import { publisherRefusal, useMember } from '../lib/member.ts';

type Open = 'save' | 'publish' | 'discard' | 'history' | 'feeds';

function NoticeLine({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <div
      className={`fc-notice is-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-notice={notice.kind}
    >
      {notice.text}
      {notice.links?.map((l) => (
        <a key={l.href} href={l.href} target="_blank" rel="noreferrer">
          {l.label}
        </a>
      ))}
      <button type="button" className="fc-link" onClick={onDismiss} aria-label="Dismiss">
        ✕
      </button>
    </div>
  );
}

export function PublishBar({
  loaded,
  onSaved,
}: {
  loaded: Pick<LoadedSite, 'draft' | 'canPublish' | 'sync' | 'liveProblem'>;
  onSaved: () => void;
}) {
  const store = useStore();
  const slug = useEditor((s) => s.slug);
  const templates = useEditor((s) => s.templates);
  const dirty = useEditor((s) => !sameDoc(s.doc, s.saved));
  const issues = useIssues();
  const announce = useAnnounce();
  const [publishing, state] = usePublishing(store, loaded);
  publishing.onSaved = onSaved;
  publishing.announce = announce;
  const [open, setOpen] = useState<Open>();
  const status = useRef<HTMLParagraphElement>(null);
  const close = useCallback(() => setOpen(undefined), []);

  const blocked = issues.error
    ? `Cannot save now: ${issues.error}.`
    : issues.issues.length
      ? `Fix ${issues.issues.length} problem${issues.issues.length === 1 ? '' : 's'} before saving (see Problems). Everything stays editable meanwhile.`
      : issues.pending
        ? 'Checking the draft…'
        : undefined;

  // Ctrl/Cmd+S opens the review before saving, from anywhere in the editor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        // The review reads a draft the whole editor has caught up with, typing held included.
        store.tellHeld();
        // A tab that follows another one saves nothing (TabNotice.tsx).
        if (!store.isReadOnly) setOpen((o) => o ?? 'save');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const save = async () => {
    if (blocked && !issues.pending) return;
    if (await publishing.save()) setOpen(undefined);
    // A conflict opens its own dialog in place of the review.
    else if (publishing.getState().conflict) setOpen(undefined);
  };
  const { draft, busy } = state;
  const hasDraft = draft.exists;
  // An editor-role member sees Publish, Discard and Restore greyed out, and why (lib/member.ts).
  const refusal = publisherRefusal(useMember(), slug);

  return (
    <section className="fc-publishbar" aria-label="Draft and publishing">
      <LiveStatus slug={slug} initial={loaded} />
      <p
        className="fc-draft-status"
        ref={status}
        tabIndex={-1}
        data-dialog-fallback
        data-draft-status={hasDraft ? 'draft' : 'none'}
      >
        {draftStatus(draft)}
      </p>
      {draftNotes(draft).map((note) => (
        <p key={note} className="fc-draft-note" data-draft-note>
          {note}
        </p>
      ))}
      <div className="fc-actions" role="toolbar" aria-label="Save and publish">
        <button
          type="button"
          className="fc-primary"
          onClick={() => setOpen('save')}
          disabled={!dirty || (!!blocked && !issues.pending)}
          aria-describedby="fc-save-why"
          title={blocked}
        >
          Review and save
        </button>
        <button
          type="button"
          onClick={() => !busy && void publishing.requestReview()}
          disabled={!hasDraft}
          aria-disabled={busy ? true : undefined}
          title={hasDraft ? undefined : 'Save a draft first'}
        >
          {busy === 'review' ? 'Requesting review…' : 'Request review'}
        </button>
        {(state.canPublish || refusal) && hasDraft && (
          <button
            type="button"
            onClick={() => setOpen('publish')}
            disabled={!!busy || !!refusal}
            aria-describedby={refusal ? 'fc-role-why' : undefined}
          >
            Publish…
          </button>
        )}
        <button type="button" onClick={() => setOpen('history')}>
          History
        </button>
        <button type="button" onClick={() => setOpen('feeds')}>
          Stock feeds
        </button>
        {hasDraft && (
          <button
            type="button"
            className="fc-danger"
            onClick={() => setOpen('discard')}
            disabled={!!busy || !!refusal}
            aria-describedby={refusal ? 'fc-role-why' : undefined}
          >
            Discard draft…
          </button>
        )}
      </div>
      <span id="fc-save-why" className="fc-save-why">
        {dirty && blocked && !issues.pending ? blocked : ''}
      </span>
      {refusal && hasDraft && (
        <p id="fc-role-why" className="fc-draft-note" data-role-why>
          {refusal}
        </p>
      )}
      {state.notice && <NoticeLine notice={state.notice} onDismiss={publishing.dismissNotice} />}

      <ReviewDialog
        open={open === 'save'}
        onClose={close}
        onSave={() => void save()}
        saving={busy === 'save'}
        blocked={issues.pending ? undefined : blocked}
        serverIssues={state.saveError?.issues ?? []}
        error={state.saveError?.text}
      />
      {/* Once the review or publish dialog has closed (one modal at a time). */}
      {state.conflict && !open && (
        <ConflictDialog
          key={state.conflict.version + state.conflict.conflicts.map((c) => c.path).join()}
          conflicts={state.conflict.conflicts}
          document={state.conflict.document}
          templates={templates}
          from={state.conflict.from}
          busy={busy === 'save'}
          onResolve={(choices) => void publishing.resolve(choices)}
          onCancel={publishing.dismissConflict}
        />
      )}
      {state.review && (
        <ReviewRequestDialog review={state.review} dirty={dirty} onClose={publishing.closeReview} />
      )}
      {open === 'publish' && (
        <PublishConfirm
          slug={slug}
          draft={draft}
          dirty={dirty}
          busy={busy === 'publish'}
          onCancel={close}
          onPublish={() => void publishing.publish().then(close)}
        />
      )}
      {open === 'discard' && (
        <DiscardConfirm
          draft={draft}
          dirty={dirty}
          busy={busy === 'discard'}
          onCancel={close}
          onDiscard={() => void publishing.discard().then(close)}
        />
      )}
      {open === 'history' && (
        <HistoryDialog
          load={publishing.history}
          onRestore={publishing.restore}
          onClose={close}
          busy={busy === 'restore'}
          dirty={dirty}
          refusal={refusal}
        />
      )}
      {open === 'feeds' && <StockFeedsDialog slug={slug} onClose={close} />}
    </section>
  );
}
