import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../../engine/render/site-context.tsx';
import { clearSession, writeSession } from '../../_shared/session.ts';
import { fakeApi } from '../../_forms/test-helpers.tsx';
import { prepareDemoSite } from '../../_shared/test-utils.tsx';
import { savedSearchParams } from './params.ts';
import SaveSearchForm, { SAVE_SEARCH_MESSAGES } from './SaveSearchForm.tsx';
import SavedSearchList, { SAVED_SEARCH_LIST_MESSAGES } from './SavedSearchList.tsx';

const { site, data } = prepareDemoSite({ blocks: [] });
const signIn = () =>
  writeSession(site.slug, {
    phone_number: '0412345678',
    site: site.slug,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(site.slug);
});

const state = {
  query: 'diesel',
  refinementList: { make: ['Ford', 'Mazda'], body: [] },
  menu: { car_type: 'used' },
  range: { price: '10000:40000', year: ':2020' },
};

function renderIn(ui: React.ReactNode) {
  return render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter>{ui}</MemoryRouter>
    </SiteProvider>,
  );
}

describe('saved search parameters', () => {
  it('say what the page searches: one OR group per list, menus, both ends of ranges, the query', () => {
    expect(savedSearchParams(state)).toEqual({
      query: 'diesel',
      facetFilters: [['make:Ford', 'make:Mazda'], ['car_type:used']],
      numericFilters: ['price>=10000', 'price<=40000', 'year<=2020'],
    });
    expect(savedSearchParams({})).toEqual({});
  });
});

describe('Save search form', () => {
  it('sends a visitor who is not signed in to sign in, and back to this search', () => {
    renderIn(<SaveSearchForm state={state} url="/search/ford" label="Ford" onClose={() => {}} />);
    screen.getByText(SAVE_SEARCH_MESSAGES.signIn);
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(document.activeElement).toBe(link);
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.searchParams.get('redirect')).toBe('/search/ford');
  });

  it('saves the search with the email and frequency chosen, from the keyboard', async () => {
    signIn();
    const api = fakeApi({
      'POST /saved-searches': () => ({ status: 201, json: { saved_searches: [] } }),
    });
    const onClose = vi.fn();
    renderIn(
      <SaveSearchForm
        state={state}
        url="/search/ford?query=diesel"
        label="Ford"
        onClose={onClose}
      />,
    );
    const email = screen.getByLabelText('Email for alerts');
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: ' me@example.com ' } });
    fireEvent.click(screen.getByLabelText('A daily email'));
    fireEvent.submit(email.closest('form')!);
    await screen.findByText(SAVE_SEARCH_MESSAGES.saved);
    expect(api.posts('/saved-searches')[0].body).toEqual({
      site: site.slug,
      email: 'me@example.com',
      frequency: 'daily',
      url: '/search/ford?query=diesel',
      label: 'Ford',
      params: savedSearchParams(state),
    });
    fireEvent.keyDown(email, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the API’s refusal as an alert', async () => {
    signIn();
    fakeApi({
      'POST /saved-searches': () => ({ status: 409, json: { error: 'Too many saved searches.' } }),
    });
    renderIn(<SaveSearchForm state={state} url="/search" label="All" onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email for alerts'), {
      target: { value: 'me@example.com' },
    });
    fireEvent.submit(screen.getByLabelText('Email for alerts').closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many saved searches.');
  });
});

describe('saved search list', () => {
  it('lists the searches and deletes one', async () => {
    signIn();
    const api = fakeApi({
      'GET /saved-searches': () => ({
        json: {
          saved_searches: [
            {
              id: 7,
              email: 'me@example.com',
              frequency: 'instant',
              url: '/search/ford',
              label: 'Ford',
              created_at: new Date().toISOString(),
            },
          ],
        },
      }),
      'POST /saved-searches/delete': () => ({ json: { success: true } }),
    });
    renderIn(<SavedSearchList />);
    expect((await screen.findByRole('link', { name: 'Ford' })).getAttribute('href')).toBe(
      '/search/ford',
    );
    screen.getByText(new RegExp(SAVED_SEARCH_LIST_MESSAGES.instant));
    const del = screen.getByRole('button', { name: /Delete/ });
    expect(del.textContent).toBe('Delete Ford');
    fireEvent.click(del);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ford' })).toBeNull());
    expect(api.posts('/saved-searches/delete')[0].body).toEqual({ site: site.slug, id: 7 });
    screen.getByText(SAVED_SEARCH_LIST_MESSAGES.empty);
  });
});
