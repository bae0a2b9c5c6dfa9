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
  return matchAmong(pagesThatMayMatch(pages, pathname), pathname, routeValues);
}

/** matchPage, ranking every page of `pages` (matchPage ranks only those that may match). */
export function matchAmong(
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

/** A path's first segment as routes compare it (React Router matches without regard to case). */
const firstSegment = (path: string) => (path.split('/').find(Boolean) ?? '').toLowerCase();
/** A first segment that matches only itself: no parameter, splat, optional mark or escape. */
const isFixed = (segment: string) => !/[:*?%]/.test(segment);

/** Per list of pages: by each fixed first segment, the pages that may match an address starting with it. */
const pagesByFirstSegment = new WeakMap<Page[], { byFirst: Map<string, Page[]>; rest: Page[] }>();

/**
 * The pages that may show `pathname`, in their order: those whose path starts with its first
 * segment, and those whose path starts with a parameter or a splat. Ranking only these gives
 * the page ranking all of them gives, for a fraction of the work (a site's link check ranks
 * every page once per address). Kept per list of pages, one entry per fixed first segment, so
 * no address a visitor makes up adds to it.
 */
export function pagesThatMayMatch(pages: Page[], pathname: string): Page[] {
  // An address React Router may read otherwise (no leading slash, an empty segment) ranks all.
  if (!pathname.startsWith('/') || pathname.includes('//')) return pages;
  let groups = pagesByFirstSegment.get(pages);
  if (!groups) {
    // One pass: each page's first segment read once (a browser groups a site's pages while
    // hydrating); a page that may match any first segment joins every group, in page order.
    const firsts = pages.map((page) => firstSegment(page.path));
    const byFirst = new Map<string, Page[]>();
    for (const first of firsts) if (isFixed(first)) byFirst.set(first, []);
    const rest: Page[] = [];
    pages.forEach((page, i) => {
      if (isFixed(firsts[i])) byFirst.get(firsts[i])!.push(page);
      else for (const list of [rest, ...byFirst.values()]) list.push(page);
    });
    groups = { byFirst, rest };
    pagesByFirstSegment.set(pages, groups);
  }
  return groups.byFirst.get(firstSegment(pathname)) ?? groups.rest;
}
