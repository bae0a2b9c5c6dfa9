/**
 * Drafts kept on the git remote (docs/publishing.md, "Drafts on the remote"): every change
 * to a draft reaches the remote's branch `forecourt/saved/{slug}` before it is acknowledged,
 * and any server brings a site's draft in from there before it reads or changes it, so a
 * staff request may go to any server and a server that dies loses nothing acknowledged.
 *
 * The local draft branch is this server's copy. `refs/forecourt/saved/{slug}` holds what
 * the remote had when this server last looked (fetched or pushed): a push replaces the
 * remote's branch only if it still holds that (a lease), so two servers saving one draft
 * at once cannot both win; the loser brings the winner's save in and merges its own save
 * with it as the editor merges two saves (drafts.ts). Remote commands are bounded in time
 * (git-remote.ts); a remote that fails answers 503 and the editor keeps its autosave.
 */
import { RemoteError, remoteTimeoutMs, runRemoteGit } from './git-remote.ts';
import { DRAFT_PREFIX, RepoError, type SiteRepo } from './site-repo.ts';
import { forgetPushed } from './site-remote.ts';

/** The remote's branch of a site's draft. */
export const sharedBranch = (slug: string) => `refs/heads/forecourt/saved/${slug}`;
/** What the remote held when this server last looked. */
const SEEN_PREFIX = 'refs/forecourt/saved/';

/** The longest one remote command of a staff request may take (or FORECOURT_GIT_TIMEOUT_SECONDS when shorter): under the 10 s answer deadline (time-budget.ts). */
export const DRAFT_REMOTE_LIMIT_MS = 8_000;

/** The remote took another save of this draft first: bring it in and merge, then try again. */
export class SharedDraftMoved extends RepoError {
  constructor(slug: string) {
    super(409, `the draft of ${slug} was saved on another server at the same moment; try again`);
  }
}

/** The remote could not be reached in time: nothing was saved, the editor keeps the work. */
export class SharedDraftUnreachable extends RepoError {
  constructor(reason: string) {
    super(
      503,
      `the draft could not reach the sites repository, so it was not saved (your changes are kept in this browser; try again): ${reason}`,
    );
  }
}

export class DraftShare {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repo: SiteRepo,
    readonly remote: string,
    private readonly timeoutMs = Math.min(remoteTimeoutMs(), DRAFT_REMOTE_LIMIT_MS),
  ) {}

  /** Runs `fn` after every other change of this site's draft on this server has finished. */
  lock<T>(slug: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(slug) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.queues.set(slug, tail);
    void tail.then(() => {
      if (this.queues.get(slug) === tail) this.queues.delete(slug);
    });
    return run;
  }

  /**
   * Brings the drafts of `slugs` (all when absent) in line with the remote: one `ls-remote`
   * compares, and only the branches that differ are fetched. A local draft the remote never
   * had (saved before drafts were shared) is pushed; one the remote dropped since this server
   * saw it (published or discarded elsewhere) is dropped here.
   */
  async refresh(slugs?: string[]): Promise<void> {
    const patterns = slugs ? slugs.map(sharedBranch) : [sharedBranch('*')];
    const listed = await this.run(['ls-remote', this.remote, ...patterns]);
    const theirs = new Map<string, string>();
    for (const line of listed.split('\n').filter(Boolean)) {
      const [commit, ref] = line.split('\t');
      const slug = ref.slice(sharedBranch('').length);
      // ls-remote matches the end of a name: only the branches of this folder.
      if (ref === sharedBranch(slug) && !slug.includes('/')) theirs.set(slug, commit);
    }
    const names = new Set([...(slugs ?? this.localSlugs()), ...theirs.keys()]);
    const fetch = [...names].filter((s) => {
      const r = theirs.get(s);
      return r !== undefined && r !== this.repo.draftHead(s) && !this.repo.hasCommit(r);
    });
    if (fetch.length)
      await this.run([
        'fetch',
        '-q',
        '--no-tags',
        this.remote,
        ...fetch.map((s) => `+${sharedBranch(s)}:${SEEN_PREFIX}${s}`),
      ]);
    for (const slug of names) await this.adopt(slug, theirs.get(slug));
  }

  /** One site's draft against the remote's `theirs` (undefined: the remote has none). */
  private async adopt(slug: string, theirs: string | undefined) {
    const mine = this.repo.draftHead(slug);
    const seen = this.seen(slug);
    if (theirs === mine) return this.setSeen(slug, theirs);
    if (!mine && theirs !== undefined && theirs === this.repo.endedDraft(slug)) {
      // Ended here (published, discarded) after this look at the remote began, or its drop never
      // reached the remote: it goes there too, and never comes back as a draft.
      await this.push(slug, theirs, undefined).catch(warn(slug));
      return;
    }
    if (theirs === undefined) {
      if (mine && seen === mine) {
        // Published or discarded on another server: the remote dropped it, and that server its review branch.
        this.repo.deleteDraft(slug);
        forgetPushed(this.repo, slug);
        return this.setSeen(slug, undefined);
      }
      // Never shared (saved before drafts were), or saved here past what was seen: send it.
      if (mine) await this.push(slug, seen, mine).catch(warn(slug));
      return;
    }
    this.setSeen(slug, theirs);
    if (!mine || this.isAncestor(mine, theirs)) return this.moveLocal(slug, mine, theirs);
    if (this.isAncestor(theirs, mine)) {
      await this.push(slug, theirs, mine).catch(warn(slug));
      return;
    }
    // Both moved: only work never acknowledged is here (a save is answered once the remote has
    // it), so the remote's draft is the one; this server's commits stay on a branch, logged.
    const keep = `forecourt/recovery/draft-${slug}-${mine.slice(0, 7)}`;
    this.repo.tryGit(['branch', '-f', keep, mine]);
    console.warn(
      `[forecourt] the draft of ${slug} here and on ${this.remote} went separate ways; this server follows the remote's and keeps its own on ${keep}`,
    );
    this.moveLocal(slug, mine, theirs);
  }

  /**
   * Sends the draft's change from `before` to `after` (undefined: the draft is gone) to the
   * remote, if the remote still holds `before`. Refused because it moved: SharedDraftMoved.
   */
  async push(slug: string, before: string | undefined, after: string | undefined) {
    const lease = `--force-with-lease=${sharedBranch(slug)}:${before ?? ''}`;
    try {
      await this.run(['push', '-q', lease, this.remote, `${after ?? ''}:${sharedBranch(slug)}`]);
    } catch (err) {
      if (
        err instanceof RemoteError &&
        !err.timedOut &&
        /stale info|rejected|fetch first/.test(err.message)
      )
        throw new SharedDraftMoved(slug);
      throw err;
    }
    this.setSeen(slug, after);
  }

  /**
   * The draft was published here: its branch on the remote goes too (a server that still has
   * the draft then drops it). Failing, it stays there, logged: drafts that follow the published
   * site find it published (draft-follow.ts).
   */
  async drop(slug: string) {
    const seen = this.seen(slug);
    if (seen && !this.repo.draftHead(slug))
      await this.push(slug, seen, undefined).catch(warn(slug));
  }

  /**
   * Changes a draft here with `change` (synchronous git), then sends it to the remote before
   * answering. When another server saved first, its save is brought in and `change` runs
   * again on it (it merges or answers the conflict); when the remote fails, the draft here
   * goes back to what it was and the error says so.
   */
  change<T>(slug: string, change: () => T): Promise<T> {
    return this.lock(slug, async () => {
      // Optimistic while this copy is what the remote had when last seen: the push's lease (or a
      // version this copy does not know) finds out, and the change runs again on the remote's.
      let fresh = this.repo.draftHead(slug) !== this.seen(slug);
      if (fresh) await this.refresh([slug]);
      for (let attempt = 0; ; attempt++) {
        const before = this.repo.draftHead(slug);
        let result: T;
        try {
          result = change();
        } catch (err) {
          if (fresh) throw err;
          await this.refresh([slug]);
          fresh = true;
          continue;
        }
        const after = this.repo.draftHead(slug);
        if (after === before) {
          // Nothing changed here may be a stale copy (a discard of a draft saved on another server).
          if (fresh) return result;
          await this.refresh([slug]);
          fresh = true;
          continue;
        }
        try {
          await this.push(slug, before, after);
          return result;
        } catch (err) {
          this.moveLocal(slug, after, before);
          if (!(err instanceof SharedDraftMoved) || attempt >= 2) throw err;
          await this.refresh([slug]);
          fresh = true;
        }
      }
    });
  }

  private localSlugs(): string[] {
    return this.repo
      .git(['for-each-ref', '--format=%(refname)', DRAFT_PREFIX])
      .split('\n')
      .filter(Boolean)
      .map((r) => r.slice(DRAFT_PREFIX.length));
  }

  private seen(slug: string) {
    return this.repo.refCommit(`${SEEN_PREFIX}${slug}`);
  }

  private setSeen(slug: string, commit: string | undefined) {
    if (commit) this.repo.git(['update-ref', `${SEEN_PREFIX}${slug}`, commit]);
    else this.repo.tryGit(['update-ref', '-d', `${SEEN_PREFIX}${slug}`]);
  }

  private moveLocal(slug: string, from: string | undefined, to: string | undefined) {
    const ref = `${DRAFT_PREFIX}${slug}`;
    if (to) this.repo.git(['update-ref', ref, to, from ?? '0'.repeat(40)]);
    else if (from) this.repo.git(['update-ref', '-d', ref, from]);
  }

  private isAncestor(a: string, b: string) {
    return this.repo.tryGit(['merge-base', '--is-ancestor', a, b]) !== undefined;
  }

  private async run(args: string[]) {
    try {
      return await runRemoteGit(this.repo.top, args, { timeoutMs: this.timeoutMs });
    } catch (err) {
      if (err instanceof RemoteError && !/stale info|rejected|fetch first/.test(err.message))
        throw new SharedDraftUnreachable(err.message);
      throw err;
    }
  }
}

const warn = (slug: string) => (err: unknown) =>
  console.warn(
    `[forecourt] the draft of ${slug} could not be sent to the remote yet: ${(err as Error).message}`,
  );
