/**
 * Deleting an image from a site's asset library (docs/editor-design.md, "Asset library"):
 * only an upload that the draft holds and the published site does not, and only while the
 * saved draft no longer names it. A published image stays: every version in the site's
 * history still shows its pictures when it is restored. The removal is a commit on the draft
 * branch, made like an upload's (on the remote first when drafts live there: assets-api.ts).
 */
import { assetUrl } from '../assets/asset-rules.ts';
import { imagePlaces } from '../document/words/image-places.ts';
import { NO_FILE, RepoError, type Author, type SiteRepo } from './site-repo.ts';

export const DELETE_REFUSED = {
  published:
    'This image is published, so it stays: earlier versions of the site show it when they are restored. Only an image uploaded to the draft and not yet published can be deleted.',
  missing: "This image is not in the site's draft: it may have been deleted already.",
  inUse: (places: string[]) =>
    `The saved draft still uses this image (${places.join('; ')}). Choose another picture there and save, then delete it.`,
} as const;

/** Removes `name` from the site's draft, or refuses (RepoError: 404 not there, 409 published or in use). */
export function deleteDraftImage(repo: SiteRepo, slug: string, name: string, author: Author) {
  const gitPath = `${repo.assetsPath(slug)}${name}`;
  const holds = (commit: string | undefined) =>
    !!commit && !!repo.tryGit(['rev-parse', '--verify', '-q', `${commit}:${gitPath}`]);
  if (holds(repo.publishedHead())) throw new RepoError(409, DELETE_REFUSED.published);
  const head = repo.draftHead(slug);
  if (!holds(head)) throw new RepoError(404, DELETE_REFUSED.missing);
  const places = usesIn(repo.fileAt(head!, slug), assetUrl(slug, name));
  if (places.length) throw new RepoError(409, DELETE_REFUSED.inUse(places));
  // Compare-and-swap on the draft head: a save since the check above refuses this (409).
  repo.saveDraft(slug, undefined, `Image ${name} deleted from ${slug}`, author, head, {
    [gitPath]: NO_FILE,
  });
}

/** Where the saved document names `url`, in staff words. */
function usesIn(text: string | undefined, url: string): string[] {
  if (!text?.includes(url)) return [];
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return ['the site document'];
  }
  return imagePlaces(doc, url, { doc, saved: true });
}
