/**
 * A link to a form's anchor (`/finance?car_id=…#finance-form`, from "Get Pre-Approved Now")
 * lands at the form with focus (docs/forms.md, "Finance"). The router does not scroll to a
 * hash, and blocks above the form (a calculator that loads the car) may still grow after the
 * first paint, so the anchor is kept at the top until the page settles, or the visitor scrolls.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long the anchor is held in place while the page above it settles. */
export const SETTLE_MS = 1500;

export function useLandAtAnchor(anchorId: string) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${anchorId}`) return;
    const target = document.getElementById(anchorId);
    if (!target) return;
    const align = () => target.scrollIntoView?.({ block: 'start', behavior: 'auto' });
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
        window.removeEventListener(type, stop);
    };
    const started = performance.now();
    let lastTop = NaN;
    const hold = () => {
      const top = target.getBoundingClientRect().top;
      if (top !== lastTop) align();
      lastTop = target.getBoundingClientRect().top;
      if (performance.now() - started < SETTLE_MS) frame = requestAnimationFrame(hold);
      else stop();
    };
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.addEventListener(type, stop, { passive: true });
    align();
    target.focus({ preventScroll: true });
    frame = requestAnimationFrame(hold);
    return stop;
  }, [hash, key, anchorId]);
}
