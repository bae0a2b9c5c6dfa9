/**
 * Staff sign-in (editor/lib/auth.ts, SignIn.tsx) against a fake editor API: a 401 shows
 * the sign-in screen (name and token), a wrong token an error, the right one the editor
 * again (token in sessionStorage, name in localStorage, both sent on every request), Sign
 * out the sign-in screen; without a token the name alone is asked once ("Who is
 * editing?"); a 403 explains how to turn on remote editing. Drafts in localStorage are
 * never touched.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './App.tsx';
import { retryAccess, setStaffName, STAFF_KEY, TOKEN_KEY } from '../lib/auth.ts';
import { draftKey, saveDraft } from '../lib/autosave.ts';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';

const TOKEN = 'right-token';

const siteDoc = (): Doc => unitSite([{ type: 'hero', id: 'hero', props: { heading: 'Hello' } }]);

interface Call {
  url: string;
  method: string;
  authorization?: string;
  staff?: string;
}

/** A fake /api/editor: `token` set means bearer auth, else `remote` means 403. */
function fakeApi(server: { token?: string; remote?: boolean }) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.Authorization,
      staff: headers['X-Forecourt-Staff'],
    };
    calls.push(call);
    if (server.token) {
      if (call.authorization !== `Bearer ${server.token}`)
        return json(401, { error: 'Sign in: the editor API needs the staff editor token.' });
    } else if (server.remote) {
      return json(403, {
        error:
          'Remote editing is off: the editor API only answers this machine unless FORECOURT_EDITOR_TOKEN is set on the server.',
      });
    }
    const path = url.replace('/api/editor', '');
    if (path === '/sites')
      return json(200, {
        sites: [{ slug: 'unit-site', name: 'Unit Site', ok: true, issues: 0, pages: 1 }],
      });
    if (path === '/templates') return json(200, { templates: [] });
    if (path === '/sites/unit-site')
      return json(200, {
        slug: 'unit-site',
        document: siteDoc(),
        version: 'v1',
        templates: {},
        resolved: siteDoc(),
        issues: [],
      });
    if (path === '/check') return json(200, { issues: [], site: null });
    if (path.startsWith('/models')) return json(200, { models: [] });
    return json(404, { error: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const field = () => screen.getByLabelText('Editor token') as HTMLInputElement;
const nameField = () => screen.getByLabelText('Your name') as HTMLInputElement;
const errorRegion = () => document.querySelector('[data-signin-error]') as HTMLElement;

async function submitToken(value: string, name = 'Alex Staff') {
  fireEvent.change(nameField(), { target: { value: name } });
  fireEvent.change(field(), { target: { value } });
  // Enter in the field submits the form.
  await act(async () => {
    fireEvent.submit(field().form!);
  });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  history.replaceState(null, '', '/editor/');
  act(() => {
    setStaffName('');
    retryAccess();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff sign-in', () => {
  it('asks for the name and the token when the API answers 401, focused in the first empty field', async () => {
    fakeApi({ token: TOKEN });
    const { unmount } = render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(field().type).toBe('password');
    expect(document.activeElement).toBe(nameField());
    unmount();
    // A remembered name is filled in, and focus goes to the token.
    act(() => setStaffName('Sam Remembered'));
    render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(nameField().value).toBe('Sam Remembered');
    expect(document.activeElement).toBe(field());
    screen.getByRole('button', { name: 'Sign in' });
    // The error region is in the page before there is anything to say.
    expect(errorRegion().getAttribute('aria-live')).toBe('assertive');
    expect(errorRegion().textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('says so for a missing name, a wrong or empty token, keeps focus in the field and stores nothing', async () => {
    fakeApi({ token: TOKEN });
    render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    await submitToken(TOKEN, '  ');
    expect(errorRegion().textContent).toMatch(/Enter your name/);
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameField());
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    await submitToken('');
    expect(errorRegion().textContent).toBe('Enter the editor token.');
    await submitToken('wrong-token');
    await waitFor(() => expect(errorRegion().textContent).toMatch(/not accepted/));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(errorRegion().id);
    expect(document.activeElement).toBe(field());
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(STAFF_KEY)).toBeNull();
    screen.getByRole('heading', { name: 'Staff sign-in' });
  });

  it('with the right token shows the site list, sends the token on every request and keeps drafts', async () => {
    saveDraft('unit-site', siteDoc(), 'v0');
    const draft = localStorage.getItem(draftKey('unit-site'));
    const calls = fakeApi({ token: TOKEN });
    render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    await submitToken(`  ${TOKEN} `, ' Zoë O’Brien ');
    await screen.findByRole('button', { name: /Unit Site/ });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // The name is remembered across sessions, and every request names the staff member.
    expect(localStorage.getItem(STAFF_KEY)).toBe('Zoë O’Brien');
    expect(calls.at(-1)!.staff).toBe(encodeURIComponent('Zoë O’Brien'));
    screen.getByText('Zoë O’Brien');
    // The list marks the unsaved changes kept from before sign-in.
    screen.getByText(/unsaved changes in this browser/);
    expect(localStorage.getItem(draftKey('unit-site'))).toBe(draft);
    const after = calls.slice(calls.findIndex((c) => c.authorization === `Bearer ${TOKEN}`));
    expect(after.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/editor/sites', '/api/editor/templates']),
    );
    expect(after.every((c) => c.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('Sign out forgets the token and returns to the sign-in screen; drafts and the name stay', async () => {
    saveDraft('unit-site', siteDoc(), 'v0');
    sessionStorage.setItem(TOKEN_KEY, TOKEN);
    act(() => {
      setStaffName('Alex Staff');
      retryAccess();
    });
    fakeApi({ token: TOKEN });
    render(<App />);
    await screen.findByRole('button', { name: /Unit Site/ });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(document.activeElement).toBe(field());
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(draftKey('unit-site'))).not.toBeNull();
    expect(nameField().value).toBe('Alex Staff');
  });

  it('a stored token the server no longer accepts leads to sign-in with the reason', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'old-token');
    act(() => retryAccess());
    fakeApi({ token: TOKEN });
    render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    screen.getByText(/not accepted any more/);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('after sign-in the site that was open opens again, with its draft', async () => {
    const draft = { ...siteDoc(), name: 'Unit Site (draft)' };
    saveDraft('unit-site', draft, 'v1');
    history.replaceState(null, '', '/editor/?site=unit-site&page=home');
    const calls = fakeApi({ token: TOKEN });
    render(<App />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    await submitToken(TOKEN);
    await screen.findByText(/Restored your unsaved changes/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Unit Site (draft)');
    expect(
      calls.some(
        (c) => c.url === '/api/editor/sites/unit-site' && c.authorization === `Bearer ${TOKEN}`,
      ),
    ).toBe(true);
    expect(location.search).toContain('site=unit-site');
    // The top bar offers Sign out while a token is in use.
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(JSON.parse(localStorage.getItem(draftKey('unit-site'))!).doc.name).toBe(
      'Unit Site (draft)',
    );
  });
});

describe('who is editing (no token needed)', () => {
  it('asks for the name once, remembers it, sends it with every request; Change asks again', async () => {
    const calls = fakeApi({});
    const { unmount } = render(<App />);
    await screen.findByRole('heading', { name: 'Who is editing?' });
    expect(document.activeElement).toBe(nameField());
    expect(screen.queryByLabelText('Editor token')).toBeNull();
    await act(async () => {
      fireEvent.submit(nameField().form!);
    });
    expect(errorRegion().textContent).toMatch(/Enter your name/);
    fireEvent.change(nameField(), { target: { value: 'Robin Lee' } });
    await act(async () => {
      fireEvent.submit(nameField().form!);
    });
    await screen.findByRole('button', { name: /Unit Site/ });
    expect(localStorage.getItem(STAFF_KEY)).toBe('Robin Lee');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/editor/sites').at(-1)!.staff).toBe('Robin%20Lee'),
    );
    // No token in use: no Sign out, but who is editing, with a way to change it.
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    unmount();
    // A new session (remounted app): not asked again.
    render(<App />);
    await screen.findByRole('button', { name: /Unit Site/ });
    fireEvent.click(screen.getByRole('button', { name: 'Not Robin Lee? Change name' }));
    await screen.findByRole('heading', { name: 'Who is editing?' });
  });
});

describe('remote editing off (403)', () => {
  it('explains how to enable remote editing and can try again', async () => {
    const calls = fakeApi({ remote: true });
    render(<App />);
    const heading = await screen.findByRole('heading', { name: 'Remote editing is off' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getAllByText('FORECOURT_EDITOR_TOKEN').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Editor token')).toBeNull();
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    await screen.findByRole('heading', { name: 'Remote editing is off' });
  });
});
