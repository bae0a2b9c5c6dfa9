/**
 * The banner's height, for what sticks below it (a sticky header): published as
 * `--fc-sticky-offset` on the elements that carry STICKY_BELOW_BANNER, through one style rule
 * of its own. A property set on the root element would be inherited by every
 * element of the page, and each change restyled them all: about 50 ms on a phone's CPU on a
 * demo home page, in the middle of hydration (docs/render.md, "A home page's own work").
 */
import { STICKY_BELOW_BANNER } from '../../engine/render/dom-ids.ts';

const STYLE_ID = 'fc-sticky-offset';

/** Sets the offset (px) for every element that carries the attribute, now or later; undefined removes it. */
export function publishStickyOffset(px: number | undefined) {
  let style = document.getElementById(STYLE_ID);
  if (px === undefined) {
    style?.remove();
    return;
  }
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.append(style);
  }
  const rule = `[${STICKY_BELOW_BANNER}]{--fc-sticky-offset:${px}px}`;
  // An unchanged rule is not written again: a new stylesheet text is restyled even when equal.
  if (style.textContent !== rule) style.textContent = rule;
}
