/**
 * Search requests as a site's search page sends them, varied the way buyers vary them:
 * the stock list in each sort order and a few pages deep, a make, a make and model, a body
 * type, a price ceiling, a typed query, each with the page's facets and, for a refined
 * list, InstantSearch's second request for that list's counts. Values come from the
 * server's own stock (one facet request first), so every refinement finds cars.
 */
import { CAR_INDEX, CAR_REPLICAS } from '../../../engine/search/car-index.ts';
import { siteSearchKey } from '../../../engine/search/public-access.ts';

/** The lists and ranges the search page asks counts and bounds for. */
const PAGE_FACETS = [
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'state',
  'price',
  'year',
  'km',
];
const SORTS = [
  CAR_INDEX,
  CAR_REPLICAS.price_asc,
  CAR_REPLICAS.price_desc,
  CAR_REPLICAS.year_desc,
  CAR_REPLICAS.km_asc,
  CAR_REPLICAS.newest,
];
const PRICE_CEILINGS = [15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000];

interface StockValues {
  makes: string[];
  models: Map<string, string[]>;
  bodies: string[];
}

/** The headers a site's page searches with (its search key holds it to the site's stock). */
export const searchHeaders = (site: string) => ({
  'content-type': 'application/json',
  'x-algolia-api-key': siteSearchKey(site),
  'x-algolia-application-id': 'forecourt',
});

async function stockValues(base: string, site: string): Promise<StockValues> {
  const res = await fetch(`${base}/1/indexes/*/queries`, {
    method: 'POST',
    headers: searchHeaders(site),
    body: JSON.stringify({
      requests: [
        {
          indexName: CAR_INDEX,
          params: {
            hitsPerPage: 0,
            facets: ['make', 'make_model', 'simple_body'],
            maxValuesPerFacet: 1000,
          },
        },
      ],
    }),
  });
  const facets =
    ((await res.json()) as { results: { facets?: Record<string, Record<string, number>> }[] })
      .results[0]?.facets ?? {};
  const top = (values: Record<string, number> | undefined, n: number) =>
    Object.entries(values ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([v]) => v);
  const makes = top(facets.make, 12);
  const models = new Map<string, string[]>();
  for (const makeModel of top(facets.make_model, 60)) {
    const make = makes.find((m) => makeModel.startsWith(`${m} `));
    if (make) models.set(make, [...(models.get(make) ?? []), makeModel.slice(make.length + 1)]);
  }
  return { makes, models, bodies: top(facets.simple_body, 8) };
}

/** One search of the page: the main request, plus InstantSearch's count request for each refined list. */
function pageSearch(
  indexName: string,
  refinements: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  const facetFilters = Object.entries(refinements).map(([attribute, value]) => [
    `${attribute}:${value}`,
  ]);
  const main = {
    indexName,
    params: {
      hitsPerPage: 21,
      facets: PAGE_FACETS,
      maxValuesPerFacet: 100,
      ...(facetFilters.length ? { facetFilters } : {}),
      ...extra,
    },
  };
  const counts = Object.keys(refinements).map((attribute) => ({
    indexName,
    params: {
      hitsPerPage: 0,
      facets: [attribute],
      attributesToRetrieve: [],
      analytics: false,
      ...(facetFilters.length > 1
        ? { facetFilters: facetFilters.filter((f) => !f[0].startsWith(`${attribute}:`)) }
        : {}),
    },
  }));
  return JSON.stringify({ requests: [main, ...counts] });
}

/** A small seeded generator, so two runs send the same mix. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` different search bodies in a buyer-like mix: 25% the stock list (sort, page),
 * 30% a make, 15% a make and model, 10% a body type, 10% a price ceiling, 10% a typed query.
 */
export async function searchMix(
  base: string,
  site: string,
  count: number,
  seed = 7,
): Promise<string[]> {
  const values = await stockValues(base, site);
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const bodies = new Set<string>();
  for (let tries = 0; bodies.size < count && tries < count * 50; tries++) {
    const roll = next();
    const sort = pick(SORTS);
    const page = next() < 0.7 ? 0 : Math.floor(next() * 4) + 1;
    const make = pick(values.makes);
    if (roll < 0.25) bodies.add(pageSearch(sort, {}, { page }));
    else if (roll < 0.55) bodies.add(pageSearch(sort, { make }, { page }));
    else if (roll < 0.7) {
      const model = values.models.get(make)?.length ? pick(values.models.get(make)!) : undefined;
      bodies.add(pageSearch(sort, model ? { make, model } : { make }, { page }));
    } else if (roll < 0.8)
      bodies.add(pageSearch(sort, { simple_body: pick(values.bodies) }, { page }));
    else if (roll < 0.9)
      bodies.add(
        pageSearch(sort, {}, { numericFilters: [`price<=${pick(PRICE_CEILINGS)}`], page }),
      );
    else {
      const model = values.models.get(make)?.length ? ` ${pick(values.models.get(make)!)}` : '';
      bodies.add(
        pageSearch(
          CAR_INDEX,
          {},
          { query: `${make}${next() < 0.5 ? model : ''}`.toLowerCase(), page },
        ),
      );
    }
  }
  return [...bodies];
}
