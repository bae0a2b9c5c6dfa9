/**
 * Browsing an index (the official client's browseObjects): every record, filtered, a
 * thousand at a time in the index's order, with a cursor for the next page.
 */
import pick from 'lodash-es/pick.js';
import type { SearchEngine } from './engine.ts';
import { SearchError } from './errors.ts';
import { parseFilters } from './filter-parser.ts';

export interface BrowseParams {
  cursor?: string;
  hitsPerPage?: number;
  filters?: string;
  attributesToRetrieve?: string[];
}

/** Every record (filtered), a thousand at a time, in the index's order; the cursor is where the next page starts. */
export function browseIndex(engine: SearchEngine, name: string, params: BrowseParams) {
  const source = engine.source(name);
  if (!source) throw new SearchError(`Index ${name} does not exist`, 404);
  const { index, sort } = source;
  // The cursor is the position the next page starts at (opaque to clients, as Algolia's is).
  const start = params.cursor ? Number.parseInt(params.cursor.replace(/^p/, ''), 36) : 0;
  if (!Number.isInteger(start) || start < 0) throw new SearchError('Invalid cursor', 400);
  const size = Math.min(1000, Math.max(1, params.hitsPerPage ?? 1000));
  const tree = params.filters ? parseFilters(params.filters) : undefined;
  const bits = tree ? index.evaluate(tree) : index.all();
  const order = index.order(sort);
  const matching: number[] = [];
  for (const doc of order) if (bits[doc >>> 5] & (1 << (doc & 31))) matching.push(doc);
  const attrs = params.attributesToRetrieve;
  const hits = matching.slice(start, start + size).map((doc) => {
    const record = index.records[doc];
    const out = attrs && !attrs.includes('*') ? pick(record, attrs) : { ...record };
    return { ...out, objectID: String(record.objectID ?? doc) };
  });
  const next = start + size < matching.length ? `p${(start + size).toString(36)}` : undefined;
  return {
    hits,
    nbHits: matching.length,
    page: Math.floor(start / size),
    nbPages: Math.ceil(matching.length / size),
    hitsPerPage: size,
    processingTimeMS: 0,
    query: '',
    params: '',
    index: name,
    ...(next ? { cursor: next } : {}),
  };
}
