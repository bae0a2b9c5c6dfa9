/** The editor app: the list of sites (and "new site from a template"), or one site open. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError, type SiteSummary } from '../lib/api.ts';
import { draftSlugs } from '../lib/autosave.ts';
import { useAccess, useStaffName } from '../lib/auth.ts';
import { isPlainName, plainName, type Doc } from '../lib/doc.ts';
import { SiteEditorLoader } from './SiteEditor.tsx';
import { RemoteEditingOff, SignIn, SignOutButton, WhoIsEditing } from './SignIn.tsx';

function currentSlug() {
  return new URLSearchParams(location.search).get('site') ?? undefined;
}

export function App() {
  const [slug, setSlug] = useState(currentSlug);
  useEffect(() => {
    const onPop = () => setSlug(currentSlug());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = (s: string | undefined) => {
    history.pushState(null, '', s ? `${location.pathname}?site=${encodeURIComponent(s)}` : location.pathname);
    setSlug(s);
  };
  // When the API refuses (401/403) the editor gives way to the sign-in (or "remote editing
  // is off") screen; after sign-in it mounts afresh on the same URL, so the site list or the
  // open site (with its draft from localStorage, flushed on unmount) loads again.
  const access = useAccess();
  const staff = useStaffName();
  if (access.kind === 'sign-in') return <SignIn reason={access.reason} />;
  if (access.kind === 'forbidden') return <RemoteEditingOff message={access.message} />;
  // Saves and publishes carry the staff member's name: asked once, then remembered.
  if (!staff) return <WhoIsEditing />;
  return slug ? <SiteEditorLoader key={slug} slug={slug} onExit={() => open(undefined)} /> : <SitePicker onOpen={open} />;
}

const REGIONS = [
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['US', 'United States'],
] as const;

function SitePicker({ onOpen }: { onOpen: (slug: string) => void }) {
  const [sites, setSites] = useState<SiteSummary[]>();
  const [error, setError] = useState<string>();
  const drafts = new Set(draftSlugs());
  useEffect(() => {
    api.listSites().then(setSites, (e: Error) => setError(e.message));
  }, []);
  return (
    <main className="fc-picker">
      <div className="fc-picker-head">
        <h1>Forecourt editor</h1>
        <SignOutButton />
      </div>
      <p className="fc-muted">Pick a dealer site to edit, or start a new one from a template.</p>
      <section aria-labelledby="fc-sites-title">
        <h2 id="fc-sites-title">Sites</h2>
        {error && <p className="fc-error">{error}</p>}
        {!sites && !error && <p>Loading…</p>}
        <ul className="fc-site-list">
          {sites?.map((s) => (
            <li key={s.slug}>
              <button type="button" className="fc-site-item" onClick={() => onOpen(s.slug)} data-site={s.slug}>
                <strong>{s.name}</strong> <code>{s.slug}</code>
                <small>
                  {s.region ?? ''}
                  {s.template ? ` · template ${s.template}` : ''}
                  {s.pages !== undefined ? ` · ${s.pages} pages` : ''}
                  {!s.ok ? ` · ${s.issues} problem${s.issues === 1 ? '' : 's'}` : ''}
                  {s.draft ? ' · draft not published' : ''}
                  {drafts.has(s.slug) ? ' · unsaved changes in this browser' : ''}
                </small>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <NewSiteForm onCreated={onOpen} taken={new Set(sites?.map((s) => s.slug))} />
    </main>
  );
}

interface DealershipRow {
  id: string;
  name: string;
  slug: string;
  manufacturers: string;
}

function NewSiteForm({ onCreated, taken }: { onCreated: (slug: string) => void; taken: Set<string> }) {
  const id = useId();
  const [templates, setTemplates] = useState<Array<{ name: string; document: Doc }>>([]);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [template, setTemplate] = useState('');
  const [region, setRegion] = useState('AU');
  const [rows, setRows] = useState<DealershipRow[]>([{ id: '', name: '', slug: '', manufacturers: '' }]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.listTemplates().then((t) => {
      setTemplates(t);
      if (t[0]) setTemplate((cur) => cur || t[0].name);
    }, () => setTemplates([]));
  }, []);
  const effectiveSlug = slugTouched ? slug : name ? plainName(name) : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: string[] = [];
    if (!name.trim()) errs.push('Name: give the dealer or group name.');
    if (!isPlainName(effectiveSlug)) errs.push('Site name: lower-case letters, digits and single hyphens only (e.g. city-motors).');
    else if (taken.has(effectiveSlug)) errs.push(`Site name: “${effectiveSlug}” is already used.`);
    const dealerships = rows
      .filter((r) => r.name.trim() || r.id.trim())
      .map((r, i) => {
        const n = Number(r.id);
        if (!Number.isInteger(n) || n < 1) errs.push(`Dealership ${i + 1}: the id must be a whole number from 1.`);
        const ds = r.slug.trim() || plainName(r.name);
        if (!isPlainName(ds)) errs.push(`Dealership ${i + 1}: the short name must be a plain name.`);
        const manufacturers = r.manufacturers
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
        return { id: n, slug: ds, name: r.name.trim(), ...(manufacturers.length ? { manufacturers } : {}) };
      });
    setProblems(errs);
    if (errs.length) return;
    setBusy(true);
    try {
      await api.createSite({ slug: effectiveSlug, name: name.trim(), region, template: template || undefined, dealerships });
      onCreated(effectiveSlug);
    } catch (err) {
      const a = err as ApiError;
      setProblems(a.issues?.length ? a.issues.map((i) => `${i.path}: ${i.message}`) : [a.message]);
    } finally {
      setBusy(false);
    }
  };

  const setRow = (i: number, patch: Partial<DealershipRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <section aria-labelledby={`${id}-title`} className="fc-new-site">
      <h2 id={`${id}-title`}>New site from a template</h2>
      <form onSubmit={submit} noValidate>
        <div className="fc-field">
          <label htmlFor={`${id}-name`}>Dealer or group name</label>
          <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="City Motors" />
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-slug`}>Site name (in addresses and the file name)</label>
          <input
            id={`${id}-slug`}
            name="slug"
            value={effectiveSlug}
            spellCheck={false}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
            placeholder="city-motors"
          />
          <small className="fc-help">Lower-case letters, digits and hyphens. Saved as sites/{effectiveSlug || '…'}.json.</small>
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-template`}>Template</label>
          <select id={`${id}-template`} name="template" value={template} onChange={(e) => setTemplate(e.target.value)}>
            {templates.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
            <option value="">No template (start from one page)</option>
          </select>
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-region`}>Region</label>
          <select id={`${id}-region`} name="region" value={region} onChange={(e) => setRegion(e.target.value)}>
            {REGIONS.map(([code, label]) => (
              <option key={code} value={code}>
                {label} ({code})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="fc-dealerships">
          <legend>Dealerships</legend>
          {rows.map((r, i) => (
            <div key={i} className="fc-dealership-row" role="group" aria-label={`Dealership ${i + 1}`}>
              <label>
                Id <input name={`dealership-${i}-id`} inputMode="numeric" value={r.id} onChange={(e) => setRow(i, { id: e.target.value })} size={5} />
              </label>
              <label>
                Name <input name={`dealership-${i}-name`} value={r.name} onChange={(e) => setRow(i, { name: e.target.value })} />
              </label>
              <label>
                Short name <input name={`dealership-${i}-slug`} value={r.slug} placeholder={r.name ? plainName(r.name) : ''} onChange={(e) => setRow(i, { slug: e.target.value })} />
              </label>
              <label>
                Makes sold new <input name={`dealership-${i}-makes`} value={r.manufacturers} placeholder="Ford, Mazda" onChange={(e) => setRow(i, { manufacturers: e.target.value })} />
              </label>
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} aria-label={`Remove dealership ${i + 1}`}>
                  Remove
                </button>
              )}
            </div>
          ))}
          <button type="button" onClick={() => setRows((rs) => [...rs, { id: '', name: '', slug: '', manufacturers: '' }])}>
            Add a dealership
          </button>
        </fieldset>
        {problems.length > 0 && (
          <ul className="fc-error" role="alert">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        <button type="submit" className="fc-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create site'}
        </button>
      </form>
    </section>
  );
}
