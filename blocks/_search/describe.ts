/**
 * The meta description of a search page (stock, models, dealerships) whose document gives none: search engines
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
  for (const source of [
    entry.state?.facetsRefinements,
    entry.state?.disjunctiveFacetsRefinements,
  ]) {
    for (const [attribute, values] of Object.entries(source ?? {}))
      if (values?.length) out[attribute] = [...(out[attribute] ?? []), ...values];
  }
  return out;
}

/** What a search block lists, for its description. */
export type DescribedKind = 'cars' | 'models' | 'dealerships';

const KINDS: Record<DescribedKind, { one: string; many: string; then: string }> = {
  cars: {
    one: 'car',
    many: 'cars',
    then: 'in stock: search and filter by make, model, price, body type and more.',
  },
  models: {
    one: 'model',
    many: 'models',
    then: 'to explore: search by name, make and body type, with the cars in stock.',
  },
  dealerships: {
    one: 'dealership',
    many: 'dealerships',
    then: 'to visit: search by name, town and the makes they sell.',
  },
};

/**
 * "Used Ford Ranger for sale at Gold Coast Ford. 42 cars in stock: search and filter by
 * make, model, price, body type and more." The heading is the document's when it sets one
 * (the car search words its own from the search when it does not).
 */
export function searchPageDescription(
  site: Pick<ResolvedSite, 'name' | 'region' | 'features'>,
  state: InstantSearchServerState | undefined,
  heading?: string,
  kind: DescribedKind = 'cars',
): string | undefined {
  const entry = Object.values((state?.initialResults ?? {}) as Record<string, ServerEntry>)[0];
  const count = entry?.results?.[0]?.nbHits;
  if (!entry || typeof count !== 'number') return undefined;
  const title =
    heading ||
    (kind === 'cars' ? autoHeading(refinementsOf(entry), site.features.preOwnedLabel) : '');
  if (!title) return undefined;
  const words = KINDS[kind];
  return spell(
    `${title} at ${site.name}. ${formatNumber(count, site.region)} ${count === 1 ? words.one : words.many} ${words.then}`,
    site.region,
  );
}

/** The description a search block gives its page: none when the page's document has its own. */
export function describeSearchPage(
  ctx: Pick<BlockLoadContext<unknown>, 'site' | 'url'>,
  state: InstantSearchServerState | undefined,
  as: { heading: string; kind?: DescribedKind },
): string | undefined {
  if (pageAt(ctx.site.pages, ctx.url.pathname)?.description) return undefined;
  return searchPageDescription(ctx.site, state, as.heading, as.kind);
}
