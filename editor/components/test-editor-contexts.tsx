/**
 * The editor's contexts around a component under test, as SiteEditor provides them: its
 * store, the draft's problems (none unless given) and their counts per block.
 */
import type { ReactNode } from 'react';
import {
  IssueCounts,
  IssueCountsContext,
  IssuesContext,
  StoreContext,
  type IssuesValue,
} from '../lib/hooks.ts';
import type { EditorStore } from '../lib/store/index.ts';

type Issue = IssuesValue['issues'][number];

/** The problems as the panels read them: all of them, and each block's own. */
export function issuesValue(issues: Issue[] = []): IssuesValue {
  const byBlock = new Map<string, Issue[]>();
  for (const i of issues)
    if (i.target.kind === 'block')
      byBlock.set(i.target.blockId, [...(byBlock.get(i.target.blockId) ?? []), i]);
  return { issues, byBlock, pending: false, revision: 0, site: null };
}

/** `ui` inside the editor's contexts: `store`, and `issues` (a list, or the value as it is). */
export function inEditor(
  store: EditorStore,
  ui: ReactNode,
  issues: Issue[] | IssuesValue = [],
): ReactNode {
  const value = Array.isArray(issues) ? issuesValue(issues) : issues;
  const counts = new IssueCounts();
  counts.update(value.byBlock);
  return (
    <StoreContext.Provider value={store}>
      <IssuesContext.Provider value={value}>
        <IssueCountsContext.Provider value={counts}>{ui}</IssueCountsContext.Provider>
      </IssuesContext.Provider>
    </StoreContext.Provider>
  );
}
