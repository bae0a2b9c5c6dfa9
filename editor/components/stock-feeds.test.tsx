/**
 * The "Stock feeds" dialog (StockFeedsDialog.tsx): a fake editor API at the fetch boundary
 * answers GET /api/editor/sites/{slug}/feeds; the dialog lists each dealership's last pull
 * in staff words (counts, or the failure and that the last good stock stays) and its next.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { StaffFeedPull } from '../../schemas/types.gen.ts';
import { pullSummary, StockFeedsDialog } from './StockFeedsDialog.tsx';

const pull = (over: Partial<StaffFeedPull>): StaffFeedPull => ({
  dealership: '12',
  every_minutes: 240,
  last_at: '2026-03-02T09:00:00.000Z',
  outcome: 'imported',
  added: 3,
  changed: 1,
  sold: 2,
  warnings: 0,
  failure: null,
  failures_in_a_row: 0,
  last_good_at: '2026-03-02T09:00:00.000Z',
  next_at: '2026-03-02T13:00:00.000Z',
  ...over,
});

function fakeFeeds(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('Stock feeds dialog', () => {
  it("lists each feed's last pull and the next, from the editor API", async () => {
    const failed = pull({
      dealership: 'southport-ford',
      outcome: 'failed',
      added: 0,
      changed: 0,
      sold: 0,
      failure: 'The feed https://dms.example/x answered 500.',
      failures_in_a_row: 2,
      last_good_at: '2026-03-01T09:00:00.000Z',
    });
    const fetchMock = fakeFeeds(200, { site: 'gold-coast-ford', feeds: [pull({}), failed] });
    render(<StockFeedsDialog slug="gold-coast-ford" onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Stock feeds' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/editor/sites/gold-coast-ford/feeds');
    const items = within(list).getAllByRole('listitem');
    expect(items[0].textContent).toContain(pullSummary(pull({})));
    expect(pullSummary(pull({}))).toBe('3 added, 1 changed, 2 sold.');
    expect(items[1].textContent).toContain(
      'Failed 2 times in a row: The feed https://dms.example/x answered 500.',
    );
    expect(items[1].textContent).toContain('keeps the stock of the last good pull');
    expect(items[0].textContent).toMatch(/Every 240 minutes; next pull about/);
  });

  it('says when no feed is scheduled, and when the list could not be loaded', async () => {
    fakeFeeds(200, { site: 'gold-coast-ford', feeds: [] });
    const { unmount } = render(<StockFeedsDialog slug="gold-coast-ford" onClose={() => {}} />);
    expect(await screen.findByText('No stock feed is scheduled for this site.')).toBeTruthy();
    unmount();
    fakeFeeds(500, { error: 'store down' });
    render(<StockFeedsDialog slug="gold-coast-ford" onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The stock feeds could not be loaded: store down.',
    );
  });

  it('a feed not pulled yet says so', () => {
    expect(pullSummary(pull({ last_at: null, outcome: null }))).toBe('Not pulled yet.');
  });
});
