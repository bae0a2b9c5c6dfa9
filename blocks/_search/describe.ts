/**
 * The meta description of a stock search page whose document gives none: search engines
 * show it under the link, and a page without one is marked down (docs/search-ui.md,
 * "Search engines"). Worded from the search the server rendered, like the page's heading.
 */
import type { InstantSearchServerState } from 'react-instantsearch';
import { formatNumber, spell } from '../../engine/region.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { BlockLoadContext } from '../../engine/render/block.ts';
import { pageAt } from '../_shared/page-at.ts';
import { autoHeading } from './labels.ts';

type Refinements = Record<string, string[] | undefined>;

interface ServerEntry {
  state?: { facetsRefinements?: Refinements; disjunctiveFacetsRefinements?: Refinements };
  results?: { nbHits?: number }[];
}

/** The value lists refined in a server search (conjunctive and disjunctive alike). */
function refinementsOf(entry: ServerEntry): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const source of [entry.state?.facetsRefinements, entry.state?.disjunctiveFacetsRefinements]) {
    for (const [attribute, values] of Object.entries(source ?? {})) if (values?.length) out[attribute] = [...(out[attribute] ?? []), ...values];
  }
  return out;
}

/**
 * "Used Ford Ranger for sale at Gold Coast Ford. 42 cars in stock: search and filter by
 * make, model, price, body type and more." The heading is the document's when it sets one.
 */
export function searchPageDescription(site: Pick<ResolvedSite, 'name' | 'region' | 'features'>, state: InstantSearchServerState | undefined, heading?: string): string | undefined {
  const entry = Object.values((state?.initialResults ?? {}) as Record<string, ServerEntry>)[0];
  const count = entry?.results?.[0]?.nbHits;
  if (!entry || typeof count !== 'number') return undefined;
  const title = heading || autoHeading(refinementsOf(entry), site.features.preOwnedLabel);
  const cars = `${formatNumber(count, site.region)} ${count === 1 ? 'car' : 'cars'}`;
  return spell(`${title} at ${site.name}. ${cars} in stock: search and filter by make, model, price, body type and more.`, site.region);
}

/** The description a search block gives its page: none when the page's document has its own. */
export function describeSearchPage(ctx: Pick<BlockLoadContext<unknown>, 'site' | 'url'>, state: InstantSearchServerState | undefined, heading: string): string | undefined {
  if (pageAt(ctx.site.pages, ctx.url.pathname)?.description) return undefined;
  return searchPageDescription(ctx.site, state, heading);
}
