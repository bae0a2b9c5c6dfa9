/**
 * Scheduled feed pulls on the platform's job queue (docs/deploy.md, "Scheduled feed pulls";
 * engine/jobs): one named schedule per configured feed, so with PostgreSQL a pull runs once
 * across the servers (pg-boss), and in this process otherwise. Each server asks for a pull at
 * start-up too, and every run first checks the feed is due (its last pull at least half an
 * interval ago): the servers starting together, or a tick just after a start-up pull, make
 * one pull between them.
 */
import type { JobQueue } from '../../jobs/queue.ts';
import { pullFeed, type FeedPullDeps } from './pull.ts';
import type { Feed } from './config.ts';

/** How long one pull may hold its schedule before another server may take it (a server killed mid-pull). */
export const PULL_EXPIRY_SECONDS = 30 * 60;

/** The queue's name of a feed's schedule (letters, digits, hyphens and underscores only). */
export const feedJobName = (feed: Pick<Feed, 'site' | 'dealership'>) =>
  `feed-pull-${feed.site}-${feed.dealership.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export async function startFeedPulls(
  feeds: readonly Feed[],
  jobs: JobQueue,
  deps: FeedPullDeps,
): Promise<void> {
  for (const feed of feeds) {
    const everyMs = feed.everyMinutes * 60_000;
    const last = await deps.store.get(feed.site, feed.dealership);
    const lastAt = last?.last_at ? Date.parse(last.last_at) : undefined;
    const due = (now: number) => lastAt === undefined || now - lastAt >= everyMs / 2;
    const now = deps.clock.now().getTime();
    await deps.store.plan(
      feed.site,
      feed.dealership,
      feed.everyMinutes,
      new Date(due(now) ? now : lastAt! + everyMs),
    );
    // The in-process queue runs a job sent beside the schedule's own run: one pull at a time here.
    let running: Promise<unknown> | undefined;
    const pullIfDue = async () => {
      // Read again at each run: another server may have pulled it a moment ago.
      const latest = await deps.store.get(feed.site, feed.dealership);
      const at = latest?.last_at ? Date.parse(latest.last_at) : undefined;
      if (at !== undefined && deps.clock.now().getTime() - at < everyMs / 2) return;
      await pullFeed(feed, deps);
    };
    const run = async () => {
      if (running) return;
      running = pullIfDue();
      try {
        await running;
      } finally {
        running = undefined;
      }
    };
    const name = feedJobName(feed);
    await jobs.schedule(name, everyMs, run, { expireInSeconds: PULL_EXPIRY_SECONDS });
    if (due(now)) await jobs.send(name);
  }
}
