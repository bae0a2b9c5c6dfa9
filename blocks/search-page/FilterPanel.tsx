/**
 * The filter panel (docs/search-ui.md, "Filters on a phone"): beside the results from 992 px;
 * below that a full-screen sheet behind the Filters control, with Show Me as its sticky footer.
 *
 * The Filters control, Close and the footer are links to fragments, and the sheet opens by CSS
 * (`:target`) until the UI has hydrated, so a tap made while the page's scripts still load
 * opens it at once (lazy-block.tsx lets them through: `data-lazy-native`). Once hydrated,
 * React holds the state (a sheet opened by its fragment stays open), and the sheet's modal
 * part (the rest of the page inert, scroll locked, Escape) loads when it first opens.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { useSearchStatus } from '../_search/search-status.tsx';
import { ShowMeButton } from '../_search/ShowMeButton.tsx';

/** Where the filters are a sheet rather than a side panel (search-page.css agrees). */
export const SHEET_MEDIA = '(max-width: 991.98px)';
/** Marks a control whose own behaviour (a fragment link) must happen before the UI hydrates. */
const NATIVE = { 'data-lazy-native': '' };

const dropFragment = (id: string) => {
  if (location.hash === `#${id}`)
    history.replaceState(history.state, '', location.pathname + location.search);
};

export function FilterPanel(props: {
  panelId: string;
  resultsId: string;
  countId: string;
  /** The site shows Show Me under the filters on wide screens too. */
  showMe: boolean;
  children: ReactNode;
  /** Below the filters and Show Me (recent searches). */
  after?: ReactNode;
}) {
  const { panelId, resultsId } = props;
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);
  const { status, retry } = useSearchStatus();

  // Opened by its fragment before hydration (the tap came early): it stays open.
  useEffect(() => {
    if (location.hash === `#${panelId}` && matchMedia(SHEET_MEDIA).matches) setOpen(true);
  }, [panelId]);

  // Show Me closes it within its own flushSync; the rest hand focus back once the page is no longer inert.
  const close = (refocus: boolean) => {
    dropFragment(panelId);
    if (!refocus) return setOpen(false);
    flushSync(() => setOpen(false));
    toggle.current?.focus();
  };

  // A layout effect, so that closing (a synchronous render) has made the page usable again before focus moves.
  useLayoutEffect(() => {
    const sheet = panel.current;
    if (!open || !sheet || !matchMedia(SHEET_MEDIA).matches) return;
    let release: (() => void) | undefined;
    let gone = false;
    void import('./sheet.ts').then((m) => {
      if (!gone) release = m.holdSheet(sheet, () => close(true));
    });
    return () => {
      gone = true;
      release?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- close() reads only refs, the block's fixed panelId and a state setter
  }, [open]);

  const onClose = (event: MouseEvent) => {
    event.preventDefault();
    close(true);
  };

  return (
    <>
      <a
        ref={toggle}
        href={`#${panelId}`}
        className="fc-button fc-button--secondary fc-search-page__filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        {...NATIVE}
      >
        Filters
      </a>
      <aside
        id={panelId}
        ref={panel}
        className={`fc-search-page__filters${open ? ' fc-search-page__filters--open' : ''}`}
        aria-label="Filters"
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        tabIndex={-1}
      >
        <div className="fc-search-page__sheet-head">
          {/* The outline goes h1 → h2 → h3 (filter sections, car cards): screen reader users jump by heading (docs/search-ui.md, "Search engines"). */}
          <h2 className="fc-search-page__sheet-title">Filters</h2>
          <a
            href={`#${resultsId}`}
            className="fc-search-page__sheet-close"
            onClick={onClose}
            {...NATIVE}
          >
            Close<span className="fc-visually-hidden"> filters</span>
          </a>
        </div>
        <div className="fc-search-page__sheet-body">
          {props.children}
          {props.after}
        </div>
        <div
          className={`fc-search-page__show-me${props.showMe ? '' : ' fc-search-page__show-me--phone'}`}
        >
          {status === 'error' && (
            <p className="fc-search-page__sheet-error">
              We couldn’t count the cars just now.{' '}
              <button type="button" className="fc-search-link-button" onClick={retry}>
                Try again
              </button>
            </p>
          )}
          <ShowMeButton
            resultsId={resultsId}
            countId={props.countId}
            unknown={status === 'error'}
            onShow={() => close(false)}
          />
        </div>
      </aside>
    </>
  );
}
