/**
 * Conflicts of a save (ConflictDialog) against a fake editor API: both values side by side
 * with the one before, nothing preselected, a choice required, the chosen value (yours or
 * theirs) saved on the server's merge with its version as the base, Escape saving nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { retryAccess, setStaffName } from '../lib/auth.ts';
import type { Conflict } from '../lib/api.ts';
import {
  editHeading,
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

describe('conflicts', () => {
  const conflict: Conflict = {
    path: '/pages/0/blocks/0/props/heading',
    label: 'Hero hero › heading (page home)',
    base: 'Hello',
    mine: 'Mine',
    theirs: 'Theirs',
  };

  function conflictingServer() {
    const server = fakeServer({ published: site('Hello') });
    let first = true;
    server.handlers.push((c) => {
      if (c.method !== 'PUT' || !first) return undefined;
      first = false;
      return json(409, {
        error: 'someone else saved this site since you opened it',
        conflicts: [conflict],
        document: { ...site('Theirs'), name: 'Renamed by them' },
        version: 'd9',
      });
    });
    return server;
  }

  async function openConflict() {
    await openSite();
    await editHeading('Mine');
    await save();
    return screen.findByRole('dialog', { name: 'Someone else changed the same value' });
  }

  it('shows both values side by side and what it was before, and asks for a choice', async () => {
    const server = conflictingServer();
    const dialog = await openConflict();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const group = within(dialog).getByRole('group', { name: 'Hero hero › heading (page home)' });
    const yours = within(group).getByRole('radio', { name: 'Yours' }) as HTMLInputElement;
    const theirs = within(group).getByRole('radio', {
      name: 'Saved by someone else',
    }) as HTMLInputElement;
    expect(document.getElementById(yours.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Mine',
    );
    expect(document.getElementById(theirs.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Theirs',
    );
    within(group).getByText('Hello');
    // Focus is inside; nothing is preselected, and saving without a choice says so.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(yours.checked || theirs.checked).toBe(false);
    const puts = () => server.calls.filter((c) => c.method === 'PUT').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    expect(dialog.querySelector('[data-conflict-error]')!.textContent).toMatch(
      /Choose which value to keep for Hero hero › heading/,
    );
    expect(document.activeElement).toBe(yours);
    expect(puts()).toBe(1);
  });

  it('saves the value chosen (yours) on the server’s merge, with its version as the base', async () => {
    const server = conflictingServer();
    const dialog = await openConflict();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yours' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    });
    const put = server.calls.filter((c) => c.method === 'PUT')[1];
    expect(put.body.baseVersion).toBe('d9');
    expect(put.body.document.pages[0].blocks[0].props.heading).toBe('Mine');
    // The rest of their merge stays.
    expect(put.body.document.name).toBe('Renamed by them');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Someone else changed/ })).toBeNull(),
    );
    expect(notice().textContent).toMatch(/Draft saved with the values you chose/);
    expect(heading()).toBe('Mine');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Renamed by them');
  });

  it('saves theirs when chosen; Escape closes without saving', async () => {
    const server = conflictingServer();
    let dialog = await openConflict();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Someone else changed/ })).toBeNull(),
    );
    expect(notice().textContent).toMatch(/Not saved/);
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(heading()).toBe('Mine');
    // Saving again (still from p1) meets the same conflict: this time keep theirs.
    server.handlers.unshift((c) =>
      c.method === 'PUT' && c.body.baseVersion === 'p1'
        ? json(409, {
            error: 'conflict',
            conflicts: [conflict],
            document: site('Theirs'),
            version: 'd9',
          })
        : undefined,
    );
    await save();
    dialog = await screen.findByRole('dialog', { name: 'Someone else changed the same value' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Saved by someone else' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    });
    const put = server.calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.body.baseVersion).toBe('d9');
    expect(put.body.document.pages[0].blocks[0].props.heading).toBe('Theirs');
    await waitFor(() => expect(heading()).toBe('Theirs'));
  });
});
