import { useEditor, useIssues, useNavigateToIssue } from '../../lib/hooks.ts';
import { describeTarget } from '../../../engine/document/words/place-words.ts';
import type { EditorIssue } from '../../lib/issues.ts';

/** The draft's problems, each named by block and field in staff words and linked to where it is fixed. */
export function ProblemsPanel() {
  const { issues, pending } = useIssues();
  const navigate = useNavigateToIssue();
  const resolved = useEditor((s) => s.resolved);
  if (!issues.length) {
    return (
      <p className="fc-ok">{pending ? 'Checking…' : 'No problems: this site can be saved.'}</p>
    );
  }
  return (
    <div className="fc-problems">
      <p>
        {issues.length} problem{issues.length === 1 ? '' : 's'} to fix before saving. Everything
        else stays editable.
      </p>
      <ul>
        {issues.map((i: EditorIssue) => (
          <li key={i.path + i.rawMessage}>
            <button type="button" className="fc-link" onClick={() => navigate(i.target)}>
              {describeTarget(resolved, i.target, i.path)}
            </button>
            : {i.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
