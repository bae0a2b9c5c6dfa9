/**
 * How much of the top of the window fixed or sticky bars (a site header, a notice) cover:
 * what scrolled "to the top" would hide under. The search's Show Me and the forms' alerts
 * bring their targets into view below it.
 */
export function topInset(): number {
  let inset = 0;
  // Environments without layout (server, jsdom) have no bars to measure.
  if (typeof document.elementFromPoint !== 'function') return inset;
  for (let y = 1; y < window.innerHeight / 3; y = Math.max(y + 4, inset + 1)) {
    let el = document.elementFromPoint(window.innerWidth / 2, y);
    let bar: Element | null = null;
    for (; el && el !== document.body; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky') bar = el;
    }
    if (!bar) break;
    inset = Math.max(inset, bar.getBoundingClientRect().bottom);
  }
  return inset;
}
