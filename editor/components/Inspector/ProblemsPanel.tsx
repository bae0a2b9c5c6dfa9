import { blockName } from '../../lib/blocks.ts';
import { findBlock, pageTitleText, type Doc } from '../../lib/doc.ts';
import { useEditor, useIssues, useNavigateToIssue } from '../../lib/hooks.ts';
import { describeTarget, type EditorIssue } from '../../lib/issues.ts';

/** The draft's problems, each linked to where it is fixed. */
export function ProblemsPanel() {
  const { issues, pending } = useIssues();
  const navigate = useNavigateToIssue();
  const resolved = useEditor((s) => s.resolved);
  const blockLabel = (id: string) => {
    const b = findBlock(resolved, id)?.block;
    return b ? blockName(b) : id;
  };
  const pageLabel = (id: string) => {
    const p = (resolved.pages as Doc[] | undefined)?.find((x) => x.id === id);
    return p ? `${pageTitleText(p.title, resolved.name)} (${p.path})` : id;
  };
  if (!issues.length) {
    return <p className="fc-ok">{pending ? 'Checking…' : 'No problems: this site can be saved.'}</p>;
  }
  return (
    <div className="fc-problems">
      <p>
        {issues.length} problem{issues.length === 1 ? '' : 's'} to fix before saving. Everything else stays editable.
      </p>
      <ul>
        {issues.map((i: EditorIssue) => (
          <li key={i.path + i.message}>
            <button type="button" className="fc-link" onClick={() => navigate(i.target)}>
              {describeTarget(i.target, blockLabel, pageLabel)}
            </button>
            : {i.message} <code className="fc-muted">{i.path}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
