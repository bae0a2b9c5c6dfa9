/**
 * The sites repository and its remote (docs/publishing.md, "When the remote fails"): review
 * branches pushed with a lease, the published branch pushed and brought in. Every command
 * that reaches the remote runs off the request thread with a time limit (git-remote.ts).
 */
import { RemoteError, runRemoteGit } from './git-remote.ts';
import { RemoteContentRefused, refusedPaths } from './remote-check.ts';
import { DRAFT_PREFIX, RepoError, type SiteRepo } from './site-repo.ts';

/** Where the remote's published branch is kept after each fetch (and each push it took). */
export const trackingRef = (branch: string) => `refs/forecourt/remote/${branch}`;

/** What this server last pushed for review, per site (the lease of the next push). */
const PUSHED_PREFIX = 'refs/forecourt/pushed/';

/**
 * Pushes the draft branch to a remote (name or URL) for review. It replaces the review
 * branch only if that still holds what this server pushed last (a lease), or adds to it
 * (a fast-forward): a reviewer's commit on it is never overwritten; the push is refused and
 * says so instead.
 */
export async function pushDraft(repo: SiteRepo, slug: string, remote: string): Promise<void> {
  const pushedRef = `${PUSHED_PREFIX}${slug}`;
  const lastPushed = repo.refCommit(pushedRef) ?? '';
  const branch = `refs/heads/${repo.draftBranch(slug)}`;
  try {
    // Known: replace it only if it still holds that. Unknown (first push from this server):
    // only a fast-forward, so commits already on the branch stay.
    const lease = lastPushed ? [`--force-with-lease=${branch}:${lastPushed}`] : [];
    await runRemoteGit(repo.top, [
      'push',
      '-q',
      ...lease,
      remote,
      `${DRAFT_PREFIX}${slug}:${branch}`,
    ]);
  } catch (err) {
    if (err instanceof RemoteError && /stale info|rejected/.test(err.message))
      throw new RepoError(
        409,
        `the review branch ${repo.draftBranch(slug)} on the remote has commits this editor did not write (a reviewer's change?); merge them in the pull request or delete the branch, then request review again`,
      );
    throw new RepoError(502, `the draft could not be sent for review: ${(err as Error).message}`);
  }
  repo.git(['update-ref', pushedRef, `${DRAFT_PREFIX}${slug}`]);
}

/**
 * After a draft followed the published site (draft-follow.ts), its follow commit goes to its
 * review branch, so the pull request shows only the draft's own changes. Only when the branch
 * held exactly the draft before it followed (`before`, what this server pushed last): saves
 * made since "Request review" wait for the next one. It is a fast-forward, pushed with a lease
 * on that commit: a reviewer's commit on the branch, or a branch deleted on the remote, makes
 * the push refused (and logged), never replaced. Resolves what became of the branch, or
 * undefined when the draft was never sent for review.
 */
export async function pushFollowed(
  repo: SiteRepo,
  slug: string,
  remote: string,
  before: string,
  commit: string,
): Promise<'pushed' | 'left' | 'refused' | undefined> {
  const pushedRef = `${PUSHED_PREFIX}${slug}`;
  const lastPushed = repo.refCommit(pushedRef);
  if (!lastPushed) return undefined;
  if (lastPushed !== before) return 'left';
  const branch = `refs/heads/${repo.draftBranch(slug)}`;
  try {
    await runRemoteGit(repo.top, [
      'push',
      '-q',
      `--force-with-lease=${branch}:${lastPushed}`,
      remote,
      `${commit}:${branch}`,
    ]);
  } catch (err) {
    console.warn(
      `[forecourt] the review branch ${repo.draftBranch(slug)} on ${remote} did not take the draft's follow of the published site (a reviewer's commit, or the branch is gone); the next "Request review" sends it: ${(err as Error).message}`,
    );
    return 'refused';
  }
  repo.git(['update-ref', pushedRef, commit]);
  return 'pushed';
}

/**
 * Deletes a discarded draft's review branch on the remote, so merging it can never publish
 * what staff threw away (a pull request of it closes with it). Only if it holds nothing staff
 * did not discard: what this server pushed, or, pushed from another server, the discarded draft
 * `discarded` or a commit of it. A reviewer's commit keeps it, and the log says so.
 */
export async function deleteReviewBranch(
  repo: SiteRepo,
  slug: string,
  remote: string,
  discarded?: string,
) {
  const pushedRef = `${PUSHED_PREFIX}${slug}`;
  const branch = `refs/heads/${repo.draftBranch(slug)}`;
  try {
    const lastPushed =
      repo.refCommit(pushedRef) ??
      (discarded && (await reviewHeadWithin(repo, remote, slug, discarded)));
    if (!lastPushed) return;
    await runRemoteGit(repo.top, [
      'push',
      '-q',
      `--force-with-lease=${branch}:${lastPushed}`,
      remote,
      `:${branch}`,
    ]);
    repo.tryGit(['update-ref', '-d', pushedRef]);
  } catch (err) {
    console.warn(
      `[forecourt] the discarded draft's review branch ${repo.draftBranch(slug)} was left on ${remote}: ${(err as Error).message}`,
    );
  }
}

/** The remote's review branch head when it is `draft` or one of its commits (nothing but the draft on it). */
async function reviewHeadWithin(repo: SiteRepo, remote: string, slug: string, draft: string) {
  const branch = `refs/heads/${repo.draftBranch(slug)}`;
  const [head] = (await runRemoteGit(repo.top, ['ls-remote', remote, branch])).split('\t');
  if (!head) return undefined;
  if (repo.tryGit(['merge-base', '--is-ancestor', head, draft]) !== undefined) return head;
  console.warn(
    `[forecourt] the discarded draft's review branch ${repo.draftBranch(slug)} was left on ${remote}: it has commits the draft did not (a reviewer's change?)`,
  );
  return undefined;
}

/**
 * Offers a publish to the remote's published branch before it goes live here. Refused (a
 * protected branch, no rights, the remote moved on) or unreachable: a RepoError, and
 * nothing is published.
 */
export async function pushCommit(repo: SiteRepo, remote: string, commit: string): Promise<void> {
  try {
    await runRemoteGit(repo.top, [
      'push',
      '-q',
      remote,
      `${commit}:refs/heads/${repo.publishedBranch()}`,
    ]);
  } catch (err) {
    const reason = (err as Error).message;
    if (
      err instanceof RemoteError &&
      !err.timedOut &&
      /rejected|denied|protected|hook declined/i.test(reason)
    )
      throw new RepoError(
        409,
        `the remote refused the publish, so nothing went live and the draft is kept (${reason}); if its published branch is protected, use "Request review" and merge the pull request`,
      );
    throw new RepoError(
      502,
      `the remote could not take the publish, so nothing went live and the draft is kept: ${reason}`,
    );
  }
  // The remote holds it now: this server is not ahead of it (the editor's sync line).
  repo.tryGit(['update-ref', trackingRef(repo.publishedBranch()), commit]);
}

/** Forgets what was pushed for review (the draft was published). */
export function forgetPushed(repo: SiteRepo, slug: string) {
  repo.tryGit(['update-ref', '-d', `${PUSHED_PREFIX}${slug}`]);
}

/**
 * Pushes the published branch (after a publish) when the remote accepts it as a
 * fast-forward. Resolves false, with the reason logged, when it does not.
 */
export async function pushPublished(repo: SiteRepo, remote: string): Promise<boolean> {
  try {
    const head = repo.publishedHead();
    await runRemoteGit(repo.top, [
      'push',
      '-q',
      remote,
      `${head}:refs/heads/${repo.publishedBranch()}`,
    ]);
    repo.tryGit(['update-ref', trackingRef(repo.publishedBranch()), head]);
    return true;
  } catch (err) {
    console.warn(
      `[forecourt] could not push the published branch to ${remote}: ${(err as Error).message}`,
    );
    return false;
  }
}

/**
 * Brings in what was published on the remote (a merged pull request). The remote is the
 * source of truth (docs/publishing.md, "When the remote fails"):
 * - the remote moved on: a fast-forward;
 * - only this server moved on (a publish whose push failed): its commits are pushed again;
 * - both moved (a force-push, a refused push, diverged history): the server follows the
 *   remote, and its own commits are kept on a recovery branch, never dropped.
 * A fetch that fails or hangs rejects (RemoteError) and changes nothing; so does a revision
 * that brings in a symlink, a special file, a file too large or a path outside the sites
 * folder (RemoteContentRefused, remote-check.ts).
 */
export async function syncFromRemote(repo: SiteRepo, remote: string): Promise<SyncOutcome> {
  const branch = repo.publishedBranch();
  const tracking = trackingRef(branch);
  await runRemoteGit(repo.top, [
    'fetch',
    '-q',
    '--no-tags',
    remote,
    `+refs/heads/${branch}:${tracking}`,
  ]);
  const theirs = repo.git(['rev-parse', tracking]);
  const before = repo.publishedHead();
  if (theirs === before) return { changed: [], kind: 'up-to-date' };
  // Publishes, not their draft commits: the published branch's own line.
  const ahead = Number(repo.git(['rev-list', '--count', '--first-parent', `${theirs}..${before}`]));
  const behind = Number(repo.git(['rev-list', '--count', `${before}..${theirs}`]));
  // Checked in git's objects before any of it is checked out (remote-check.ts).
  const refused = behind ? refusedPaths(repo, before, theirs) : [];
  if (refused.length) throw new RemoteContentRefused(theirs, refused);
  if (ahead === 0) {
    repo.git(['merge', '-q', '--ff-only', theirs]);
    return { changed: repo.changedSites(before), kind: 'fast-forward' };
  }
  if (behind === 0 && (await pushPublished(repo, remote))) return { changed: [], kind: 'pushed' };
  const recoveryBranch = `forecourt/recovery/${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}-${before.slice(0, 7)}`;
  repo.git(['branch', recoveryBranch, before]);
  try {
    // --keep: files changed on disk but not committed stay, unless the remote changed them too.
    repo.git(['reset', '-q', '--keep', theirs]);
  } catch (err) {
    // Nothing moved: the next try makes its own branch, so this one would only be a copy.
    repo.git(['branch', '-D', recoveryBranch]);
    throw new Error(
      `this server cannot follow the remote while files changed on disk (not committed) conflict with it: ${(err as Error).message}`,
    );
  }
  return {
    changed: repo.changedSites(before),
    kind: 'followed',
    recoveryBranch,
    localCommits: ahead,
  };
}

/** What a sync with the remote did. */
export type SyncOutcome =
  | { kind: 'up-to-date' | 'fast-forward' | 'pushed'; changed: string[] }
  | { kind: 'followed'; changed: string[]; recoveryBranch: string; localCommits: number };
