/**
 * The search client of the search UIs' tests: the engine's own local client over the demo's
 * cars, in process (real searches, no server), which a test can tell to fail, or to hold the
 * requests it picks until it lets them go.
 */
import { join } from 'node:path';
import { loadInventory, readCatalogue, readInventorySites } from '../../demo/defaults.ts';
import {
  addDirectoryIndexes,
  createCarSearchEngine,
  createLocalSearchClient,
} from '../../engine/search/index.ts';
import type { MultiQueryRequest } from '../../engine/search/engine-types.ts';

export interface SearchControl {
  /** Every search fails as algoliasearch's do when the service answers 500. */
  fail: boolean;
  /** Requests it returns true for wait until `release()`. */
  hold?: (queries: MultiQueryRequest[]) => boolean;
}

export function engineSearchClient(control: SearchControl) {
  const sitesDir = join(import.meta.dirname, '../../sites');
  const cars = loadInventory(sitesDir, { count: 4000, now: Date.UTC(2025, 5, 15) });
  const engine = createCarSearchEngine(cars);
  addDirectoryIndexes(engine, readCatalogue(sitesDir), readInventorySites(sitesDir), cars);
  const local = createLocalSearchClient(engine);
  let held: (() => void)[] = [];
  return {
    search: async (requests: Parameters<typeof local.search>[0]) => {
      const queries = Array.isArray(requests) ? requests : requests.requests;
      if (control.hold?.(queries)) await new Promise<void>((resolve) => held.push(resolve));
      return control.fail
        ? Promise.reject(Object.assign(new Error('search unavailable'), { status: 500 }))
        : local.search(requests);
    },
    clearCache: () => local.clearCache(),
    /** How many requests wait. */
    held: () => held.length,
    /** Lets every held request go. */
    release() {
      for (const go of held) go();
      held = [];
    },
  };
}
