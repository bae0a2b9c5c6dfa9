/** The detail page's text: the masked phone, cut descriptions, comment sections, list toggles (docs/cars.md, "Car page"). */
import type { Features } from './car.ts';
import { DESCRIPTION_LIMIT, LIST_PREVIEW, PHONE_VISIBLE_CHARS } from './constants.ts';

/** Phone reveal mask: the first 5 characters, the rest as stars (docs/cars.md, "Visitor actions"). */
export function maskPhone(phone: string | null | undefined): string {
  const p = phone ?? '';
  if (p.length <= PHONE_VISIBLE_CHARS) return p;
  return p.slice(0, PHONE_VISIBLE_CHARS) + '*'.repeat(p.length - PHONE_VISIBLE_CHARS);
}

/** Text cut at `limit` characters (at a word boundary when one is near), with an ellipsis; `cut` says whether it was. */
export function cutText(
  text: string | null | undefined,
  limit = DESCRIPTION_LIMIT,
): { text: string; cut: boolean } {
  const t = (text ?? '').trim();
  if (t.length <= limit) return { text: t, cut: false };
  let end = limit;
  const space = t.lastIndexOf(' ', limit);
  if (space > limit * 0.8) end = space;
  return { text: `${t.slice(0, end).trimEnd()}…`, cut: true };
}

/** Our Comments: dealercomments split on | into sections; none → the pending message. */
export function commentSections(comments: string | null | undefined): string[] {
  return (comments ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The list a toggle shows: the first `preview` (4) rows collapsed, all open; the toggle only when there are more. */
export function listView<T>(
  items: T[],
  open: boolean,
  preview = LIST_PREVIEW,
): { shown: T[]; hasToggle: boolean } {
  return { shown: open ? items : items.slice(0, preview), hasToggle: items.length > preview };
}

/** Show More / Show Less, or Show All / Hide where the site says so. */
export function toggleWords(features: Pick<Features, 'specToggleWording'>): {
  more: string;
  less: string;
} {
  return features.specToggleWording === 'Show All'
    ? { more: 'Show All', less: 'Hide' }
    : { more: 'Show More', less: 'Show Less' };
}
