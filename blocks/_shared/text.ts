/**
 * Text length rules: review text cut at 160, model short descriptions
 * and disclaimers cut at 200; descriptions over 200 characters collapse to about 160
 * with View more / View less (docs/content-blocks.md, "Reviews", "Offers", "Models").
 */

export const ELLIPSIS = '…';
export const REVIEW_TEXT_LIMIT = 160;
export const SHORT_DESCRIPTION_LIMIT = 200;
export const DISCLAIMER_LIMIT = 200;
/** Text longer than this toggles between collapsed and expanded. */
export const COLLAPSE_OVER = 200;
/** About this much of a collapsed text shows. */
export const COLLAPSED_LENGTH = 160;

/**
 * Text of at most `max` characters (the ellipsis included). Cut at the last space in the
 * final fifth when there is one, so words stay whole; whitespace is collapsed first.
 */
export function truncate(text: string | null | undefined, max: number): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = Math.max(0, max - ELLIPSIS.length);
  let cut = clean.slice(0, room);
  const space = cut.lastIndexOf(' ');
  if (space >= room * 0.8) cut = cut.slice(0, space);
  return cut.replace(/[\s.,;:!?–-]+$/, '') + ELLIPSIS;
}

/** Whether a text is long enough to collapse (over 200 characters). */
export function isCollapsible(text: string | null | undefined, over = COLLAPSE_OVER): boolean {
  return (text ?? '').replace(/\s+/g, ' ').trim().length > over;
}

/** Plain text of sanitised HTML (for lengths and excerpts); entities decoded for the common cases. */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(?:br|\/p|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
