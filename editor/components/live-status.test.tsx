/**
 * The live site's status in the editor (LiveStatus.tsx; docs/editor-guide.md, "The live site's
 * status"): a published document that is invalid is an alert naming when visitors' version is
 * from and the first problem; a failing sync says how often, why and when it tries next, and
 * the status follows the server as it is asked again; commits apart are counted; nothing shows
 * without a remote. Opened in the editor, a site's status sits in its save and publish bar, with
 * the draft's notes (a new site, values both changed); discarding a new site's draft says the
 * site is gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { retryAccess, setStaffName } from '../lib/auth.ts';
import { DISCARDED_NEW_SITE, formatWhen } from '../lib/publishing.ts';
import { LIVE_STATUS, type StaleSite, type SyncState } from '../lib/live-status.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { fakeServer, json, notice, openSite, site } from './publish-test-kit.tsx';

const SINCE = '2025-03-04T09:00:00.000Z';
const problem: StaleSite = {
  slug: 'unit-site',
  file: 'unit-site.json',
  since: SINCE,
  issues: [
    { path: '/pages/0/title', message: 'is required' },
    { path: '/name', message: 'must be string' },
  ],
};
const failing: SyncState = {
  remote: 'git@example.com:sites.git',
  state: 'failing',
  failuresInARow: 3,
  lastError: 'git fetch gave no answer within 60 s and was stopped',
  lastErrorAt: '2025-03-04T10:00:00.000Z',
  lastSuccessAt: '2025-03-04T08:00:00.000Z',
  nextAttemptAt: '2025-03-04T10:04:00.000Z',
  behind: 0,
  ahead: 0,
};
const ok: SyncState = {
  ...failing,
  state: 'ok',
  failuresInARow: 0,
  lastSuccessAt: '2025-03-04T10:05:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  act(() => {
    setStaffName('Alex Staff');
    retryAccess();
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const alert = () => screen.getAllByRole('alert').find((a) => a.closest('.fc-live-status'))!;
const status = () => screen.getAllByRole('status').find((s) => s.closest('.fc-live-status'))!;

describe('the live site status line', () => {
  it('says visitors see the last good revision of an invalid published document, as an alert', () => {
    render(<LiveStatus slug="unit-site" initial={{ liveProblem: problem }} />);
    expect(alert().textContent).toBe(LIVE_STATUS.invalid(problem));
    expect(alert().textContent).toContain(formatWhen(SINCE));
    expect(alert().textContent).toContain('/pages/0/title is required (and 1 more)');
  });

  it('says the sync fails, how often, why and when it tries again; then follows the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/editor/sites/unit-site/status'
          ? json(200, { draft: { exists: false, summary: [] }, sync: ok })
          : json(404, {}),
      ),
    );
    render(<LiveStatus slug="unit-site" initial={{ sync: failing }} pollMs={20} />);
    const text = alert().textContent!;
    expect(text).toBe(LIVE_STATUS.failing(failing));
    expect(text).toContain('failed 3 times in a row');
    expect(text).toContain(failing.lastError);
    expect(text).toContain(formatWhen(failing.nextAttemptAt));
    // Asked again, the server has recovered: the alert is gone, the status says so.
    await waitFor(() => expect(status().textContent).toBe(LIVE_STATUS.upToDate(ok)));
    expect(alert().textContent).toBe('');
  });

  it('counts published changes not brought in and publishes the remote lacks', () => {
    render(<LiveStatus slug="unit-site" initial={{ sync: { ...ok, behind: 2, ahead: 1 } }} />);
    expect(status().textContent).toBe(LIVE_STATUS.behind(2) + LIVE_STATUS.ahead(1));
    expect(status().textContent).toMatch(/^2 published changes .*yet\.1 publish made here is not/);
  });

  it('shows nothing without a remote and without a problem', () => {
    const { container } = render(<LiveStatus slug="unit-site" initial={{}} />);
    expect(container.textContent).toBe('');
  });
});

describe('in the save and publish bar of an open site', () => {
  it('shows the live site status and the draft’s notes', async () => {
    const server = fakeServer({ published: site('Published'), draft: site('Draft') });
    server.draftInfo = { ...server.draftInfo, newSite: true, conflicts: 2 };
    server.handlers.push((call) =>
      call.url === '/sites/unit-site' && call.method === 'GET'
        ? json(200, {
            slug: 'unit-site',
            document: server.draft,
            version: 'd1',
            templates: {},
            resolved: null,
            issues: [],
            draft: server.draftInfo,
            published: { commit: 'p1' },
            canPublish: true,
            liveProblem: problem,
            sync: failing,
          })
        : undefined,
    );
    await openSite();
    const bar = screen.getByRole('region', { name: 'Draft and publishing' });
    await waitFor(() =>
      expect(
        within(bar)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toContain(LIVE_STATUS.invalid(problem) + LIVE_STATUS.failing(failing)),
    );
    const notes = [...bar.querySelectorAll('[data-draft-note]')].map((n) => n.textContent);
    expect(notes).toEqual([LIVE_STATUS.newSite, LIVE_STATUS.conflicts(2)]);
  });

  it('discarding the draft of a site never published says the site is gone', async () => {
    const server = fakeServer({ published: site('Published'), draft: site('Draft') });
    server.draftInfo = { ...server.draftInfo, newSite: true };
    server.handlers.push((c) => {
      if (c.url !== '/sites/unit-site/draft' || c.method !== 'DELETE') return undefined;
      server.handlers.unshift((after) =>
        after.url === '/sites/unit-site' ? json(404, { error: 'no site "unit-site"' }) : undefined,
      );
      return json(200, {});
    });
    await openSite();
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the draft' }));
    });
    await waitFor(() => expect(notice().textContent).toContain(DISCARDED_NEW_SITE));
  });
});
