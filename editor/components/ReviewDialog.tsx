/**
 * Before saving: what changed since the saved draft. First the change as visitors will see
 * it (template merged), in staff words with the risky changes first (lib/change-words.ts),
 * then the file change exactly as a reviewer will read it in the pull request (the semantic
 * diff the review tooling prints, engine/document/diff.ts). Saving writes a draft
 * (docs/publishing.md): nothing goes live.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { diffSiteDocuments, type SiteChange } from '../../engine/document/diff.ts';
import { groupChanges } from '../../engine/document/diff-render.ts';
import { describeChange } from '../../engine/document/diff-sentences.ts';
import { useEditor } from '../lib/hooks.ts';
import { staffChangeLines, type StaffLine } from '../../engine/document/words/change-words.ts';
import { resolveDraft } from '../lib/doc.ts';
import { RISK_TITLES } from '../../engine/document/risk.ts';
import { mapIssues, type DocumentIssue } from '../lib/issues.ts';
import { locatePath, pathWords } from '../../engine/document/words/place-words.ts';

const OPEN = '\u0001';
const CLOSE = '\u0002';

/** describeChange with names and values as <code>. */
function Sentence({ change }: { change: SiteChange }) {
  const text = describeChange(change, (s) => `${OPEN}${s}${CLOSE}`);
  const parts: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    const a = rest.indexOf(OPEN);
    if (a < 0) {
      parts.push(rest);
      break;
    }
    const b = rest.indexOf(CLOSE, a);
    parts.push(rest.slice(0, a), <code key={key++}>{rest.slice(a + 1, b)}</code>);
    rest = rest.slice(b + 1);
  }
  return <>{parts}</>;
}

export function ChangeList({ changes, empty }: { changes: SiteChange[]; empty: string }) {
  if (!changes.length) return <p className="fc-muted">{empty}</p>;
  return (
    <>
      {groupChanges(changes).map((g) => (
        <section key={g.title} className="fc-change-group">
          <h4>{g.title}</h4>
          <ul>
            {g.changes.map((c, i) => (
              <li key={i}>
                <Sentence change={c} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** Changes in staff words, the risky ones first and marked with their kind of risk. */
export function StaffChangeList({ lines, empty }: { lines: StaffLine[]; empty: string }) {
  if (!lines.length) return <p className="fc-muted">{empty}</p>;
  return (
    <ul className="fc-staff-changes" data-staff-changes>
      {lines.map((l, i) => (
        <li key={i} data-risk={l.risk}>
          {l.risk && <strong>{RISK_TITLES[l.risk]}: </strong>}
          {l.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A refused save's problems where staff fix them, in the editor's words ("Page Home (/) ›
 * Hero home-hero › Heading: This cannot be empty"); the server's paths and wording stay
 * folded away for reviewers (docs/editor-design.md, "Drafts and publishing").
 */
export function ServerIssues({ issues }: { issues: DocumentIssue[] }) {
  const doc = useEditor((s) => s.doc);
  const resolved = useEditor((s) => s.resolved);
  const template = useEditor((s) => s.template);
  const shown = useMemo(() => {
    return issues.map((i) => {
      const place = locatePath(i.path, resolved, { doc, template });
      const message =
        'at' in place ? mapIssues(resolved, [{ ...i, path: place.at }])[0].message : i.message;
      return { issue: i, where: pathWords(i.path, resolved, { doc, template }), message };
    });
  }, [issues, doc, resolved, template]);
  return (
    <>
      <ul className="fc-server-issues">
        {shown.map(({ issue, where, message }) => (
          <li key={issue.path + issue.message}>
            <strong>{where}</strong>: {message}
          </li>
        ))}
      </ul>
      <details className="fc-raw-issues">
        <summary>As the server reported them (for reviewers)</summary>
        <ul>
          {issues.map((i) => (
            <li key={i.path + i.message}>
              <code>{i.path}</code> {i.message}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

export function ReviewDialog(props: {
  open: boolean;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  blocked?: string;
  serverIssues: DocumentIssue[];
  error?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const doc = useEditor((s) => s.doc);
  const saved = useEditor((s) => s.saved);
  const templates = useEditor((s) => s.templates);
  const template = useEditor((s) => s.template);
  const slug = useEditor((s) => s.slug);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) {
      if (d.showModal) d.showModal();
      else d.setAttribute('open', '');
    }
    if (!props.open && d.open) {
      if (d.close) d.close();
      else d.removeAttribute('open');
    }
  }, [props.open]);

  const visible = useMemo(() => {
    if (!props.open) return [];
    const docs = { before: resolveDraft(saved, templates), after: resolveDraft(doc, templates) };
    return staffChangeLines(diffSiteDocuments(docs.before, docs.after), docs);
  }, [props.open, saved, doc, templates]);
  const file = useMemo(
    () =>
      props.open
        ? diffSiteDocuments(
            saved,
            doc,
            template ? { templates: { before: template, after: template } } : {},
          )
        : [],
    [props.open, saved, doc, template],
  );

  return (
    <dialog
      ref={ref}
      className="fc-review"
      aria-labelledby="fc-review-title"
      onClose={props.onClose}
      onCancel={props.onClose}
    >
      <h2 id="fc-review-title">Review changes to {slug}</h2>
      <p className="fc-muted">
        Saving makes these changes the site’s draft. Visitors see them only once the draft is
        published.
      </p>
      <div className="fc-review-body" data-testid="review-diff">
        <h3>On the site</h3>
        <StaffChangeList lines={visible} empty="Nothing visitors see has changed." />
        <details open={!visible.length && !!file.length}>
          <summary>In the file sites/{slug}.json, as reviewers will read it</summary>
          <ChangeList changes={file} empty="The file does not change." />
        </details>
      </div>
      {props.blocked && (
        <p className="fc-error" role="alert">
          {props.blocked}
        </p>
      )}
      {props.error && (
        <div className="fc-error" role="alert">
          <p>Not saved: {props.error}. Your changes are kept in this browser.</p>
          {props.serverIssues.length > 0 && <ServerIssues issues={props.serverIssues} />}
        </div>
      )}
      <div className="fc-actions fc-review-actions">
        <button type="button" onClick={props.onClose}>
          Keep editing
        </button>
        <button
          type="button"
          className="fc-primary"
          onClick={props.onSave}
          disabled={props.saving || !!props.blocked || (!file.length && !visible.length)}
        >
          {props.saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </dialog>
  );
}
