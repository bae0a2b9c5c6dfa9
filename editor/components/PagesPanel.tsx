/**
 * The site's pages: pick one to edit, add a page (title and route), or open the header and
 * footer. Template pages the site leaves out are listed below, each with "Restore".
 */
import { useId, useState, type FormEvent } from 'react';
import {
  isPlainName,
  LAYOUT_VIEW,
  leftOutPages,
  pageOrigin,
  pageTitleText,
  pathFor,
  type Doc,
} from '../lib/doc.ts';
import { useAnnounce, useEditor, useStore } from '../lib/hooks.ts';
import { PanelTitle, usePanelOpen } from './PanelTitle.tsx';

/** A page's title as listed: without the " | {site}" part, else its id. */
function shortTitle(page: { id?: unknown; title?: unknown }, siteName: unknown): string {
  return pageTitleText(page.title, siteName).replace(/\s*\|.*$/, '') || String(page.id);
}

export function PagesPanel() {
  const store = useStore();
  const pages = useEditor((s) => s.resolved.pages as Doc[] | undefined);
  const siteName = useEditor((s) => s.resolved.name);
  const view = useEditor((s) => s.view);
  const doc = useEditor((s) => s.doc);
  const template = useEditor((s) => s.template);
  const [adding, setAdding] = useState(false);
  const [open, toggle] = usePanelOpen('pages');
  return (
    <section
      className={`fc-panel fc-pages${open ? '' : ' is-collapsed'}`}
      aria-labelledby="fc-pages-title"
    >
      <div className="fc-panel-head">
        <PanelTitle id="fc-pages-title" open={open} onToggle={toggle} controls="fc-pages-body">
          Pages
        </PanelTitle>
        <button type="button" onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
          Add page
        </button>
      </div>
      <div className="fc-panel-body" id="fc-pages-body" hidden={!open}>
        {adding && <AddPageForm onDone={() => setAdding(false)} />}
        <ul className="fc-page-list">
          <li>
            <button
              type="button"
              className="fc-page-item"
              aria-current={view === LAYOUT_VIEW ? 'page' : undefined}
              onClick={() => store.setView(LAYOUT_VIEW)}
            >
              <span>Header and footer</span>
              <small>every page</small>
            </button>
          </li>
          {(pages ?? []).map((p) => {
            const origin = pageOrigin(doc, template, String(p.id));
            return (
              <li key={String(p.id)}>
                <button
                  type="button"
                  className="fc-page-item"
                  data-page={String(p.id)}
                  aria-current={view === `page:${p.id}` ? 'page' : undefined}
                  onClick={() => store.setView(`page:${p.id}`)}
                >
                  <span>{shortTitle(p, siteName)}</span>
                  <small>
                    <code>{String(p.path)}</code>
                    {origin === 'template'
                      ? ' · template'
                      : origin === 'override'
                        ? ' · changed from template'
                        : ''}
                  </small>
                </button>
              </li>
            );
          })}
        </ul>
        <RemovedTemplatePages />
      </div>
    </section>
  );
}

/** Template pages this site leaves out (`withoutPages`), collapsed, each with "Restore". */
function RemovedTemplatePages() {
  const store = useStore();
  const announce = useAnnounce();
  const doc = useEditor((s) => s.doc);
  const template = useEditor((s) => s.template);
  const siteName = useEditor((s) => s.resolved.name);
  const removed = leftOutPages(doc, template);
  if (!removed.length) return null;
  return (
    <details className="fc-removed-pages">
      <summary>Removed template pages ({removed.length})</summary>
      <ul className="fc-page-list">
        {removed.map((p) => (
          <li key={p.id} data-removed-page={p.id}>
            <span>
              {p.inTemplate ? shortTitle(p, siteName) : p.id}{' '}
              <small>{p.inTemplate ? <code>{p.path}</code> : 'no longer in the template'}</small>
            </span>{' '}
            <button
              type="button"
              className="fc-link"
              aria-label={`Restore ${p.id}`}
              onClick={() => {
                if (store.restoreTemplatePage(p.id))
                  announce(
                    p.inTemplate
                      ? `Restored template page ${p.id}.`
                      : `Dropped ${p.id} from the removed pages.`,
                  );
              }}
            >
              Restore
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

function AddPageForm({ onDone }: { onDone: () => void }) {
  const store = useStore();
  const announce = useAnnounce();
  const pages = useEditor((s) => s.resolved.pages as Doc[] | undefined);
  const [title, setTitle] = useState('');
  const [path, setPath] = useState('');
  const [pathTouched, setPathTouched] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  const route = pathTouched ? path : title ? pathFor(title) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError('Give the page a title.');
    if (!/^\/[a-z0-9._~:/*-]*$/.test(route))
      return setError(
        'A route starts with / and uses lower-case letters, digits and hyphens, e.g. /service-specials.',
      );
    if ((pages ?? []).some((p) => p.path === route))
      return setError(`Another page already has the route ${route}.`);
    const newId = store.addPage(title.trim(), route);
    if (newId) {
      announce(`Added page ${title.trim()} at ${route}.`);
      onDone();
    }
  };
  return (
    <form className="fc-add-page" onSubmit={submit} aria-label="Add a page">
      <label htmlFor={`${id}-t`}>Title</label>
      <input
        id={`${id}-t`}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="Service specials"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on a staff member's click, to be typed in at once
        autoFocus
      />
      <label htmlFor={`${id}-p`}>Route</label>
      <input
        id={`${id}-p`}
        value={route}
        spellCheck={false}
        onChange={(e) => {
          setPathTouched(true);
          setPath(e.target.value);
        }}
        placeholder="/service-specials"
      />
      {route && !isPlainName(route.slice(1).split('/')[0] || 'x') && !route.includes(':') && (
        <small className="fc-help">Use plain words joined by hyphens.</small>
      )}
      {error && (
        <small className="fc-error" role="alert">
          {error}
        </small>
      )}
      <div className="fc-actions">
        <button type="submit">Add</button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
