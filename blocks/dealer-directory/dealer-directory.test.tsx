/**
 * The dealer directory on the real engine, in process: each of the site's dealerships links
 * to its stock with the count that search page finds (the same site filter, sold cars within
 * the cutoff included).
 */
import { join } from 'node:path';
import { cleanup, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadInventory, readCatalogue, readInventorySites } from '../../demo/defaults.ts';
import {
  addDirectoryIndexes,
  createCarSearchEngine,
  createLocalSearchClient,
} from '../../engine/search/index.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import SearchPageApp from '../search-page/SearchPageApp.tsx';
import DealerDirectoryApp from './DealerDirectoryApp.tsx';

const h = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('../_search/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../_search/client.ts')>();
  return { ...real, searchClientFor: () => h.client };
});

beforeAll(() => {
  const sitesDir = join(import.meta.dirname, '../../sites');
  // Stock made today, so some cars sold within the site's sold cutoff still show in its search.
  const cars = loadInventory(sitesDir, { count: 4000, now: Date.now() });
  const engine = createCarSearchEngine(cars);
  addDirectoryIndexes(engine, readCatalogue(sitesDir), readInventorySites(sitesDir), cars);
  h.client = createLocalSearchClient(engine);
}, 60_000);

describe('dealer directory', () => {
  it("says how many cars each dealer link's search finds", async () => {
    const site = 'southern-motor-group';
    const r = renderBlock(
      'dealer-directory',
      { component: DealerDirectoryApp },
      {
        site,
        route: '/dealers',
        props: {},
      },
    );
    await waitFor(() =>
      expect(r.container.querySelectorAll('a.fc-button').length).toBeGreaterThan(1),
    );
    const links = [...r.container.querySelectorAll<HTMLAnchorElement>('a.fc-button')].map((a) => ({
      href: a.getAttribute('href')!,
      text: a.textContent!,
    }));
    cleanup();
    for (const link of links) {
      window.history.replaceState(null, '', link.href);
      const page = renderBlock(
        'search-page',
        { component: SearchPageApp },
        {
          site,
          route: link.href,
          props: {},
        },
      );
      await waitFor(() =>
        expect(page.container.querySelector('.fc-search-count')?.textContent).toMatch(
          /^[\d,]+ cars?$/,
        ),
      );
      const found = page.container.querySelector('.fc-search-count')!.textContent!;
      expect(`${link.href}: ${link.text}`).toBe(`${link.href}: View ${found}`);
      cleanup();
    }
  }, 60_000);
});
