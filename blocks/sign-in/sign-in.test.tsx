import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearSession, isSignedIn, readSession, writeSession } from '../_shared/session.ts';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import SignIn, { signInTargets } from './index.tsx';
import { CODE_FORMAT, CODE_LABEL } from './code-words.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSession('gold-coast-ford');
  clearSession('kiwi-car-yard');
});

const expires = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

describe('sign-in targets', () => {
  it('only in-site paths', () => {
    expect(signInTargets('?type=sign-in&redirect=%2Fcars%2Fa%2Fcheckout&back=%2Fcars%2Fa')).toEqual(
      { type: 'sign-in', redirect: '/cars/a/checkout', back: '/cars/a' },
    );
    expect(signInTargets('?redirect=https%3A%2F%2Fevil.example&back=%2F%2Fevil.example')).toEqual({
      type: '',
      redirect: '/',
      back: '/',
    });
    expect(signInTargets('?redirect=%2Fsign-in%3Fredirect%3D%2Fx').redirect).toBe('/');
    expect(signInTargets('?type=<script>').type).toBe('');
  });
});

describe('sign-in block', () => {
  const codeSent = (c: { body: { phone_number: string } }) => ({
    status: 202,
    json: {
      phone_number: c.body.phone_number.replace(/\D/g, ''),
      expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      code_length: 6,
    },
  });

  it('signs in with the code texted to the number, keeps who is signed in (storage and cookie, never the token) and goes on to redirect', async () => {
    const api = fakeApi({
      'POST /sign-in/code': codeSent,
      'POST /sign-in': (c) => ({
        status: 201,
        json: {
          token: 'tok-123',
          phone_number: '0412345678',
          site: c.body.site,
          expires_at: expires(),
        },
      }),
    });
    const view = renderFormBlock('sign-in', SignIn, {
      route: '/sign-in?type=sign-in&redirect=%2Fcars%2Franger%2Fcheckout&back=%2Fcars%2Franger',
    });
    screen.getByText('Please sign in to continue.');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/cars/ranger');
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '0412 345 678' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(api.posts('/sign-in/code')[0].body).toEqual({
      site: 'gold-coast-ford',
      phone_number: '0412 345 678',
    });
    // No session from the number alone: the code step, focused, says where the code went.
    expect(api.posts('/sign-in')).toHaveLength(0);
    const code = (await screen.findByLabelText(CODE_LABEL, { exact: false })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('status').textContent).toBe(
      'We sent a 6-digit code to 0412 345 678. It works for 10 minutes.',
    );
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect(view.location()).toBe('/cars/ranger/checkout'));
    expect(api.posts('/sign-in')[0].body).toEqual({
      site: 'gold-coast-ford',
      phone_number: '0412 345 678',
      code: '123456',
    });
    expect(readSession('gold-coast-ford')).toMatchObject({ phone_number: '0412345678' });
    // The token lives only in the API's HttpOnly cookie: nothing a page script can read holds it.
    expect(readSession('gold-coast-ford')).not.toHaveProperty('token');
    expect(JSON.stringify(localStorage)).not.toContain('tok-123');
    expect(document.cookie).not.toContain('tok-123');
    expect(document.cookie).toContain('fc_session_gold_coast_ford=1');
    expect(isSignedIn('gold-coast-ford')).toBe(true);
  });

  it('checks the code before sending it, and shows a wrong code as an error on its field', async () => {
    const wrong = 'That code is not right. Check the text message and try again.';
    const api = fakeApi({
      'POST /sign-in/code': codeSent,
      'POST /sign-in': () => ({
        status: 400,
        json: { error: wrong, fields: [{ path: '/code', message: wrong }] },
      }),
    });
    renderFormBlock('sign-in', SignIn);
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '0412 345 678' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    const code = await screen.findByLabelText(CODE_LABEL, { exact: false });
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = screen.getByRole('group', { name: 'Please fix the following errors:' });
    expect(within(summary).getByRole('link').textContent).toBe(CODE_FORMAT);
    expect(api.posts('/sign-in')).toHaveLength(0);
    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Please fix the following errors:' })).getByRole(
          'link',
        ).textContent,
      ).toBe(wrong),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(isSignedIn('gold-coast-ford')).toBe(false);
    // A new code, or another number.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a new code' })));
    expect(api.posts('/sign-in/code')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Mobile number/));
  });

  it("checks the number against the site's region before asking the API", () => {
    const api = fakeApi();
    renderFormBlock('sign-in', SignIn, {
      site: 'kiwi-car-yard',
      route: '/sign-in?type=watchlist&redirect=%2F',
    });
    screen.getByText('Please sign in to save cars to your watchlist.');
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '0412 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('group', { name: 'Please fix the following errors:' });
    expect(within(summary).getByRole('link').textContent).toMatch(/New Zealand phone number/);
    expect(api.posts('/sign-in/code')).toHaveLength(0);
  });

  it('shows the API error and keeps the number', async () => {
    fakeApi({
      'POST /sign-in/code': () => ({
        status: 429,
        json: { error: 'Too many requests. Please wait a minute and try again.' },
      }),
    });
    renderFormBlock('sign-in', SignIn);
    fireEvent.change(screen.getByLabelText(/Mobile number/), { target: { value: '0412 345 678' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await screen.findByText('Too many requests. Please wait a minute and try again.');
    expect((screen.getByLabelText(/Mobile number/) as HTMLInputElement).value).toBe('0412 345 678');
  });

  it('already signed in: continue or sign out (the API ends the session and clears its cookie)', async () => {
    const api = fakeApi({ 'POST /sign-out': () => ({ status: 204 }) });
    writeSession('gold-coast-ford', {
      phone_number: '0412345678',
      site: 'gold-coast-ford',
      expires_at: expires(),
    });
    renderFormBlock('sign-in', SignIn, { route: '/sign-in?redirect=%2Ffinance' });
    await screen.findByText("You're signed in with 0412 345 678.");
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/finance');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(isSignedIn('gold-coast-ford')).toBe(false);
    expect(api.posts('/sign-out')[0].body).toEqual({ site: 'gold-coast-ford' });
    screen.getByLabelText(/Mobile number/);
  });
});
