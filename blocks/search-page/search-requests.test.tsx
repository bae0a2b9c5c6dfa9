/**
 * When the search page asks the engine, and what it shows meanwhile (docs/search-ui.md):
 * - a search that finds nothing ("Results, states, count"): the suggestions under it are
 *   counted with extra queries, and those never keep the results busy;
 * - a facet click ("Interaction speed"): its own frame shows the tick and the section's
 *   count, and the search starts after it.
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MultiQueryRequest } from '../../engine/search/engine-types.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import { engineSearchClient, type SearchControl } from './test-search-client.ts';
import SearchPageApp from './SearchPageApp.tsx';

const h = vi.hoisted(() => ({
  client: undefined as unknown as ReturnType<typeof engineSearchClient>,
  fail: false,
  hold: undefined as SearchControl['hold'],
}));
vi.mock('../_search/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../_search/client.ts')>();
  return { ...real, searchClientFor: () => h.client };
});

beforeAll(() => {
  h.client = engineSearchClient(h);
}, 60_000);

/** A suggestion's count asks for no cards in any of its queries; a search's first query asks for its page of cards. */
const isCount = (queries: MultiQueryRequest[]) =>
  queries.every((q) => typeof q.params === 'object' && q.params.hitsPerPage === 0);

describe('a search that finds nothing', () => {
  it('is not left busy by a search answered while its suggestions are counted', async () => {
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars?query=zzqxjv');
    h.hold = isCount;
    const r = renderBlock(
      'search-page',
      { component: SearchPageApp },
      {
        route: '/search/new-used-and-demo-cars?query=zzqxjv',
        props: {},
      },
    );
    const results = () => r.container.querySelector('.fc-search-page__results')!;
    // The empty result asks for its suggestions' counts, which wait.
    await waitFor(() => expect(h.client.held()).toBeGreaterThan(0));
    // Another search that finds nothing is answered while they wait.
    const box = r.getByRole('searchbox', { name: (name) => name !== 'Find a make' });
    fireEvent.change(box, { target: { value: 'zzqxjvw' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(window.location.search).toBe('?query=zzqxjvw'));
    await waitFor(() => expect(results().getAttribute('aria-busy')).toBe('false'));
    // Then the counts come back: the results stay settled, and the suggestions show.
    h.hold = undefined;
    h.client.release();
    await waitFor(() => expect(r.container.querySelector('.fc-search-suggestions')).not.toBeNull());
    expect(results().getAttribute('aria-busy')).toBe('false');
  });
});

describe('a facet click', () => {
  it('ticks the box and counts it in its section before the search is told, then searches with it', async () => {
    window.history.replaceState(null, '', '/search/new-used-and-demo-cars');
    const r = renderBlock(
      'search-page',
      { component: SearchPageApp },
      {
        route: '/search/new-used-and-demo-cars',
        props: {},
      },
    );
    const section = () => r.container.querySelector('[data-filter$="-car_type"]')!;
    const boxes = () => [...section().querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    await waitFor(() => expect(boxes().length).toBeGreaterThan(1));
    await waitFor(() => expect(r.container.querySelector('[aria-busy="true"]')).toBeNull());
    const asked: MultiQueryRequest[][] = [];
    h.hold = (queries) => {
      asked.push(queries);
      return false;
    };
    const box = boxes()[0];
    expect(box.checked).toBe(false);
    // The click and everything it does before the browser may draw (React's render, microtasks).
    await act(async () => {
      fireEvent.click(box);
    });
    expect(box.checked).toBe(true);
    expect(section().querySelector('.fc-search-section__badge')?.textContent).toBe('1');
    expect(asked).toEqual([]);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    const filtered = asked.flat().some((q) => JSON.stringify(q).includes('car_type'));
    expect(filtered).toBe(true);
    await waitFor(() =>
      expect(window.location.pathname).not.toBe('/search/new-used-and-demo-cars'),
    );
    expect(boxes().find((b) => b.checked)).toBeDefined();
    expect(section().querySelector('.fc-search-section__badge')?.textContent).toBe('1');
    h.hold = undefined;
  });
});
