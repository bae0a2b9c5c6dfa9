/**
 * The live site's status above the save and publish bar (docs/editor-guide.md, "The live
 * site's status"): a published document that is invalid (visitors get its last good revision)
 * and the server's sync with the git remote. Loaded with the site, then asked again every
 * half minute while the site is open. Problems are alerts; the rest is a polite status.
 */
import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { liveStatusLines, type StaleSite, type SyncState } from '../lib/live-status.ts';

/** How often the editor asks the server for the live site's status. */
export const LIVE_STATUS_POLL_MS = 30_000;

export function LiveStatus({
  slug,
  initial,
  pollMs = LIVE_STATUS_POLL_MS,
}: {
  slug: string;
  initial: { sync?: SyncState; liveProblem?: StaleSite };
  pollMs?: number;
}) {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      api.siteStatus(slug).then(
        (next) => !stopped && setStatus({ sync: next.sync, liveProblem: next.liveProblem }),
        () => undefined, // unreachable now: the last known status stays, the next poll tries again
      );
    }, pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [slug, pollMs]);

  const lines = liveStatusLines(status);
  const problems = lines.filter((l) => l.kind === 'problem');
  const others = lines.filter((l) => l.kind !== 'problem');
  // Both regions stay in the page, empty or not, so a problem that appears later is announced.
  return (
    <div className="fc-live-status" data-live-status-lines={lines.length}>
      <div role="alert">
        {problems.map((l) => (
          <p key={l.text} className="fc-notice is-error" data-live-status="problem">
            {l.text}
          </p>
        ))}
      </div>
      <div role="status">
        {others.map((l) => (
          <p key={l.text} className={`fc-live-line is-${l.kind}`} data-live-status={l.kind}>
            {l.text}
          </p>
        ))}
      </div>
    </div>
  );
}
