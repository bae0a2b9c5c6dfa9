/**
 * The "Save search" form, loaded when the button is first pressed (SaveSearchButton.tsx): the
 * email address alerts go to and how often, saved with POST {api}/saved-searches (docs/api.md,
 * "Saved searches and alerts"). A visitor not signed in is sent through the sign-in page and
 * brought back here. Focus moves to the form's first control; Escape closes it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { UiState } from 'instantsearch.js';
import { useSite } from '../../../engine/render/site-context.tsx';
import type { AlertFrequency, SavedSearches } from '../../../schemas/types.gen.ts';
import { apiPost } from '../../_forms/api.ts';
import { forgetSession, signInHref, useSession } from '../../_shared/session.ts';
import { SiteLink } from '../../_shared/SiteLink.tsx';
import { savedSearchParams } from './params.ts';
import './save-search.css';

export const SAVE_SEARCH_MESSAGES = {
  signIn: 'Sign in with your phone number to save this search and get alerts.',
  saved: 'Search saved. We will email you when new cars match it.',
  failed: 'We could not save your search. Please try again.',
};

export interface SaveSearchFormProps {
  state: UiState[string];
  /** The search's address inside the site. */
  url: string;
  /** The search in words (the page's heading). */
  label: string;
  onClose(): void;
}

export default function SaveSearchForm({ state, url, label, onClose }: SaveSearchFormProps) {
  const { site, t } = useSite();
  const session = useSession();
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  // Focus to the panel's first control (the sign-in link, or the email box) as it opens.
  useEffect(() => panel.current?.querySelector<HTMLElement>('a, input')?.focus(), [session]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await apiPost<SavedSearches>(site, '/saved-searches', {
      site: site.slug,
      email: email.trim(),
      frequency,
      url: url.slice(0, 2048),
      label: label.slice(0, 200),
      params: savedSearchParams(state),
    });
    setBusy(false);
    if (!res.ok && res.status === 401) forgetSession(site);
    setMessage(
      res.ok
        ? { text: t(SAVE_SEARCH_MESSAGES.saved), error: false }
        : { text: res.error ?? t(SAVE_SEARCH_MESSAGES.failed), error: true },
    );
  }

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
  };
  if (!session)
    return (
      <div
        ref={panel as React.Ref<HTMLDivElement>}
        className="fc-save-search__panel"
        onKeyDown={onKeyDown}
      >
        <p>{t(SAVE_SEARCH_MESSAGES.signIn)}</p>
        <SiteLink className="fc-button" href={signInHref('saved-search', url, url)}>
          {t('Sign in')}
        </SiteLink>
      </div>
    );
  return (
    <form
      ref={panel as React.Ref<HTMLFormElement>}
      className="fc-save-search__panel"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <h2 id={`${id}-title`} className="fc-save-search__title">
        {t('Save this search')}
      </h2>
      <label htmlFor={`${id}-email`}>{t('Email for alerts')}</label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <fieldset>
        <legend>{t('How often')}</legend>
        {(['instant', 'daily'] as const).map((f) => (
          <label key={f}>
            <input
              type="radio"
              name={`${id}-frequency`}
              value={f}
              checked={frequency === f}
              onChange={() => setFrequency(f)}
            />{' '}
            {f === 'instant' ? t('As soon as a car arrives') : t('A daily email')}
          </label>
        ))}
      </fieldset>
      <div className="fc-save-search__actions">
        <button type="submit" className="fc-button" disabled={busy}>
          {t('Save')}
        </button>
        <button type="button" className="fc-button fc-button--secondary" onClick={onClose}>
          {t('Cancel')}
        </button>
      </div>
      <p role={message?.error ? 'alert' : 'status'}>{message?.text}</p>
    </form>
  );
}
