/**
 * The signed-in visitor's saved searches, on the watchlist page (docs/search-ui.md, "Saved
 * searches"): each links to its search and can be deleted (POST {api}/saved-searches/delete).
 * Loaded with the page's watchlist only when signed in (blocks/watchlist).
 */
import { useEffect, useId, useState } from 'react';
import { useSite } from '../../../engine/render/site-context.tsx';
import type { SavedSearches } from '../../../schemas/types.gen.ts';
import { apiGet, apiPost } from '../../_forms/api.ts';
import { forgetSession } from '../../_shared/session.ts';
import { SiteLink } from '../../_shared/SiteLink.tsx';

type Search = SavedSearches['saved_searches'][number];

export const SAVED_SEARCH_LIST_MESSAGES = {
  heading: 'Saved searches',
  empty: 'You have no saved searches. Use "Save search" on the search page to get alerts.',
  failed: 'We could not load your saved searches. Please try again.',
  instant: 'Emails as soon as a car arrives',
  daily: 'A daily email',
};

export default function SavedSearchList() {
  const { site, t } = useSite();
  const headingId = useId();
  const [searches, setSearches] = useState<Search[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void apiGet<SavedSearches>(site, `/saved-searches?site=${encodeURIComponent(site.slug)}`).then(
      (r) => {
        if (!live) return;
        if (r.ok && r.data) setSearches(r.data.saved_searches);
        else {
          if (!r.ok && r.status === 401) forgetSession(site);
          setError(t(SAVED_SEARCH_LIST_MESSAGES.failed));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [site, t]);

  async function remove(s: Search) {
    const r = await apiPost(site, '/saved-searches/delete', { site: site.slug, id: s.id });
    if (r.ok) setSearches((list) => list?.filter((x) => x.id !== s.id));
    else setError(r.error ?? t(SAVED_SEARCH_LIST_MESSAGES.failed));
  }

  return (
    <section className="fc-saved-searches" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(SAVED_SEARCH_LIST_MESSAGES.heading)}</h2>
      {error && <p role="alert">{error}</p>}
      {searches && !searches.length && <p>{t(SAVED_SEARCH_LIST_MESSAGES.empty)}</p>}
      {searches && searches.length > 0 && (
        <ul>
          {searches.map((s) => (
            <li key={s.id}>
              <SiteLink href={s.url}>{s.label}</SiteLink> ({s.email},{' '}
              {t(SAVED_SEARCH_LIST_MESSAGES[s.frequency])}){' '}
              <button
                type="button"
                className="fc-button fc-button--secondary"
                onClick={() => void remove(s)}
              >
                {t('Delete')}
                <span className="fc-visually-hidden"> {s.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
