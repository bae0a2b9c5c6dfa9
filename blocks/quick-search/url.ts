/**
 * The search address a quick-search choice opens (docs/content-blocks.md, "Quick search"):
 * the search page's own URL rules (docs/search-ui.md, "URL state"). Loaded on demand.
 */
import type { Page } from '../../engine/site/types.ts';
import { searchUrlFor, type SearchRouteState } from '../_search/url-state.ts';
import { pageAt } from '../_shared/page-at.ts';
import {
  BUDGET_ATTRIBUTE,
  hasSearchBlock,
  type PageTypes,
  type QuickChoice,
  type SearchTarget,
} from './rules.ts';

/** A choice as search state: one make, its model, one body type, and an upper price or weekly limit. */
export function quickSearchState(choice: QuickChoice): SearchRouteState {
  const lists: Record<string, string[]> = {};
  if (choice.make) lists.make = [choice.make];
  if (choice.model) lists.model = [choice.model];
  if (choice.body) lists.simple_body = [choice.body];
  const state: SearchRouteState = {};
  if (Object.keys(lists).length) state.refinementList = lists;
  if (choice.max && choice.max > 0)
    state.range = { [BUDGET_ATTRIBUTE[choice.budget]]: `:${Math.round(choice.max)}` };
  return state;
}

/**
 * The search address a choice opens, e.g. /search/ford/ranger?range[price]=:40000. A path the
 * site does not serve (a site without /search/:make/:model) falls back to the target page
 * with every filter in the query string, which every search page reads.
 */
export function quickSearchUrl(
  choice: QuickChoice,
  target: SearchTarget,
  pages: Page[],
  types?: PageTypes,
): string {
  const state = quickSearchState(choice);
  if (target.paths) {
    const url = searchUrlFor(state, { paths: true });
    const page = pageAt(pages, url.split('?')[0]);
    if (page && hasSearchBlock(page, types)) return url;
  }
  return searchUrlFor(state, { paths: false, currentPath: target.action });
}
