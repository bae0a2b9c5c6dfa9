/**
 * What one server render read besides its site and URL, found out while it runs: whether
 * it searched the stock (then the cached page is keyed by the stock version: its site's, or
 * the whole one when it searched every site's figures, the directories) and whether a
 * search failed (then the page, rendered without its results, is not cached). Each render
 * runs in its own async scope, so renders that interleave never see each other's reads.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mayHoldStock } from '../../search/public-access.ts';

export interface RenderReads {
  /** A search of the stock ran (the page shows stock). */
  stock: boolean;
  /** A search of an index holding every site's figures (a directory) ran. */
  everySite: boolean;
  /** A search failed or ran out of time (the page shows less than it should). */
  failed: boolean;
}

const scope = new AsyncLocalStorage<RenderReads>();

/** Runs a render and tells what it read. */
export async function tracked<T>(
  render: () => Promise<T>,
): Promise<{ value: T; reads: RenderReads }> {
  const reads: RenderReads = { stock: false, everySite: false, failed: false };
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
    if (reads && indexNames(requests).some((name) => !mayHoldStock(name))) reads.everySite = true;
    return client.search(requests).catch((err: unknown) => {
      if (reads) reads.failed = true;
      throw err;
    });
  };
  return { ...client, search };
}

/** The index names a search client's requests name (a list, or `{ requests }`: client.ts). */
function indexNames(requests: unknown): string[] {
  const list: unknown[] = Array.isArray(requests)
    ? requests
    : ((requests as { requests?: unknown[] })?.requests ?? []);
  return list.flatMap((r) =>
    typeof (r as { indexName?: unknown })?.indexName === 'string'
      ? [(r as { indexName: string }).indexName]
      : [],
  );
}
