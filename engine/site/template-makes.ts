/**
 * The makes a template names (its make references, by name or web name), so the editor's
 * "New site" form offers a dealer only the templates that fit what they sell
 * (docs/editor-design.md, "New site"). A brand-neutral template names none.
 */
import { slugify } from '../slug.ts';
import { documentReferences } from './links.ts';

const MAKE_COLLECTIONS = new Set(['makes', 'makeSlugs']);

/** The web names (slugs) of the makes a template document names, sorted, each once. */
export function templateMakes(template: Record<string, unknown>): string[] {
  // A template need not carry the site's data lists; the reference walk reads them.
  const { refs } = documentReferences({ locations: [], dealerships: [], offers: [], ...template });
  const makes = refs
    .filter((r) => MAKE_COLLECTIONS.has(r.collection))
    .map((r) => slugify(String(r.value)));
  return [...new Set(makes)].sort();
}

/** Whether a dealer selling `sold` (make names) can use a template naming `makes` (slugs). */
export function fitsMakes(makes: readonly string[], sold: readonly string[]): boolean {
  const mine = new Set(sold.map((m) => slugify(m)));
  return makes.every((m) => mine.has(m));
}
