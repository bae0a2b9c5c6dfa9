/** The editor app: the list of sites (and "new site from a template"), or one site open. */
import { useEffect, useState } from 'react';
import { api, type SiteSummary } from '../lib/api.ts';
import { draftSlugs } from '../lib/autosave.ts';
import { useAccess, useStaffName } from '../lib/auth.ts';
import { loadMember } from '../lib/member.ts';
import { NewSiteForm } from './NewSiteForm.tsx';
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
    history.pushState(
      null,
      '',
      s ? `${location.pathname}?site=${encodeURIComponent(s)}` : location.pathname,
    );
    setSlug(s);
  };
  // When the API refuses (401/403) the editor gives way to the sign-in (or "remote editing
  // is off") screen; after sign-in it mounts afresh on the same URL, so the site list or the
  // open site (with its draft from localStorage, flushed on unmount) loads again.
  const access = useAccess();
  const staff = useStaffName();
  // After each sign-in: who the token belongs to and their role per site (lib/member.ts).
  useEffect(() => {
    if (access.kind === 'ok') void loadMember();
  }, [access]);
  if (access.kind === 'sign-in') return <SignIn reason={access.reason} />;
  if (access.kind === 'forbidden') return <RemoteEditingOff message={access.message} />;
  // Saves and publishes carry the staff member's name: asked once, then remembered.
  if (!staff) return <WhoIsEditing />;
  return slug ? (
    <SiteEditorLoader key={slug} slug={slug} onExit={() => open(undefined)} />
  ) : (
    <SitePicker onOpen={open} />
  );
}

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
              <button
                type="button"
                className="fc-site-item"
                onClick={() => onOpen(s.slug)}
                data-site={s.slug}
              >
                <strong>{s.name}</strong> <code>{s.slug}</code>
                <small>
                  {s.region ?? ''}
                  {s.template ? ` · template ${s.template}` : ''}
                  {s.pages !== undefined ? ` · ${s.pages} pages` : ''}
                  {!s.ok ? ` · ${s.issues} problem${s.issues === 1 ? '' : 's'}` : ''}
                  {s.unpublished
                    ? ' · new, not published yet'
                    : s.draft
                      ? ' · draft not published'
                      : ''}
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
