/**
 * A staff member's role in the editor (docs/publishing.md, "Who may do what"): after sign-in
 * the editor asks who the token belongs to (GET /me); for an editor-role member Publish,
 * Discard and History's Restore are shown greyed out with the server's reason beside them
 * (the server refuses them too: tests/unit/server/staff-roles.test.ts), and the member's own
 * name replaces the one typed; a publisher of the site gets them enabled.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PUBLISHER_ROLE_REQUIRED, type StaffRole } from '../../engine/api/staff-roles.ts';
import { currentStaffName, retryAccess, setStaffName } from '../lib/auth.ts';
import { setMember } from '../lib/member.ts';
import { DATE, fakeServer, json, openSite, site } from './publish-test-kit.tsx';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  act(() => {
    setStaffName('Typed Name');
    setMember(undefined);
    retryAccess();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  // The member is the module's state: the next test file in this worker starts with none.
  act(() => setMember(undefined));
});

function serverFor(role: StaffRole) {
  const server = fakeServer({
    published: site('Hello'),
    draft: site('Hello there'),
    canPublish: role === 'publisher',
    versions: [],
  });
  server.handlers.push((call) => {
    if (call.url === '/me')
      return json(200, {
        kind: 'member',
        name: 'Ed Editor',
        email: 'ed@dealer.example',
        roles: { 'unit-site': role },
      });
    if (call.url === '/sites/unit-site/history')
      return json(200, {
        versions: [
          { commit: 'p1', author: 'Pat Publisher', date: DATE, message: 'Publish', summary: [] },
        ],
      });
    return undefined;
  });
  return server;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The text an element's aria-describedby points at. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("an editor-role member's publish bar", () => {
  it('greys out Publish, Discard and Restore, and says why', async () => {
    const server = serverFor('editor');
    await openSite();
    await waitFor(() => expect(button('Publish…').disabled).toBe(true));
    expect(server.calls.some((c) => c.url === '/me')).toBe(true);
    expect(description(button('Publish…'))).toBe(PUBLISHER_ROLE_REQUIRED);
    expect(button('Discard draft…').disabled).toBe(true);
    expect(description(button('Discard draft…'))).toBe(PUBLISHER_ROLE_REQUIRED);
    // Visible, not only to screen readers.
    expect(document.querySelector('.fc-publishbar [data-role-why]')?.textContent).toBe(
      PUBLISHER_ROLE_REQUIRED,
    );
    fireEvent.click(button('Publish…'));
    expect(server.calls.some((c) => c.url.endsWith('/publish'))).toBe(false);
    // Saves go on under the member's own name, shown with their role and not to be changed here.
    expect(currentStaffName()).toBe('Ed Editor');
    expect(document.querySelector('[data-staff-name]')?.textContent).toBe('Ed Editor');
    expect(document.querySelector('[data-staff-role]')?.textContent).toBe('(editor)');
    expect(screen.queryByRole('button', { name: /Change name/ })).toBeNull();
    expect(button('Request review').disabled).toBe(false);

    fireEvent.click(button('History'));
    const dialog = await screen.findByTestId('history');
    const restore = await within(dialog).findByRole('button', { name: /Restore as draft/ });
    expect((restore as HTMLButtonElement).disabled).toBe(true);
    expect(description(restore)).toContain(PUBLISHER_ROLE_REQUIRED);
  });

  it('leaves them to a publisher of the site', async () => {
    serverFor('publisher');
    await openSite();
    await waitFor(() => expect(currentStaffName()).toBe('Ed Editor'));
    expect(button('Publish…').disabled).toBe(false);
    expect(button('Discard draft…').disabled).toBe(false);
    expect(document.querySelector('[data-role-why]')).toBeNull();
  });
});
