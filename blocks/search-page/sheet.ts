/**
 * The filter sheet as a modal dialog on a phone (docs/search-ui.md, "Filters on a phone"):
 * everything outside it inert (so focus and screen readers stay inside), the page's own
 * scroll locked, Escape closes. Loaded when the sheet first opens, so wide screens never
 * fetch it. Returns what undoes it.
 */
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
  return () => {
    for (const el of made) el.removeAttribute('inert');
    root.style.overflow = overflow;
    document.removeEventListener('keydown', onKey);
  };
}
