/**
 * What one server render read besides its site and URL, found out while it runs: whether
 * it searched the stock (then the cached page is keyed by the stock version) and whether a
 * search failed (then the page, rendered without its results, is not cached). Each render
 * runs in its own async scope, so renders that interleave never see each other's reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RenderReads {
  /** A search of the stock ran (the page shows stock). */
  stock: boolean;
  /** A search failed or ran out of time (the page shows less than it should). */
  failed: boolean;
}

const scope = new AsyncLocalStorage<RenderReads>();

/** Runs a render and tells what it read. */
export async function tracked<T>(
  render: () => Promise<T>,
): Promise<{ value: T; reads: RenderReads }> {
  const reads: RenderReads = { stock: false, failed: false };
  const value = await scope.run(reads, render);
  return { value, reads };
}

interface SearchClientLike {
  search(requests: never): Promise<unknown>;
}

/** The server renders' search client, telling the render it runs in that it read the stock. */
export function trackedSearchClient<C extends SearchClientLike>(client: C): C {
  const search = (requests: never) => {
    const reads = scope.getStore();
    if (reads) reads.stock = true;
    return client.search(requests).catch((err: unknown) => {
      if (reads) reads.failed = true;
      throw err;
    });
  };
  return { ...client, search };
}
