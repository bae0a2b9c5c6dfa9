/** Pages → routes. React Router ranks the paths, so /cars/:slug beats /cars/* and * comes last. */
import { matchRoutes } from 'react-router';
import type { Page } from '../site/types.ts';

export interface PageMatch {
  page: Page;
  params: Record<string, string | undefined>;
}

export function matchPage(pages: Page[], pathname: string): PageMatch | undefined {
  const routes = pages.map((page) => ({ path: page.path, id: page.id }));
  const matches = matchRoutes(routes, pathname);
  const last = matches?.[matches.length - 1];
  if (!last) return undefined;
  const page = pages.find((p) => p.id === last.route.id)!;
  return { page, params: last.params };
}

export function pageTitle(page: Pick<Page, 'title'>, siteName: string) {
  return page.title.replaceAll('{site}', siteName);
}
