/**
 * The "Save search" button on the search page (docs/search-ui.md, "Saved searches"): the form
 * is not in the page until the button is pressed, then loads and saves the search the page
 * shows; a refusal is told and what the visitor typed stays.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { InstantSearch, useRefinementList } from 'react-instantsearch';
import { MemoryRouter } from 'react-router';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { clearSession, writeSession } from '../_shared/session.ts';
import { fakeApi } from '../_forms/test-helpers.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { SaveSearchButton } from './SaveSearchButton.tsx';
import { SAVE_SEARCH_MESSAGES } from './save-search/SaveSearchForm.tsx';

const { site, data } = prepareDemoSite({ blocks: [] });
const INDEX = site.search.index;

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(site.slug);
});

/** A search client that finds nothing: the button reads InstantSearch's state, not results. */
const emptyClient = {
  search: (requests: readonly unknown[]) =>
    Promise.resolve({
      results: requests.map(() => ({
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 20,
        processingTimeMS: 0,
        exhaustiveNbHits: true,
        query: '',
        params: '',
        facets: {},
      })),
    }),
};

function MakeFilter() {
  useRefinementList({ attribute: 'make' });
  return null;
}

function renderButton() {
  writeSession(site.slug, {
    phone_number: '0412345678',
    site: site.slug,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter initialEntries={['/search/ford']}>
        <InstantSearch
          searchClient={emptyClient as never}
          indexName={INDEX}
          initialUiState={{ [INDEX]: { refinementList: { make: ['Ford'] } } }}
          future={{ preserveSharedStateOnUnmount: true }}
        >
          <MakeFilter />
          <SaveSearchButton label="Ford" />
        </InstantSearch>
      </MemoryRouter>
    </SiteProvider>,
  );
}

const button = () => screen.getByRole('button', { name: 'Save search' });
const emailBox = () => screen.findByLabelText('Email for alerts');

describe('Save search button', () => {
  it('loads its form only when pressed, and saves the search the page shows', async () => {
    const api = fakeApi({
      'POST /saved-searches': () => ({ status: 201, json: { saved_searches: [] } }),
    });
    renderButton();
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Email for alerts')).toBeNull();
    fireEvent.click(button());
    const email = await emailBox();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(email, { target: { value: 'me@example.com' } });
    fireEvent.submit(email.closest('form')!);
    expect((await screen.findByText(SAVE_SEARCH_MESSAGES.saved)).getAttribute('role')).toBe(
      'status',
    );
    const [sent] = api.posts('/saved-searches');
    expect(sent.body).toMatchObject({
      site: site.slug,
      email: 'me@example.com',
      frequency: 'instant',
      url: '/search/ford',
      label: 'Ford',
      params: { facetFilters: [['make:Ford']] },
    });
    // Cancel closes it and gives focus back to the button.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Email for alerts')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('tells a refusal and keeps what the visitor typed and chose', async () => {
    fakeApi({
      'POST /saved-searches': () => ({ status: 409, json: { error: 'Too many saved searches.' } }),
    });
    renderButton();
    fireEvent.click(button());
    const email = (await emailBox()) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByLabelText('A daily email'));
    fireEvent.submit(email.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many saved searches.');
    expect(email.value).toBe('me@example.com');
    expect((screen.getByLabelText('A daily email') as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });
});
