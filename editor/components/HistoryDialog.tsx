/**
 * The site's published versions, newest first (who, when, what changed), each with
 * "Restore as draft": that version becomes the draft and opens in the editor; nothing is
 * published until someone publishes it.
 */
import { useId, useState } from 'react';
import type { PublishedVersion } from '../lib/api.ts';
import { formatWhen } from '../lib/publishing.ts';
import { Dialog } from './Dialog.tsx';
import { LoadedList, useLoadedList } from './loaded-list.tsx';

export function HistoryDialog(props: {
  load: () => Promise<PublishedVersion[]>;
  onRestore: (version: PublishedVersion) => Promise<boolean>;
  onClose: () => void;
  busy: boolean;
  /** Unsaved changes in the editor, which restoring replaces. */
  dirty: boolean;
  /** Why this person may not restore (an editor-role member), shown in place of the action. */
  refusal?: string;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState<string>();
  const { items, error } = useLoadedList(props.load, 'The history');

  const restore = async (v: PublishedVersion) => {
    if (props.dirty && confirming !== v.commit) return setConfirming(v.commit);
    if (await props.onRestore(v)) props.onClose();
  };

  return (
    <Dialog
      title="Published versions"
      description="What visitors saw, newest first. Restoring a version makes it the draft: nothing is live until it is published."
      onClose={props.onClose}
      className="fc-history"
      testId="history"
      actions={
        <button type="button" onClick={props.onClose} data-autofocus>
          Close
        </button>
      }
    >
      {props.refusal && (
        <p id={`${id}-why`} className="fc-muted" data-role-why>
          {props.refusal}
        </p>
      )}
      <LoadedList items={items} error={error} empty="No published versions yet.">
        {(versions) => (
          <ol className="fc-history-list" aria-label="Published versions">
            {versions.map((v, i) => (
              <li key={v.commit} data-version={v.commit}>
                <h3 id={`${id}-${i}`}>
                  {formatWhen(v.date)} · {v.author}
                  {i === 0 && <span className="fc-badge"> live now</span>}
                </h3>
                {v.summary.length ? (
                  <ul>
                    {v.summary.map((line, j) => (
                      <li key={j}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="fc-muted">{v.message}</p>
                )}
                {confirming === v.commit && (
                  <p className="fc-warning" role="alert">
                    Restoring replaces the unsaved changes in the editor.
                  </p>
                )}
                <div className="fc-actions">
                  <button
                    type="button"
                    onClick={() => void restore(v)}
                    disabled={props.busy || !!props.refusal}
                    aria-describedby={props.refusal ? `${id}-${i} ${id}-why` : `${id}-${i}`}
                  >
                    {confirming === v.commit ? 'Restore anyway' : 'Restore as draft'}
                  </button>
                  {confirming === v.commit && (
                    <button type="button" onClick={() => setConfirming(undefined)}>
                      Cancel
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </LoadedList>
    </Dialog>
  );
}
