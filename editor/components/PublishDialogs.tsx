/**
 * The dialogs of the draft flow (docs/publishing.md): the review description to copy
 * after "Request review", the confirmation before publishing (what the draft changes),
 * and the confirmation before discarding the draft.
 */
import { useContext, useId, useMemo, useRef, useState } from 'react';
import { placeholderIssues } from '../../engine/site/placeholders.ts';
import { pathWords } from '../../engine/document/words/place-words.ts';
import type { DraftInfo, ReviewResult } from '../lib/api.ts';
import { StoreContext } from '../lib/hooks.ts';
import { Dialog } from './Dialog.tsx';

/**
 * Fields of the open site still holding a new block's placeholder words, named as staff see
 * them: publishing refuses them (engine/site/placeholders.ts), so the dialog says so first.
 */
function usePlaceholderPlaces(): string[] {
  const store = useContext(StoreContext);
  return useMemo(() => {
    const resolved = store?.getState().resolved;
    return resolved ? placeholderIssues(resolved).map((i) => pathWords(i.path, resolved)) : [];
  }, [store]);
}

export const PLACEHOLDERS_LEFT = (n: number) =>
  `Not ready to publish: ${n === 1 ? 'a field still holds' : `${n} fields still hold`} the words a new block starts with. Write the dealer's own first:`;

function Summary({ draft }: { draft: DraftInfo }) {
  if (!draft.summary.length)
    return <p className="fc-muted">The draft changes nothing visitors would see.</p>;
  return (
    <ul className="fc-draft-summary" data-draft-summary>
      {draft.summary.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

const UNSAVED =
  'You have unsaved changes in the editor: they are not part of the draft yet. Save them first to include them.';

export function ReviewRequestDialog({
  review,
  dirty,
  onClose,
}: {
  review: ReviewResult;
  dirty: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(review.markdown);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard access (plain http, permissions): select it for Ctrl+C.
      area.current?.focus();
      area.current?.select();
      setCopied('Selected: press Ctrl+C (⌘C on a Mac) to copy.');
    }
  };
  return (
    <Dialog
      title="Review requested"
      description={
        review.pushed && review.pullRequest ? (
          <>
            The draft is pushed to <code>{review.remote}</code> as branch{' '}
            <code data-review-branch>{review.branch}</code>, and its pull request is{' '}
            {review.pullRequest.created ? 'open' : 'brought up to date'}:{' '}
            <a href={review.pullRequest.url} target="_blank" rel="noreferrer" data-pull-request>
              pull request #{review.pullRequest.number}
            </a>
            .
          </>
        ) : review.pushed ? (
          <>
            The draft is pushed to <code>{review.remote}</code> as branch{' '}
            <code data-review-branch>{review.branch}</code>. Open a pull request from that branch
            with the description below.
            {review.pullRequestError && ` (${review.pullRequestError}.)`}
          </>
        ) : (
          <>
            Not pushed: this server has no remote for reviews (<code>FORECOURT_GIT_REMOTE</code>).
            The draft is on branch <code data-review-branch>{review.branch}</code> of the server’s
            repository. Send the description below to the reviewer.
          </>
        )
      }
      onClose={onClose}
      className="fc-review-request"
      testId="review-request"
      actions={
        <button type="button" className="fc-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {dirty && <p className="fc-warning">{UNSAVED}</p>}
      <div className="fc-field">
        <label htmlFor={`${id}-markdown`}>Review description (Markdown)</label>
        <textarea
          id={`${id}-markdown`}
          ref={area}
          readOnly
          rows={14}
          value={review.markdown}
          spellCheck={false}
          data-review-markdown
        />
      </div>
      <div className="fc-actions">
        <button type="button" onClick={() => void copy()} data-autofocus>
          Copy
        </button>
        <span role="status" className="fc-muted">
          {copied}
        </span>
      </div>
    </Dialog>
  );
}

export function PublishConfirm(props: {
  slug: string;
  draft: DraftInfo;
  dirty: boolean;
  busy: boolean;
  onPublish: () => void;
  onCancel: () => void;
}) {
  const placeholders = usePlaceholderPlaces();
  return (
    <Dialog
      title={`Publish ${props.slug}?`}
      description="Visitors see these changes as soon as it is published. Earlier versions stay in History."
      onClose={props.onCancel}
      className="fc-publish-confirm"
      testId="publish-confirm"
      actions={
        <>
          <button type="button" onClick={props.onCancel} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className="fc-primary"
            onClick={props.onPublish}
            disabled={props.busy || placeholders.length > 0}
          >
            {props.busy ? 'Publishing…' : 'Publish now'}
          </button>
        </>
      }
    >
      {placeholders.length > 0 && (
        <div className="fc-warning" data-placeholders>
          <p>{PLACEHOLDERS_LEFT(placeholders.length)}</p>
          <ul>
            {placeholders.map((words, i) => (
              <li key={i}>{words}</li>
            ))}
          </ul>
        </div>
      )}
      <h3>What the draft changes</h3>
      <Summary draft={props.draft} />
      {props.dirty && <p className="fc-warning">{UNSAVED}</p>}
    </Dialog>
  );
}

export function DiscardConfirm(props: {
  draft: DraftInfo;
  dirty: boolean;
  busy: boolean;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  const n = props.draft.summary.length;
  return (
    <Dialog
      title="Discard the draft?"
      description={`The draft${n ? `’s ${n} change${n === 1 ? '' : 's'}` : ''} will be deleted for everyone who edits this site. Visitors keep seeing the published site, and published versions stay in History.`}
      onClose={props.onCancel}
      className="fc-discard-confirm"
      testId="discard-confirm"
      actions={
        <>
          <button type="button" onClick={props.onCancel} data-autofocus>
            Keep the draft
          </button>
          <button
            type="button"
            className="fc-danger"
            onClick={props.onDiscard}
            disabled={props.busy}
          >
            {props.busy ? 'Discarding…' : 'Discard the draft'}
          </button>
        </>
      }
    >
      <Summary draft={props.draft} />
      {props.dirty && (
        <p className="fc-warning">Your unsaved changes in the editor are discarded too.</p>
      )}
    </Dialog>
  );
}
