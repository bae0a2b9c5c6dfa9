/**
 * A facet click's own frame shows the tick and the section's count, and the search starts
 * after it (docs/search-ui.md, "Interaction speed").
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
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
  await waitFor(() => expect(window.location.pathname).not.toBe('/search/new-used-and-demo-cars'));
  expect(boxes().find((b) => b.checked)).toBeDefined();
  expect(section().querySelector('.fc-search-section__badge')?.textContent).toBe('1');
});
