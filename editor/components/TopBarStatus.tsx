/**
 * The top bar's status: whether the draft is saved, the last action, and the problems
 * count, which says the truth about the server: while it does not answer the draft's
 * check, the bar says so (with "Check again") instead of "No problems"
 * (docs/editor-guide.md, "Problems").
 */
import { sameDoc } from '../lib/same-doc.ts';
import { useEditor } from '../lib/hooks.ts';
import type { IssuesValue } from '../lib/hooks.ts';

export const STATUS_WORDS = {
  dirty: 'Unsaved changes, kept in this browser',
  clean: 'All changes saved',
  noAnswer: 'Not checked: the server is not answering',
  retry: 'Check again',
  none: 'No problems',
  problems: (n: number) => `${n} problem${n === 1 ? '' : 's'}`,
} as const;

export function TopBarStatus({
  issues,
  onProblems,
}: {
  issues: IssuesValue;
  onProblems: () => void;
}) {
  const lastAction = useEditor((s) => s.lastAction);
  const dirty = useEditor((s) => !sameDoc(s.doc, s.saved));
  const n = issues.issues.length;
  const saved = dirty ? STATUS_WORDS.dirty : STATUS_WORDS.clean;
  return (
    <>
      {/* One line, cut with an ellipsis (the whole line as its title): a long action name never
          wraps the top bar, which would move the workspace under a drag (docs/editor-design.md). */}
      <span
        className="fc-status"
        data-dirty={dirty ? 'yes' : 'no'}
        title={lastAction ? `${saved} · ${lastAction}` : saved}
      >
        {saved}
        {lastAction ? <span className="fc-muted"> · {lastAction}</span> : null}
      </span>
      {issues.error ? (
        <span className="fc-server-down" role="alert" data-server="no-answer" title={issues.error}>
          {STATUS_WORDS.noAnswer}
          {n ? ` (${STATUS_WORDS.problems(n)} at the last check)` : ''}{' '}
          <button type="button" onClick={() => issues.retry?.()}>
            {STATUS_WORDS.retry}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={`fc-problems-badge${n ? ' has-problems' : ''}`}
          onClick={onProblems}
        >
          {n ? STATUS_WORDS.problems(n) : STATUS_WORDS.none}
        </button>
      )}
    </>
  );
}
