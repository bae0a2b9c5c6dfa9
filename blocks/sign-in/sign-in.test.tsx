import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearSession, isSignedIn, readSession, writeSession } from '../_shared/session.ts';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import SignIn, { signInTargets } from './index.tsx';

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
  it('signs in by phone, keeps who is signed in (storage and cookie, never the token) and goes on to redirect', async () => {
    const api = fakeApi({
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
    await waitFor(() => expect(view.location()).toBe('/cars/ranger/checkout'));
    expect(api.posts('/sign-in')[0].body).toEqual({
      site: 'gold-coast-ford',
      phone_number: '0412 345 678',
    });
    expect(readSession('gold-coast-ford')).toMatchObject({ phone_number: '0412345678' });
    // The token lives only in the API's HttpOnly cookie: nothing a page script can read holds it.
    expect(readSession('gold-coast-ford')).not.toHaveProperty('token');
    expect(JSON.stringify(localStorage)).not.toContain('tok-123');
    expect(document.cookie).not.toContain('tok-123');
    expect(document.cookie).toContain('fc_session_gold_coast_ford=1');
    expect(isSignedIn('gold-coast-ford')).toBe(true);
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
    expect(api.posts('/sign-in')).toHaveLength(0);
  });

  it('shows the API error and keeps the number', async () => {
    fakeApi({
      'POST /sign-in': () => ({
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
