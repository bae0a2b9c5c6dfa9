/**
 * The site page an address shows, for blocks. Blocks match with React Router directly
 * rather than importing engine/site/routes.ts: that module lives in the runtime's entry
 * chunk, and a block chunk importing it made the bundler move React out of the entry into a
 * chunk of its own that every page then loads (docs/cars.md, "Page weight").
 */
import { matchRoutes } from 'react-router';
import type { Page } from '../../engine/site/types.ts';

/** The page whose path matches `pathname` (React Router's ranking: /cars/:slug before /cars/*), if any. */
export function pageAt<P extends Pick<Page, 'id' | 'path'>>(
  pages: P[],
  pathname: string,
): P | undefined {
  const matches = matchRoutes(
    pages.map((p) => ({ path: p.path, id: p.id })),
    pathname,
  );
  const id = matches?.[matches.length - 1]?.route.id;
  return id === undefined ? undefined : pages.find((p) => p.id === id);
}
