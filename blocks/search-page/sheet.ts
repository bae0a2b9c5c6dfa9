/**
 * The filter sheet as a modal dialog on a phone (docs/search-ui.md, "Filters on a phone"):
 * everything outside it inert (so focus and screen readers stay inside), the page's own
 * scroll locked, Escape closes, and so does the browser's Back (Android's Back button):
 * opening adds a history entry of the same address, and going back from it closes the sheet.
 * Loaded when the sheet first opens, so wide screens never fetch it. Returns what undoes it.
 */

/** The history state key that marks the sheet's own entry. */
export const SHEET_ENTRY = 'fcSheet';

interface RouterState {
  idx?: number;
  usr?: unknown;
  [SHEET_ENTRY]?: string;
}

/**
 * An entry of the same address for the open sheet, in the state react-router's BrowserRouter
 * keeps (usr/key/idx, as the search router writes it: blocks/_search/router.ts), so Back
 * lands on the search as it was. A sheet opened by its fragment (a tap before hydration) has
 * the fragment's entry already.
 */
function pushSheetEntry(id: string) {
  if (location.hash === `#${id}`) return;
  const state = (history.state ?? {}) as RouterState;
  const idx = typeof state.idx === 'number' ? state.idx : 0;
  const key = Math.random().toString(36).slice(2, 10);
  history.pushState({ ...state, usr: state.usr ?? null, key, idx: idx + 1, [SHEET_ENTRY]: id }, '');
}

const onSheetEntry = (id: string) =>
  (history.state as RouterState | null)?.[SHEET_ENTRY] === id || location.hash === `#${id}`;
export function holdSheet(sheet: HTMLElement, close: () => void): () => void {
  const made: Element[] = [];
  for (let el: Element = sheet; el.parentElement && el !== document.body; el = el.parentElement)
    for (const other of el.parentElement.children)
      if (other !== el && !other.hasAttribute('inert')) {
        other.setAttribute('inert', '');
        made.push(other);
      }
  const root = document.documentElement;
  const overflow = root.style.overflow;
  root.style.overflow = 'hidden';
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  document.addEventListener('keydown', onKey);
  if (!sheet.contains(document.activeElement)) sheet.focus();
  pushSheetEntry(sheet.id);
  let backed = false;
  // Back from the sheet's entry (or, after a filter inside it wrote the search's own entries, from those: the search follows its address).
  const onPop = () => {
    if (onSheetEntry(sheet.id)) return;
    backed = true;
    close();
  };
  window.addEventListener('popstate', onPop);
  return () => {
    for (const el of made) el.removeAttribute('inert');
    root.style.overflow = overflow;
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('popstate', onPop);
    // Closed by Close, Show Me or Escape: the sheet's entry goes, unless the search wrote its own
    // since; the scroll stays where closing put it (Show Me brings the results into view).
    if (!backed && (history.state as RouterState | null)?.[SHEET_ENTRY] === sheet.id) {
      const restoring = history.scrollRestoration;
      history.scrollRestoration = 'manual';
      window.addEventListener('popstate', () => (history.scrollRestoration = restoring), {
        once: true,
      });
      history.back();
    }
  };
}
