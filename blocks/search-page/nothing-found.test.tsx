/**
 * A search that finds nothing (docs/search-ui.md, "Results, states, count"): the suggestions
 * under it are counted with extra queries, and those never keep the results busy.
 */
import { fireEvent, waitFor } from '@testing-library/react';
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
