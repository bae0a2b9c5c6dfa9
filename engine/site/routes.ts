/** Pages → routes. React Router ranks the paths, so /cars/:slug beats /cars/* and * comes last. */
import { matchRoutes } from 'react-router';
import type { Page } from './types.ts';

export interface PageMatch {
  page: Page;
  params: Record<string, string | undefined>;
}

/**
 * The page an address shows. With `routeValues` (site data), a page whose parameter
 * names nothing the site has is passed over for the next route (often `*`).
 */
export function matchPage(
  pages: Page[],
  pathname: string,
  routeValues?: Record<string, Record<string, string[]>>,
): PageMatch | undefined {
  let candidates = pages;
  for (;;) {
    const routes = candidates.map((page) => ({ path: page.path, id: page.id }));
    const matches = matchRoutes(routes, pathname);
    const last = matches?.[matches.length - 1];
    if (!last) return undefined;
    const page = candidates.find((p) => p.id === last.route.id)!;
    const allowed = routeValues?.[page.id];
    const refused =
      allowed &&
      Object.entries(allowed).some(
        ([param, values]) =>
          last.params[param] !== undefined && !values.includes(last.params[param]!),
      );
    if (!refused) return { page, params: last.params };
    candidates = candidates.filter((p) => p !== page);
  }
}

export function pageTitle(page: Pick<Page, 'title'>, siteName: string) {
  return page.title.replaceAll('{site}', siteName);
}
