/**
 * Drafts follow the published site (docs/publishing.md, "Drafts follow the published site"):
 * after a publish or a merged pull request, each draft of a site that changed is either done
 * (its changes are published: merged, squash-merged or rebase-merged) and dropped with its
 * review branch, or brought onto the new published revision with a merge commit, which goes
 * to its review branch too so the pull request shows only the draft's own changes.
 */
import { formatSiteDocument } from '../document/canonical.ts';
import { parseDocumentText } from '../site/json-text.ts';
import type { DraftService } from './drafts.ts';
import type { DraftShare } from './draft-share.ts';
import { DRAFT_PREFIX, SYSTEM, type SiteRepo } from './site-repo.ts';
import { deleteReviewBranch, forgetPushed, pushFollowed } from './site-remote.ts';
import type { SiteStore } from './sites.ts';

/** What following the published site did to one draft (`followDrafts`). */
export interface FollowOutcome {
  slug: string;
  kind: 'followed' | 'published' | 'conflict' | 'invalid';
  /** For `conflict`: how many values both changed. */
  conflicts?: number;
  /**
   * For `published`: how its changes reached the published branch: its commits (a merge), or
   * the same changes in other commits (a squash or rebase merge).
   */
  how?: 'merged' | 'same-changes';
  /** For `followed`: what became of its review branch on the remote (absent: none was pushed). */
  reviewBranch?: 'pushed' | 'left' | 'refused';
}

/** Canonical text of a document, or undefined when it does not parse (never the same as another). */
function canonical(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    return formatSiteDocument(parseDocumentText(text) as Record<string, any>);
  } catch {
    return undefined;
  }
}

/**
 * Whether nothing of the draft remains to publish: its document is the published one
 * (canonically), or laid over the published one it changes nothing (every change it made since
 * its base is already there: a squash or rebase merge of its pull request), and every image
 * it holds is published as it has it.
 */
function alreadyPublished(
  repo: SiteRepo,
  slug: string,
  head: string,
  published: string,
  over: { text: string; conflicts: unknown[] },
): boolean {
  const publishedDoc = canonical(repo.fileAt(published, slug));
  if (publishedDoc === undefined) return false;
  const same =
    canonical(repo.fileAt(head, slug)) === publishedDoc ||
    (!over.conflicts.length && canonical(over.text) === publishedDoc);
  if (!same) return false;
  const publishedImages = repo.assetsAt(published, slug);
  return Object.entries(repo.assetsAt(head, slug)).every(
    ([path, blob]) => publishedImages[path] === blob,
  );
}

export async function followDrafts(
  context: {
    repo: SiteRepo;
    sites: SiteStore;
    drafts: DraftService;
    remote?: string;
    share?: DraftShare;
  },
  slugs?: string[],
): Promise<FollowOutcome[]> {
  const { repo, sites, drafts, remote, share } = context;
  // Drafts on the remote (draft-share.ts): another server may have followed them already. Not
  // under the draft's lock: a publish holds it while its sync runs this.
  await share?.refresh(slugs).catch((err: Error) => console.warn(`[forecourt] ${err.message}`));
  const published = repo.publishedHead();
  const outcomes: FollowOutcome[] = [];
  const done = async (slug: string, how: FollowOutcome['how']) => {
    repo.deleteDraft(slug);
    await share?.drop(slug);
    // A merged pull request's branch is of no more use; an old one merged again could only undo.
    if (remote) await deleteReviewBranch(repo, slug, remote);
    forgetPushed(repo, slug);
    outcomes.push({ slug, kind: 'published', how });
  };
  for (const slug of drafts.draftSlugs()) {
    const head = repo.draftHead(slug);
    if (!head || (slugs && !slugs.includes(slug))) continue;
    if (repo.tryGit(['merge-base', '--is-ancestor', head, published]) !== undefined) {
      await done(slug, 'merged');
      continue;
    }
    if (repo.mergeBase(slug) === published) continue;
    const over = drafts.overPublished(slug, head);
    if (alreadyPublished(repo, slug, head, published, over)) {
      await done(slug, 'same-changes');
      continue;
    }
    const { text, conflicts, merged } = over;
    const kind = conflicts.length
      ? 'conflict'
      : merged && !sites.prepareDocument(slug, merged).ok
        ? 'invalid'
        : 'followed';
    const outcome: FollowOutcome = {
      slug,
      kind,
      ...(conflicts.length ? { conflicts: conflicts.length } : {}),
    };
    if (kind === 'followed') {
      const message = `Follow the published site (${published.slice(0, 7)})`;
      const images = repo.assetsAt(head, slug);
      const commit = repo.commitFile(
        [head, published],
        slug,
        text,
        message,
        SYSTEM,
        images,
        published,
      );
      // A save at this very moment wins; the next publish or sync follows again.
      if (repo.tryGit(['update-ref', `${DRAFT_PREFIX}${slug}`, commit, head]) === undefined)
        continue;
      // Shared drafts: another server's follow (or a save) that reached the remote first wins.
      const shared = await share?.push(slug, head, commit).then(
        () => true,
        () => {
          repo.tryGit(['update-ref', `${DRAFT_PREFIX}${slug}`, head, commit]);
          return false;
        },
      );
      if (shared === false) continue;
      const pushed = remote ? await pushFollowed(repo, slug, remote, head, commit) : undefined;
      if (pushed) outcome.reviewBranch = pushed;
    }
    outcomes.push(outcome);
  }
  return outcomes;
}
