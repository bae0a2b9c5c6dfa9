/**
 * Whether this browser remembers something about the visitor on this site that the
 * search UI shows and the server HTML cannot: favourites, the compare list, recent
 * searches, opened or closed filter sections, a sign-in (watchlist). Then the lazily
 * hydrated search UI is needed at once rather than on first use (lazy-block.tsx), so a
 * returning visitor sees their saved cars marked without touching the page first.
 */
import { isSignedIn } from '../../engine/render/visitor.ts';
import { compareKey, favouritesKey } from '../_cars/local-lists.ts';
import { historyKey } from './history.ts';
import { sectionsKey } from './hooks.ts';

export function remembersVisitor(siteSlug: string): boolean {
  try {
    const storage = window.localStorage;
    if (
      [favouritesKey(siteSlug), compareKey(siteSlug), historyKey(siteSlug)].some(
        (key) => storage.getItem(key) !== null,
      )
    )
      return true;
    const sections = sectionsKey(siteSlug, '');
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(sections)) return true;
  } catch {
    // Storage blocked: nothing remembered.
  }
  return isSignedIn(siteSlug);
}
