/**
 * The search's state as the page shows it, and the banner that tells it.
 *
 * Loading states (docs/search-ui.md, "Results, states, count"): loading, error, data. While loading, or after an error, the
 * previous hits, facets and count stay on screen (InstantSearch keeps its last results
 * until new ones arrive); loading marks the results busy, an error says so in an alert
 * with a retry button, without wiping anything.
 */
import { useEffect } from 'react';
import { useInstantSearch } from 'react-instantsearch';

export type SearchStatus = 'loading' | 'error' | 'data';

/** The three states the page shows, from InstantSearch's status. */
export function useSearchStatus(): {
  status: SearchStatus;
  error?: Error;
  retry: () => void;
  hasResults: boolean;
} {
  const { status, error, refresh, results } = useInstantSearch({ catchError: true });
  const hasResults = !!results && !(results as { __isArtificial?: boolean }).__isArtificial;
  const mapped: SearchStatus =
    status === 'error'
      ? 'error'
      : status === 'loading' || status === 'stalled' || !hasResults
        ? 'loading'
        : 'data';
  return {
    status: mapped,
    error: status === 'error' ? error : undefined,
    retry: refresh,
    hasResults,
  };
}

export function StatusBanner() {
  const { status, retry } = useSearchStatus();
  // Back online: try the search that failed again without being asked.
  useEffect(() => {
    if (status !== 'error') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status, retry]);
  // One polite live region whatever the state, so screen readers hear the change without an alarm,
  // and a fixed-height strip, so the cards never jump when loading starts or ends.
  return (
    <div
      className={`fc-search-status${status === 'error' ? ' fc-search-status--error' : ''}`}
      role="status"
      aria-live="polite"
    >
      {status === 'loading' && <span className="fc-search-status__bar" aria-hidden="true" />}
      {status === 'error' && (
        <p>
          We couldn’t update the results just now, so these cars are from your last search.{' '}
          <button type="button" className="fc-search-link-button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
