/**
 * Bringing in what is published on the remote git repository, on a timer.
 */
import type { SiteRepo } from './site-repo.ts';
import type { SiteStore } from './sites.ts';

/**
 * Brings in what is published on the remote (a merged pull request) every
 * FORECOURT_GIT_SYNC_SECONDS (default 30): a fast-forward of the published branch; the
 * changed sites reload.
 */
export function syncPublished(repo: SiteRepo, sites: SiteStore, remote: string): () => void {
  const seconds = Number(process.env.FORECOURT_GIT_SYNC_SECONDS ?? 30);
  const timer = setInterval(
    () => {
      try {
        for (const slug of repo.syncFromRemote(remote)) sites.load(slug);
      } catch (err) {
        console.warn(
          `[forecourt] could not bring in published changes from ${remote}: ${(err as Error).message}`,
        );
      }
    },
    Math.max(1, seconds) * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
