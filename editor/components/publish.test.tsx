/**
 * The draft / review / publish flow of the editor (PublishBar and its dialogs) against a
 * fake editor API speaking docs/publishing.md: a save is a draft (the notice says it is
 * not live, with the draft preview and the published site), a merged save loads the
 * merged document, review shows the Markdown, publish confirms with the draft's summary
 * (and a 403 is explained), history restores an older version as the draft, and the draft
 * can be discarded. Conflicts: conflicts.test.tsx.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { retryAccess, setStaffName } from '../lib/auth.ts';
import type { PublishedVersion } from '../lib/api.ts';
import {
  DATE,
  draftStatus,
  editHeading,
  editHeadingValue,
  fakeServer,
  heading,
  json,
  notice,
  openSite,
  save,
  site,
} from './publish-test-kit.tsx';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  act(() => {
    setStaffName('Alex Staff');
    retryAccess();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saving a draft', () => {
  it('says the draft is saved and not live, links the draft preview and the published site, and shows the draft status', async () => {
    const server = fakeServer({ published: site('Hello') });
    await openSite();
    expect(draftStatus()).toBe('No unpublished changes');
    await editHeading('Hello there');
    await save();
    await waitFor(() =>
      expect(notice().textContent).toMatch(
        /Draft saved\. It is not live yet: visitors still see the published site\./,
      ),
    );
    expect(
      within(notice()).getByRole('link', { name: 'Preview the draft' }).getAttribute('href'),
    ).toBe('/drafts/unit-site/');
    expect(
      within(notice()).getByRole('link', { name: 'Open the published site' }).getAttribute('href'),
    ).toBe('/sites/unit-site/');
    expect(draftStatus()).toMatch(
      /^Draft: 1 change not published \(last saved by Alex Staff, .+\)$/,
    );
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body.baseVersion).toBe('p1');
    expect(put.body.document.pages[0].blocks[0].props.heading).toBe('Hello there');
    // Every request names the staff member.
    expect(server.calls.every((c) => c.staff === 'Alex%20Staff')).toBe(true);
    expect(document.querySelector('.fc-status')!.textContent).toContain('All changes saved');
    // No "save anyway" anywhere.
    expect(screen.queryByRole('button', { name: /anyway/i })).toBeNull();
  });

  it('a save merged with someone else’s loads the merged document and says so', async () => {
    const server = fakeServer({ published: site('Hello') });
    server.handlers.push((c) =>
      c.method === 'PUT'
        ? json(200, {
            document: { ...c.body.document, name: 'Their Site' },
            version: 'd3',
            changed: true,
            merged: true,
            draft: {
              exists: true,
              head: 'd3',
              author: 'Alex Staff',
              date: DATE,
              summary: ['a', 'b'],
            },
            live: false,
          })
        : undefined,
    );
    await openSite();
    await editHeading('Mine');
    await save();
    await waitFor(() =>
      expect(notice().textContent).toMatch(/^Merged with changes saved by someone else/),
    );
    // Their change (the name) is in the editor now, and so is this one.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Their Site');
    expect(heading()).toBe('Mine');
    expect(draftStatus()).toMatch(/^Draft: 2 changes not published/);
    expect(document.querySelector('.fc-status')!.textContent).toContain('All changes saved');
  });
});

describe('review, publish, history, discard', () => {
  const versions: PublishedVersion[] = [
    {
      commit: 'p1',
      author: 'Sam',
      date: '2025-03-03T09:00:00Z',
      message: 'Publish unit-site: Hero heading changed',
      summary: ['Hero hero: heading changed from "Hi" to "Hello"'],
    },
    {
      commit: 'p0',
      author: 'Kim',
      date: '2025-03-01T09:00:00Z',
      message: 'First version',
      summary: ['Site added'],
    },
  ];

  it('Request review shows the Markdown to copy and where the draft was pushed', async () => {
    const server = fakeServer({ published: site('Hello'), draft: site('Draft heading') });
    server.handlers.push((c) =>
      c.url === '/sites/unit-site/review'
        ? json(200, {
            branch: 'forecourt/draft/unit-site',
            remote: 'origin',
            pushed: true,
            markdown: '## unit-site\n\n- Hero heading changed',
          })
        : undefined,
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openSite();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request review' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Review requested' });
    expect(dialog.textContent).toMatch(/pushed to origin as branch forecourt\/draft\/unit-site/);
    const md = within(dialog).getByLabelText(
      'Review description (Markdown)',
    ) as HTMLTextAreaElement;
    expect(md.readOnly).toBe(true);
    expect(md.value).toBe('## unit-site\n\n- Hero heading changed');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Copy' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('## unit-site\n\n- Hero heading changed');
    within(dialog).getByText('Copied to the clipboard.');
  });

  it('Request review links the pull request the server opened on GitHub', async () => {
    const server = fakeServer({ published: site('Hello'), draft: site('Draft heading') });
    const url = 'https://github.com/dealer-group/sites/pull/7';
    server.handlers.push((c) =>
      c.url === '/sites/unit-site/review'
        ? json(200, {
            branch: 'forecourt/draft/unit-site',
            remote: 'origin',
            pushed: true,
            markdown: '## unit-site',
            pullRequest: { url, number: 7, created: true },
          })
        : undefined,
    );
    await openSite();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request review' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Review requested' });
    expect(dialog.textContent).toMatch(/its pull request is open: pull request #7/);
    expect(within(dialog).getByRole('link', { name: 'pull request #7' }).getAttribute('href')).toBe(
      url,
    );
  });

  it('Publish confirms with the draft’s summary, then says visitors see it now', async () => {
    const server = fakeServer({ published: site('Hello'), draft: site('Draft heading') });
    server.handlers.push((c) => {
      if (c.url !== '/sites/unit-site/publish') return undefined;
      server.published = server.draft!;
      server.draft = undefined;
      server.draftInfo = { exists: false, summary: [] };
      return json(200, { published: 'p2', document: server.published });
    });
    await openSite();
    expect(draftStatus()).toMatch(/^Draft: 1 change not published \(last saved by Sam/);
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish unit-site?' });
    expect(within(dialog).getByRole('listitem').textContent).toBe('Hero heading changed');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    });
    await waitFor(() => expect(notice().textContent).toMatch(/^Published: visitors see it now\./));
    expect(
      within(notice()).getByRole('link', { name: 'Open the published site' }).getAttribute('href'),
    ).toBe('/sites/unit-site/');
    expect(draftStatus()).toBe('No unpublished changes');
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains a 403 from publish (and stays in the editor)', async () => {
    const server = fakeServer({ published: site('Hello'), draft: site('Draft heading') });
    server.handlers.push((c) =>
      c.url === '/sites/unit-site/publish'
        ? json(403, { error: 'publishing needs the publish token' })
        : undefined,
    );
    await openSite();
    fireEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish unit-site?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    });
    await waitFor(() =>
      expect(notice().textContent).toMatch(
        /Not published: you may not publish \(the server said: publishing needs the publish token\)\. Your draft is saved and waits/,
      ),
    );
    expect(notice().getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('heading', { name: 'Remote editing is off' })).toBeNull();
    expect(draftStatus()).toMatch(/^Draft: 1 change/);
  });

  it('hides Publish from staff who may not publish', async () => {
    fakeServer({ published: site('Hello'), draft: site('Draft heading'), canPublish: false });
    await openSite();
    expect(screen.queryByRole('button', { name: 'Publish…' })).toBeNull();
    screen.getByRole('button', { name: 'Request review' });
  });

  it('History lists published versions; Restore as draft loads that version into the editor', async () => {
    const server = fakeServer({ published: site('Hello'), versions });
    server.handlers.push((c) => {
      if (c.url === '/sites/unit-site/history') return json(200, { versions: server.versions });
      if (c.url === '/sites/unit-site/restore') {
        expect(c.body).toEqual({ commit: 'p0' });
        server.draft = site('Hi');
        server.draftInfo = {
          exists: true,
          head: 'd5',
          author: 'Alex Staff',
          date: DATE,
          summary: ['Hero hero: heading changed from "Hello" to "Hi"'],
        };
        return json(200, {
          document: server.draft,
          version: 'd5',
          changed: true,
          merged: false,
          draft: server.draftInfo,
          live: false,
        });
      }
      return undefined;
    });
    await openSite();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Published versions' });
    await waitFor(() => expect(dialog.querySelector('[data-version]')).toBeTruthy());
    const versionsShown = [...dialog.querySelectorAll('[data-version]')];
    expect(versionsShown.map((v) => v.getAttribute('data-version'))).toEqual(['p1', 'p0']);
    expect(versionsShown[0].textContent).toMatch(/Sam/);
    expect(versionsShown[0].textContent).toMatch(/heading changed from "Hi" to "Hello"/);
    expect(versionsShown[1].textContent).toMatch(/Kim.*Site added/);
    within(dialog).getByRole('list', { name: 'Published versions' });
    await act(async () => {
      fireEvent.click(
        within(versionsShown[1] as HTMLElement).getByRole('button', { name: 'Restore as draft' }),
      );
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Published versions' })).toBeNull(),
    );
    expect(notice().textContent).toMatch(
      /is now the draft\. Nothing is live until you publish it\./,
    );
    expect(draftStatus()).toMatch(/^Draft: 1 change not published/);
    await editHeadingValue('Hi');
  });

  it('Restore asks first when the editor has unsaved changes', async () => {
    const server = fakeServer({ published: site('Hello'), versions });
    server.handlers.push((c) =>
      c.url === '/sites/unit-site/history' ? json(200, { versions: server.versions }) : undefined,
    );
    await openSite();
    await editHeading('Unsaved');
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Published versions' });
    const row = await waitFor(() => {
      const found = dialog.querySelector<HTMLElement>('[data-version="p0"]');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Restore as draft' }));
    expect(within(row).getByRole('alert').textContent).toMatch(/replaces the unsaved changes/);
    expect(server.calls.some((c) => c.url.endsWith('/restore'))).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    within(row).getByRole('button', { name: 'Restore as draft' });
  });

  it('Discard draft asks, then shows the published document again', async () => {
    const server = fakeServer({ published: site('Hello'), draft: site('Draft heading') });
    server.handlers.push((c) => {
      if (c.url !== '/sites/unit-site/draft' || c.method !== 'DELETE') return undefined;
      server.draft = undefined;
      server.draftInfo = { exists: false, summary: [] };
      return json(200, {});
    });
    await openSite();
    await editHeadingValue('Draft heading');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    // The safe choice has focus.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep the draft' }),
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Discard the draft' }));
    });
    await waitFor(() => expect(notice().textContent).toMatch(/^Draft discarded/));
    expect(draftStatus()).toBe('No unpublished changes');
    await editHeadingValue('Hello');
  });
});
