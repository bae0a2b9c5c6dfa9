/**
 * The site's scheduled stock feeds (docs/editor-guide.md, "Stock feeds"): per dealership the
 * last pull (when, cars added, changed and sold, warnings, or why it failed) and the next one,
 * read from GET /api/editor/sites/{slug}/feeds. Staff read it; the feeds themselves are the
 * platform's configuration (docs/deploy.md, "Scheduled feed pulls").
 */
import { useCallback } from 'react';
import type { StaffFeedPull, StaffFeeds } from '../../schemas/types.gen.ts';
import { request } from '../lib/api.ts';
import { formatWhen } from '../lib/publishing.ts';
import { Dialog } from './Dialog.tsx';
import { LoadedList, useLoadedList } from './loaded-list.tsx';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the last pull did, in staff words. */
export function pullSummary(f: StaffFeedPull): string {
  if (!f.last_at) return 'Not pulled yet.';
  if (f.outcome === 'failed')
    return `Failed${f.failures_in_a_row > 1 ? ` ${f.failures_in_a_row} times in a row` : ''}: ${f.failure ?? ''} The site keeps the stock of the last good pull${f.last_good_at ? ` (${formatWhen(f.last_good_at)})` : ''}.`;
  if (f.outcome === 'unchanged') return 'No change: the feed matched the stock.';
  return `${f.added} added, ${f.changed} changed, ${f.sold} sold${f.warnings ? `, ${plural(f.warnings, 'warning')}` : ''}.`;
}

export function StockFeedsDialog(props: { slug: string; onClose: () => void }) {
  const { slug } = props;
  const load = useCallback(
    () => request<StaffFeeds>(`/sites/${encodeURIComponent(slug)}/feeds`).then((r) => r.feeds),
    [slug],
  );
  const { items, error } = useLoadedList<StaffFeedPull>(load, 'The stock feeds');

  return (
    <Dialog
      title="Stock feeds"
      description="Dealerships whose stock is pulled from their own system on a schedule, with the last pull and the next."
      onClose={props.onClose}
      testId="stock-feeds"
      actions={
        <button type="button" onClick={props.onClose} data-autofocus>
          Close
        </button>
      }
    >
      <LoadedList items={items} error={error} empty="No stock feed is scheduled for this site.">
        {(feeds) => (
          <ul aria-label="Stock feeds">
            {feeds.map((f) => (
              <li key={f.dealership} data-dealership={f.dealership}>
                <h3>Dealership {f.dealership}</h3>
                <p>
                  {f.last_at && <>Last pull {formatWhen(f.last_at)}: </>}
                  {pullSummary(f)}
                </p>
                <p className="fc-muted">
                  Every {plural(f.every_minutes, 'minute')}
                  {f.next_at ? `; next pull about ${formatWhen(f.next_at)}` : ''}.
                </p>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </Dialog>
  );
}
