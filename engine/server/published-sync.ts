/**
 * Bringing in what is published on the remote git repository, one sync at a time, off the
 * request thread, backing off while the remote fails (docs/publishing.md, "When the remote
 * fails"). Its state is on /healthz.
 */
import { basename } from 'node:path';
import { RemoteContentRefused, siteOfPath } from './remote-check.ts';
import { syncFromRemote, trackingRef, type SyncOutcome } from './site-remote.ts';
import type { SiteRepo } from './site-repo.ts';
import type { SiteStore } from './sites.ts';

/** The longest wait between two tries while the remote keeps failing. */
export const MAX_SYNC_BACKOFF_MS = 10 * 60_000;

/** What /healthz says of the sync (times are ISO strings). */
export interface SyncStatus {
  remote: string;
  /** `ok` after a sync that worked; `failing` after one that did not; `starting` before the first. */
  state: 'starting' | 'ok' | 'failing';
  lastSuccessAt?: string;
  lastError?: string;
  lastErrorAt?: string;
  failuresInARow: number;
  nextAttemptAt?: string;
  /** The last time the server followed the remote over history of its own, kept on a branch. */
  lastFollowed?: { at: string; recoveryBranch: string; localCommits: number };
}

/** What the editor shows of the sync: its status, and how far this server and the remote are apart. */
export interface SyncState extends SyncStatus {
  /** Published commits on the remote not brought in here (as of the last fetch that worked). */
  behind?: number;
  /** Publishes here that the remote does not have yet (as of the last fetch that worked). */
  ahead?: number;
}

/** The wait before the next try: the period, doubled per failure in a row, capped, with jitter. */
export function nextDelayMs(periodMs: number, failuresInARow: number, random = Math.random) {
  if (failuresInARow === 0) return periodMs;
  const backoff = Math.min(MAX_SYNC_BACKOFF_MS, periodMs * 2 ** Math.min(failuresInARow, 20));
  // ±20%, so servers that failed together do not retry together.
  return Math.round(backoff * (0.8 + 0.4 * random()));
}

export class PublishedSync {
  readonly status: SyncStatus;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;
  private again: Promise<void> | undefined;
  /** Sites whose file a refused revision held: recorded as kept on their last good revision until a sync works. */
  private readonly refusedSites = new Set<string>();
  /** Called after a sync brought in published changes, with the sites they changed (drafts follow: draft-follow.ts). */
  onChanged?: (slugs: string[]) => void | Promise<unknown>;

  constructor(
    private readonly repo: SiteRepo,
    private readonly sites: SiteStore,
    remote: string,
    private readonly periodMs = Math.max(1, Number(process.env.FORECOURT_GIT_SYNC_SECONDS ?? 30)) *
      1000,
  ) {
    this.status = { remote, state: 'starting', failuresInARow: 0 };
  }

  /** Starts the loop: the first sync after one period. */
  start(): this {
    this.schedule(this.periodMs);
    return this;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One sync now (the one in progress, if any): never two at once. */
  syncNow(): Promise<void> {
    this.running ??= this.syncOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * A sync that starts after this call (another server announced a publish: site-signals.ts):
   * the one in progress may have fetched before it, so one more follows it.
   */
  syncAfter(): Promise<void> {
    if (!this.running) return this.syncNow();
    this.again ??= this.running.then(() => {
      this.again = undefined;
      return this.syncNow();
    });
    return this.again;
  }

  /** The status, with the commits this server and the remote are apart (local git only: quick). */
  state(): SyncState {
    const branch = this.repo.tryGit(['symbolic-ref', '--short', 'HEAD']);
    const counts =
      branch &&
      this.repo.tryGit([
        'rev-list',
        '--left-right',
        '--count',
        '--first-parent',
        `${trackingRef(branch)}...HEAD`,
      ]);
    if (!counts) return { ...this.status };
    const [behind, ahead] = counts.split(/\s+/).map(Number);
    return { ...this.status, behind, ahead };
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.status.nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    this.timer = setTimeout(async () => {
      await this.syncNow();
      this.schedule(nextDelayMs(this.periodMs, this.status.failuresInARow));
    }, delayMs);
    this.timer.unref();
  }

  private async syncOnce() {
    const { remote } = this.status;
    let outcome: SyncOutcome;
    try {
      outcome = await syncFromRemote(this.repo, remote);
    } catch (err) {
      this.status.state = 'failing';
      this.status.failuresInARow++;
      this.status.lastError = (err as Error).message;
      this.status.lastErrorAt = new Date().toISOString();
      if (err instanceof RemoteContentRefused) return this.refused(err);
      console.warn(
        `[forecourt] could not bring in published changes from ${remote} (${this.status.failuresInARow} in a row; visitors keep the sites as loaded): ${this.status.lastError}`,
      );
      return;
    }
    this.status.state = 'ok';
    this.status.failuresInARow = 0;
    this.status.lastSuccessAt = new Date().toISOString();
    if (outcome.kind === 'followed') {
      this.status.lastFollowed = {
        at: this.status.lastSuccessAt,
        recoveryBranch: outcome.recoveryBranch,
        localCommits: outcome.localCommits,
      };
      console.error(
        `[forecourt] the published branch here and on ${remote} went separate ways (a force-push, a refused push, or a change never pushed): this server now follows ${remote}; its own ${outcome.localCommits} commit(s) are kept on the branch ${outcome.recoveryBranch}`,
      );
    }
    // Sites a refused revision named are loaded again too: their file here never changed.
    const reload = new Set([...outcome.changed, ...this.refusedSites]);
    this.refusedSites.clear();
    for (const slug of reload) await this.sites.loadAsync(slug);
    // Awaited: the drafts' follow pushes to review branches before this sync counts as done.
    try {
      if (outcome.changed.length) await this.onChanged?.(outcome.changed);
    } catch (err) {
      console.error(
        `[forecourt] drafts could not follow the published site: ${(err as Error).message}`,
      );
    }
  }

  /** A remote revision with content the sync does not take (remote-check.ts): nothing moved; said loudly, and per site. */
  private refused(err: RemoteContentRefused) {
    console.error(
      `[forecourt] the published branch on ${this.status.remote} holds what this server does not bring in, so nothing of it is published here and visitors keep the sites as loaded (${this.status.failuresInARow} in a row): ${err.message}`,
    );
    for (const { path, reason } of err.refused) {
      const slug = siteOfPath(this.repo, path);
      if (!slug) continue;
      this.refusedSites.add(slug);
      this.sites.refused(slug, `${basename(path)} on the remote ${reason}; it was not brought in`);
    }
  }
}
