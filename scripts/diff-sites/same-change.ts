/**
 * What a change did to a rendered page, without where it did it (pictures.ts): a site-wide
 * change (a location's phone in the footer, say) makes the same difference on many pages, and
 * the review pictures one page for each different difference, naming the others.
 */
import { diffArrays } from 'diff';

/** The markup's pieces: each tag, and each text between tags. */
const pieces = (html: string) => html.split(/(?=<)|(?<=>)/);

/** Beyond this many pieces changed, a page's difference is taken as its own (the diff stops). */
const MOST_PIECES = 4000;

/**
 * The pieces removed and added between two renders of a page, in order: equal for two pages
 * the same change touched in the same way, '' when the renders are the same, and unique
 * (`undefined`) when too much differs to say.
 */
export function changeOf(before: string, after: string): string | undefined {
  if (before === after) return '';
  const parts = diffArrays(pieces(before), pieces(after), { maxEditLength: MOST_PIECES });
  if (!parts) return undefined;
  return parts
    .filter((p) => p.added || p.removed)
    .map((p) => `${p.added ? '+' : '-'}${p.value.join('')}`)
    .join('\n');
}
