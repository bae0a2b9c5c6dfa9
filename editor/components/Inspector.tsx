/**
 * The right-hand panels: the selected block's props, the page, feature switches, site
 * settings and the list of problems. Every form is generated from the schemas.
 */
import { isEqual } from 'lodash-es';
import { memo, useCallback, useMemo, useState } from 'react';
import { blockName, metaOf } from '../lib/blocks.ts';
import { findBlock, inDocumentOrder, LAYOUT_VIEW, pageOrigin, pageTitleText, withoutAddedDefaults, type Doc } from '../lib/doc.ts';
import { useAnnounce, useEditor, useIssues, useNavigateToIssue, useStore } from '../lib/hooks.ts';
import { describeTarget, errorSchemaFor, type EditorIssue } from '../lib/issues.ts';
import { blockForm, featureForm, featureSwitches, SETTINGS_SECTIONS, settingsForm, type FeatureSwitch, type SettingsSection } from '../lib/schemas.ts';
import { SchemaForm, type FormContext } from './SchemaForm.tsx';
import { BlockActions, duplicateWithFocus, removeWithFocus } from './BlocksPanel.tsx';

function useFormContext(): FormContext {
  const pages = useEditor((s) => s.resolved.pages as Doc[] | undefined);
  return useMemo(() => ({ paths: [...new Set((pages ?? []).map((p) => String(p.path)).filter((p) => p.startsWith('/') && !p.includes(':')))] }), [pages]);
}

// ---------------------------------------------------------------------------- block

/** The selected block's form; with several blocks selected, a summary with their actions. */
export function BlockInspector() {
  const several = useEditor((s) => s.selection.length > 1);
  return several ? <SelectionInspector /> : <SingleBlockInspector />;
}

/** Several blocks selected: what they are, what can be done to all of them, and picking one to edit. */
function SelectionInspector() {
  const store = useStore();
  const selection = useEditor((s) => s.selection);
  const resolved = useEditor((s) => s.resolved);
  const primary = useEditor((s) => s.selected);
  const listed = useMemo(() => {
    const picked = new Set(selection);
    return inDocumentOrder(resolved, selection).map((loc) => ({ loc, inside: loc.ancestors.find((a) => picked.has(a)) }));
  }, [resolved, selection]);
  const names = listed.map(({ loc }) => blockName(loc.block));
  const covered = listed.filter((x) => x.inside).length;
  const primaryBlock = primary ? listed.find((x) => x.loc.block.id === primary)?.loc.block : undefined;
  return (
    <div className="fc-multi-inspector" data-selection-count={selection.length}>
      <header className="fc-inspector-head">
        <h2 className="fc-multi-summary">
          {selection.length} blocks selected
          <span className="fc-visually-hidden">:</span>{' '}
          <span className="fc-multi-names">
            {names.slice(0, 5).join(', ')}
            {names.length > 5 ? ', …' : ''}
          </span>
        </h2>
        {covered > 0 && (
          <p className="fc-muted">
            {covered === 1 ? '1 of them is' : `${covered} of them are`} inside another selected block and go{covered === 1 ? 'es' : ''} with it.
          </p>
        )}
        <BlockActions label="Actions on the selected blocks" />
      </header>
      <h3 id="fc-multi-edit">Edit one of them</h3>
      <ul className="fc-multi-list" aria-labelledby="fc-multi-edit">
        {listed.map(({ loc, inside }) => (
          <li key={loc.block.id} className={inside ? 'is-covered' : undefined}>
            <button type="button" onClick={() => store.select(loc.block.id)} aria-label={`Edit ${blockName(loc.block)}${inside ? ` (inside ${inside})` : ''}`}>
              <strong>{metaOf(loc.block.type).label}</strong> <code>{loc.block.id}</code>
            </button>
          </li>
        ))}
      </ul>
      <p className="fc-muted">
        In the outline: Ctrl+click (⌘-click) adds or removes a block, Shift+click selects a range, Escape goes back to {primaryBlock ? blockName(primaryBlock) : 'one block'}.
      </p>
    </div>
  );
}

function SingleBlockInspector() {
  const store = useStore();
  const selected = useEditor((s) => s.selected);
  const block = useEditor((s) => (s.selected ? findBlock(s.resolved, s.selected)?.block : undefined));
  const { byBlock } = useIssues();
  const context = useFormContext();
  const announce = useAnnounce();
  const blockIssues = selected ? byBlock.get(selected) : undefined;
  const errors = useMemo(
    () => errorSchemaFor((blockIssues ?? []).filter((i) => i.target.kind === 'block').map((i) => ({ field: (i.target as { field: string[] }).field, message: i.message }))),
    [blockIssues],
  );
  const onChange = useCallback(
    (value: unknown) => {
      const id = store.getState().selected;
      if (!id) return;
      const current = findBlock(store.getState().resolved, id)?.block;
      if (!current) return;
      const form = blockForm(current.type);
      const props = withoutAddedDefaults(value ?? {}, current.props ?? {}, form?.schema) as Record<string, unknown>;
      store.setProps(id, props);
    },
    [store],
  );

  if (!selected || !block) {
    return (
      <div className="fc-empty">
        <p>Select a block in the outline or click it in the preview to edit it.</p>
        <p className="fc-muted">
          Shortcuts: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+C / Ctrl+X / Ctrl+V copy, cut and paste blocks, Ctrl+D duplicate, Delete remove. Ctrl+click or Shift+click in the outline
          selects several blocks (Ctrl+A all of them).
        </p>
      </div>
    );
  }
  const meta = metaOf(block.type);
  const form = blockForm(block.type);
  return (
    <div className="fc-block-inspector" data-block={block.id}>
      <header className="fc-inspector-head">
        <h2>
          {meta.label} <code>{block.id}</code>
        </h2>
        {meta.description && <p className="fc-muted">{meta.description}</p>}
        <div className="fc-actions">
          {/* The block shown is the selection: the same actions as the outline's toolbar (focus stays on the button while it is there). */}
          <button type="button" onClick={(e) => duplicateWithFocus(store, announce, { keep: e.currentTarget })}>
            Duplicate
          </button>
          <button type="button" onClick={(e) => removeWithFocus(store, announce, { keep: e.currentTarget })}>
            Remove
          </button>
        </div>
      </header>
      {blockIssues?.some((i) => i.target.kind === 'block' && !(i.target as { field: string[] }).field.length) && (
        <ul className="fc-inline-issues" role="list">
          {blockIssues
            .filter((i) => i.target.kind === 'block' && !(i.target as { field: string[] }).field.length)
            .map((i) => (
              <li key={i.path + i.message}>{i.message}</li>
            ))}
        </ul>
      )}
      {form ? (
        <SchemaForm key={block.id} form={form} value={block.props ?? {}} onChange={onChange} errors={errors} context={context} label={`${meta.label} settings`} />
      ) : (
        <p className="fc-warning">This block type is not known to this version of the platform, so it cannot be edited here. Remove it or replace it.</p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------- page

export function PageInspector() {
  const store = useStore();
  const view = useEditor((s) => s.view);
  const page = useEditor((s) => (s.view === LAYOUT_VIEW ? undefined : (s.resolved.pages as Doc[]).find((p) => `page:${p.id}` === s.view)));
  const doc = useEditor((s) => s.doc);
  const template = useEditor((s) => s.template);
  const siteName = useEditor((s) => s.resolved.name);
  const { issues } = useIssues();
  const announce = useAnnounce();
  const [message, setMessage] = useState<string>();
  if (view === LAYOUT_VIEW || !page) {
    return <p className="fc-empty">The header and footer appear on every page whose “Show header and footer” is on. Select a page to edit its title and route.</p>;
  }
  const origin = pageOrigin(doc, template, String(page.id));
  const pageIssues = issues.filter((i) => i.target.kind === 'page' && i.target.pageId === page.id);
  const fieldError = (field: string) => pageIssues.filter((i) => (i.target as { field: string[] }).field[0] === field).map((i) => i.message);
  const set = (patch: Record<string, unknown>) => store.updatePage(String(page.id), patch);
  return (
    <div className="fc-page-inspector">
      <header className="fc-inspector-head">
        <h2>
          Page <code>{String(page.id)}</code>
        </h2>
        <p className="fc-muted">
          {origin === 'template' && 'From the template. Changing it makes this site’s own copy of the page.'}
          {origin === 'override' && 'This site’s own version of a template page.'}
          {origin === 'site' && 'A page of this site.'}
        </p>
      </header>
      <PageField id="page-title" label="Title" help="Browser tab and search-engine title. {site} is replaced by the site name." errors={fieldError('title')}>
        <input id="page-title" type="text" value={String(page.title ?? '')} onChange={(e) => set({ title: e.target.value })} />
      </PageField>
      <p className="fc-muted">Shown as: {pageTitleText(page.title, siteName)}</p>
      <PageField id="page-path" label="Route" help="Address of the page, e.g. /service or /cars/:slug. * is the not-found page." errors={fieldError('path')}>
        <input id="page-path" type="text" spellCheck={false} value={String(page.path ?? '')} onChange={(e) => set({ path: e.target.value })} />
      </PageField>
      <PageField id="page-description" label="Description" help="Search-engine description." errors={fieldError('description')}>
        <textarea id="page-description" rows={3} value={String(page.description ?? '')} onChange={(e) => set({ description: e.target.value })} />
      </PageField>
      <label className="fc-check">
        <input type="checkbox" id="page-layout" checked={page.layout !== false} onChange={(e) => set({ layout: e.target.checked })} /> Show header and footer
      </label>
      <div className="fc-actions">
        {origin !== 'template' && (
          <button
            type="button"
            className={origin === 'override' ? undefined : 'fc-danger'}
            onClick={() => {
              const r = store.removePage(String(page.id));
              if (r.ok) announce(origin === 'override' ? `Page ${page.id} reset to the template.` : `Removed page ${page.id}. Undo with Ctrl+Z.`);
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
              if (store.removeTemplatePage(String(page.id))) announce(`Removed template page ${page.id} from this site. Undo with Ctrl+Z, or restore it under “Removed template pages”.`);
            }}
          >
            Remove from this site
          </button>
        )}
      </div>
      {origin !== 'site' && <p className="fc-muted">“Remove from this site” leaves the template’s page out of this site (its route then answers “not found”); it is listed under “Removed template pages” to restore.</p>}
      {message && <p className="fc-warning">{message}</p>}
    </div>
  );
}

function PageField({ id, label, help, errors, children }: { id: string; label: string; help: string; errors: string[]; children: React.ReactNode }) {
  return (
    <div className={`fc-field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <small className="fc-help">{help}</small>
      {errors.map((e) => (
        <small key={e} className="fc-error" role="alert">
          {e}
        </small>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------------------- feature switches

export function FeaturePanel() {
  const [query, setQuery] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const features = useEditor((s) => s.doc.features as Doc | undefined);
  const templateFeatures = useEditor((s) => s.template?.features as Doc | undefined);
  const q = query.trim().toLowerCase();
  const groups = useMemo(() => {
    const out = new Map<string, FeatureSwitch[]>();
    for (const sw of featureSwitches()) {
      if (q && !sw.key.toLowerCase().includes(q) && !sw.label.toLowerCase().includes(q) && !sw.description.toLowerCase().includes(q) && !sw.group.toLowerCase().includes(q)) continue;
      if (onlyChanged && features?.[sw.key] === undefined && templateFeatures?.[sw.key] === undefined) continue;
      const list = out.get(sw.group) ?? [];
      list.push(sw);
      out.set(sw.group, list);
    }
    return [...out.entries()];
  }, [q, onlyChanged, features, templateFeatures]);
  return (
    <div className="fc-features">
      <div className="fc-panel-tools">
        <input type="search" className="fc-search" aria-label="Search feature switches" placeholder="Search switches" value={query} onChange={(e) => setQuery(e.target.value)} />
        <label className="fc-check">
          <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} /> Only set ones
        </label>
      </div>
      {groups.map(([group, switches]) => (
        <fieldset key={group} className="fc-feature-group">
          <legend>{group}</legend>
          {switches.map((sw) => (
            <FeatureRow key={sw.key} sw={sw} site={features?.[sw.key]} template={templateFeatures?.[sw.key]} />
          ))}
        </fieldset>
      ))}
      {!groups.length && <p className="fc-muted">No switch matches “{query}”.</p>}
    </div>
  );
}

const FeatureRow = memo(function FeatureRow({ sw, site, template }: { sw: FeatureSwitch; site: unknown; template: unknown }) {
  const store = useStore();
  const { issues } = useIssues();
  const context = useFormContext();
  const effective = site !== undefined ? site : template !== undefined ? template : sw.default;
  const errs = issues.filter((i) => i.target.kind === 'feature' && i.target.key === sw.key);
  const id = `feature-${sw.key}`;
  const set = (v: unknown) => store.setFeature(sw.key, v);
  const type = sw.schema.type;
  const status =
    site !== undefined && template !== undefined
      ? { cls: 'is-override', text: `Overrides the template (template: ${show(template)})` }
      : site !== undefined
        ? { cls: 'is-site', text: 'Set for this site' }
        : template !== undefined
          ? { cls: 'is-template', text: 'From the template' }
          : { cls: 'is-default', text: 'Default' };
  let control: React.ReactNode;
  if (type === 'boolean') {
    control = (
      <input id={id} type="checkbox" role="switch" checked={effective === true} aria-describedby={`${id}-desc`} onChange={(e) => set(e.target.checked)} />
    );
  } else if (Array.isArray(sw.schema.enum)) {
    control = (
      <select id={id} value={JSON.stringify(effective)} aria-describedby={`${id}-desc`} onChange={(e) => set(JSON.parse(e.target.value))}>
        {(sw.schema.enum as unknown[]).map((v) => (
          <option key={JSON.stringify(v)} value={JSON.stringify(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    );
  } else if (type === 'string') {
    control = <input id={id} type="text" value={typeof effective === 'string' ? effective : ''} aria-describedby={`${id}-desc`} onChange={(e) => set(e.target.value)} />;
  } else if (type === 'integer' || type === 'number') {
    control = (
      <input
        id={id}
        type="number"
        step={type === 'integer' ? 1 : 'any'}
        min={sw.schema.minimum}
        max={sw.schema.maximum}
        value={typeof effective === 'number' ? effective : ''}
        aria-describedby={`${id}-desc`}
        onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  } else {
    const form = featureForm(sw.key);
    control = form ? (
      <div id={id}>
        <SchemaForm form={form} value={effective} onChange={(v) => set(isEqual(v, effective) ? effective : v)} context={context} idPrefix={id} label={sw.label} errors={errorSchemaFor(errs.map((i) => ({ field: i.path.split('/').slice(3), message: i.message })))} />
      </div>
    ) : null;
  }
  return (
    <div className={`fc-feature ${status.cls}${errs.length ? ' has-error' : ''}`} data-feature={sw.key}>
      <div className="fc-feature-head">
        <label htmlFor={id}>
          {sw.label} <code>{sw.key}</code>
        </label>
        {type === 'boolean' || Array.isArray(sw.schema.enum) || type === 'string' || type === 'integer' || type === 'number' ? control : null}
      </div>
      <p id={`${id}-desc`} className="fc-help">
        {sw.description} <span className="fc-muted">Default: {show(sw.default)}.</span>
      </p>
      {!(type === 'boolean' || Array.isArray(sw.schema.enum) || type === 'string' || type === 'integer' || type === 'number') && control}
      <p className="fc-feature-status">
        <span className={`fc-badge ${status.cls}`}>{status.text}</span>
        {site !== undefined && (
          <button type="button" className="fc-link" onClick={() => set(undefined)}>
            {template !== undefined ? 'Use the template’s value' : 'Use the default'}
          </button>
        )}
      </p>
      {errs.map((i) => (
        <small key={i.path + i.message} className="fc-error" role="alert">
          {i.path.split('/').slice(3).join(' › ')} {i.message}
        </small>
      ))}
    </div>
  );
});

function show(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (v === undefined) return 'not set';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

// ---------------------------------------------------------------------------- settings

export function SettingsPanel({ open, onOpen }: { open?: string; onOpen: (id: string | undefined) => void }) {
  const slug = useEditor((s) => s.slug);
  const templateName = useEditor((s) => s.doc.template as string | undefined);
  return (
    <div className="fc-settings">
      <p className="fc-muted">
        Site <code>{slug}</code>
        {templateName ? (
          <>
            {' '}
            extends template <code>{templateName}</code>; anything set here overrides it.
          </>
        ) : null}
      </p>
      {SETTINGS_SECTIONS.map((section) => (
        <details key={section.id} open={open === section.id} onToggle={(e) => (e.currentTarget.open ? onOpen(section.id) : open === section.id && onOpen(undefined))} data-section={section.id}>
          <summary>
            {section.title} <span className="fc-muted">— {section.description}</span>
          </summary>
          {open === section.id && <SettingsSectionForm section={section} />}
        </details>
      ))}
    </div>
  );
}

function SettingsSectionForm({ section }: { section: SettingsSection }) {
  const store = useStore();
  const resolved = useEditor((s) => s.resolved);
  const { issues } = useIssues();
  const context = useFormContext();
  const form = settingsForm(section);
  const value = useMemo(
    () => (section.objectKey ? (resolved[section.objectKey] ?? {}) : Object.fromEntries(section.keys.filter((k) => resolved[k] !== undefined).map((k) => [k, resolved[k]]))),
    // recompute only when one of this section's keys changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
    section.keys.map((k) => resolved[k]),
  );
  const sectionIssues = useMemo(() => issues.filter((i) => i.target.kind === 'setting' && i.target.section === section.id), [issues, section.id]);
  const errors = useMemo(() => errorSchemaFor(sectionIssues.map((i) => ({ field: (i.target as { field: string[] }).field, message: i.message }))), [sectionIssues]);
  const onChange = useCallback(
    (next: unknown) => {
      const current = store.getState().resolved;
      if (section.objectKey) {
        const key = section.objectKey;
        const clean = withoutAddedDefaults(next ?? {}, current[key] ?? {}, form.schema);
        if (!isEqual(clean, current[key] ?? {})) store.setSetting(key, clean);
        return;
      }
      const n = (next ?? {}) as Doc;
      for (const key of section.keys) {
        const clean = withoutAddedDefaults({ [key]: n[key] }, current[key] === undefined ? {} : { [key]: current[key] }, form.schema) as Doc;
        if (!isEqual(clean[key], current[key])) store.setSetting(key, clean[key]);
      }
    },
    [store, section, form],
  );
  return <SchemaForm form={form} value={value} onChange={onChange} errors={errors} context={context} idPrefix={`settings-${section.id}`} label={section.title} />;
}

// ---------------------------------------------------------------------------- problems

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
