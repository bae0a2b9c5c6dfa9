/**
 * "Save search" on the search page (docs/search-ui.md, "Saved searches"): only this button
 * ships with the page; the form (save-search/SaveSearchForm.tsx) is loaded when it is first
 * pressed, as the search page's scripts are at their budget.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import { useLocation } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';

const SaveSearchForm = lazy(() => import('./save-search/SaveSearchForm.tsx'));

export function SaveSearchButton({ label }: { label: string }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // No wrapper, no loading text: the search page's scripts are at their ceiling to the byte.
  return (
    <>
      <button
        ref={button}
        type="button"
        className="fc-button fc-button--secondary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t('Save search')}
      </button>
      {open && (
        <Suspense>
          <OpenForm label={label} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** The form with the search as it is: only an open form follows the search's events. */
function OpenForm({ label, onClose }: { label: string; onClose: () => void }) {
  const { indexUiState } = useInstantSearch();
  const location = useLocation();
  return (
    <SaveSearchForm
      state={indexUiState}
      url={location.pathname + location.search}
      label={label}
      onClose={onClose}
    />
  );
}
