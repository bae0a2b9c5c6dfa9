import { useState } from 'react';
import { LAYOUT_VIEW, pageOrigin, pageTitleText, type Doc } from '../../lib/doc.ts';
import { useAnnounce, useEditor, useIssues, useStore } from '../../lib/hooks.ts';
import {
  changeCount,
  templatePageState,
  type TemplatePageState,
} from '../../lib/page-change-words.ts';
import { PageField } from './PageField.tsx';
import { useFieldHistoryKeys } from './useFieldHistoryKeys.ts';

/**
 * Where the page comes from, as it is stored: a template page the site changed block by block
 * still follows the template (its changes named by block and field), unlike the site's own
 * copy (docs/editor-design.md, "The document model").
 */
function PageOriginNote({
  origin,
  state,
}: {
  origin: ReturnType<typeof pageOrigin>;
  state: TemplatePageState;
}) {
  if (origin === 'site') return <p className="fc-muted">A page of this site.</p>;
  if (state.kind === 'copy') {
    return (
      <p className="fc-muted">
        This site’s own copy of a template page: the template’s later changes to this page do not
        reach this site. “Reset to template” goes back to the template’s page.
      </p>
    );
  }
  if (state.kind === 'template') {
    return (
      <p className="fc-muted">
        The template’s page, unchanged. Edits are kept as this site’s changes to it; adding or
        moving blocks makes this site’s own copy of the page.
      </p>
    );
  }
  return (
    <div className="fc-muted" data-testid="page-changes">
      <p>
        The template’s page with {changeCount(state.changes.length)} of this site (the template’s
        other changes to this page still reach this site):
      </p>
      <ul>
        {state.changes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        “Reset to template” drops {state.changes.length === 1 ? 'this change' : 'these changes'} and
        goes back to the template’s page.
      </p>
    </div>
  );
}

/** The page of the view: title, route, description, header and footer, and removing or resetting it. */
export function PageInspector() {
  const store = useStore();
  const view = useEditor((s) => s.view);
  const page = useEditor((s) =>
    s.view === LAYOUT_VIEW
      ? undefined
      : (s.resolved.pages as Doc[]).find((p) => `page:${p.id}` === s.view),
  );
  const doc = useEditor((s) => s.doc);
  const template = useEditor((s) => s.template);
  const siteName = useEditor((s) => s.resolved.name);
  const { issues } = useIssues();
  const announce = useAnnounce();
  const historyKeys = useFieldHistoryKeys();
  const [message, setMessage] = useState<string>();
  if (view === LAYOUT_VIEW || !page) {
    return (
      <p className="fc-empty">
        The header and footer appear on every page whose “Show header and footer” is on. Select a
        page to edit its title and route.
      </p>
    );
  }
  const origin = pageOrigin(doc, template, String(page.id));
  const pageIssues = issues.filter((i) => i.target.kind === 'page' && i.target.pageId === page.id);
  const fieldError = (field: string) =>
    pageIssues
      .filter((i) => (i.target as { field: string[] }).field[0] === field)
      .map((i) => i.message);
  const set = (patch: Record<string, unknown>) => store.updatePage(String(page.id), patch);
  return (
    <div className="fc-page-inspector" onKeyDown={historyKeys}>
      <header className="fc-inspector-head">
        <h2>
          Page <code>{String(page.id)}</code>
        </h2>
        <PageOriginNote origin={origin} state={templatePageState(doc, template, String(page.id))} />
      </header>
      <PageField
        id="page-title"
        label="Title"
        help="Browser tab and search-engine title. {site} is replaced by the site name."
        errors={fieldError('title')}
      >
        <input
          id="page-title"
          type="text"
          value={String(page.title ?? '')}
          onChange={(e) => set({ title: e.target.value })}
        />
      </PageField>
      <p className="fc-muted">Shown as: {pageTitleText(page.title, siteName)}</p>
      <PageField
        id="page-path"
        label="Route"
        help="Address of the page, e.g. /service or /cars/:slug. * is the not-found page."
        errors={fieldError('path')}
      >
        <input
          id="page-path"
          type="text"
          spellCheck={false}
          value={String(page.path ?? '')}
          onChange={(e) => set({ path: e.target.value })}
        />
      </PageField>
      <PageField
        id="page-description"
        label="Description"
        help="Search-engine description."
        errors={fieldError('description')}
      >
        <textarea
          id="page-description"
          rows={3}
          value={String(page.description ?? '')}
          onChange={(e) => set({ description: e.target.value })}
        />
      </PageField>
      <label className="fc-check">
        <input
          type="checkbox"
          id="page-layout"
          checked={page.layout !== false}
          onChange={(e) => set({ layout: e.target.checked })}
        />{' '}
        Show header and footer
      </label>
      <div className="fc-actions">
        {origin !== 'template' && (
          <button
            type="button"
            className={origin === 'override' ? undefined : 'fc-danger'}
            onClick={() => {
              const r = store.removePage(String(page.id));
              if (r.ok)
                announce(
                  origin === 'override'
                    ? `Page ${page.id} reset to the template.`
                    : `Removed page ${page.id}. Undo with Ctrl+Z.`,
                );
              setMessage(r.reason);
            }}
          >
            {origin === 'override' ? 'Reset to template' : 'Remove page'}
          </button>
        )}
        {origin !== 'site' && (
          <button
            type="button"
            className="fc-danger"
            onClick={() => {
              if (store.removeTemplatePage(String(page.id)))
                announce(
                  `Removed template page ${page.id} from this site. Undo with Ctrl+Z, or restore it under “Removed template pages”.`,
                );
            }}
          >
            Remove from this site
          </button>
        )}
      </div>
      {origin !== 'site' && (
        <p className="fc-muted">
          “Remove from this site” leaves the template’s page out of this site (its route then
          answers “not found”); it is listed under “Removed template pages” to restore.
        </p>
      )}
      {message && <p className="fc-warning">{message}</p>}
    </div>
  );
}
