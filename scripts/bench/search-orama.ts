/**
 * The peer side of the search bench (search.ts): the same cars in @orama/orama, asked for the
 * same work as the engine: the filter, the facet counts, min/max (and sum) of price, km and
 * year over every hit, and the first page in the same order. Orama has no facet stats, so its
 * side asks for every hit and makes one pass over them (the cost a site would pay for a price
 * slider's bounds on Orama); it has one sort property per query, so each order the engine
 * ranks by is given to it as a number an indexer would compute (sortKeys). A helper module,
 * not a bench (no run()).
 */
import { count, create, insertMultiple, search } from '@orama/orama';
import type { Car } from '../../schemas/types.gen.ts';

export const FACETS = [
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'state',
] as const;
export const STATS = ['price', 'km', 'year'] as const;
/** Every facet value is counted and compared (the largest facet, model, has about 600). */
export const FACET_VALUES = 1000;

export interface Stat {
  min: number;
  max: number;
  sum: number;
}

/** What both engines must agree on before any timing. */
export interface QueryOutcome {
  nbHits: number;
  /** objectIDs of the first page, in order. */
  page: string[];
  facets: Record<string, Record<string, number>>;
  stats: Record<string, Stat | undefined>;
}

export interface OramaQuery {
  term: string;
  where: Record<string, unknown>;
  /** Which sort key orders the hits (sortKeys). */
  sort: 'default' | 'price_asc';
}

/**
 * Each car's position in the engine's orders, worked out here with a plain comparison over the
 * car fields (not the engine's code, so the page comparison checks the engine's order too):
 * default = custom_rank desc, id asc; price_asc = priced cars first, price asc, then default
 * (engine/search/README.md, "Indexes and ranking").
 */
export function sortKeys(cars: readonly Car[]): { default: Float64Array; price_asc: Float64Array } {
  const byDefault = (a: Car, b: Car) => (b.custom_rank ?? 0) - (a.custom_rank ?? 0) || a.id - b.id;
  const priced = (c: Car) => (typeof c.price === 'number' && c.price > 0 ? 1 : 0);
  const byPrice = (a: Car, b: Car) =>
    priced(b) - priced(a) ||
    (priced(a) ? (a.price as number) - (b.price as number) : 0) ||
    byDefault(a, b);
  const position = (compare: (a: Car, b: Car) => number) => {
    const order = cars.map((_, i) => i).sort((i, j) => compare(cars[i], cars[j]));
    const out = new Float64Array(cars.length);
    order.forEach((doc, pos) => (out[doc] = pos));
    return out;
  };
  return { default: position(byDefault), price_asc: position(byPrice) };
}

export async function buildOrama(cars: readonly Car[], keys = sortKeys(cars)) {
  const db = create({
    schema: {
      name: 'string',
      badge: 'string',
      series: 'string',
      stocknum: 'string',
      vin: 'string',
      make: 'enum',
      model: 'enum',
      simple_body: 'enum',
      simple_fuel: 'enum',
      simple_transmission: 'enum',
      state: 'enum',
      price: 'number',
      km: 'number',
      year: 'number',
      listed_until: 'number',
      sort_default: 'number',
      sort_price_asc: 'number',
      show_on_dealer_website: 'boolean',
    } as const,
  });
  await insertMultiple(
    db,
    cars.map((c, i) => ({
      id: c.objectID,
      name: c.name,
      badge: c.badge,
      series: c.series ?? '',
      stocknum: c.stocknum,
      vin: c.vin,
      make: c.make,
      model: c.model,
      simple_body: c.simple_body,
      simple_fuel: c.simple_fuel,
      simple_transmission: c.simple_transmission,
      state: c.state,
      price: c.price,
      km: c.km,
      year: c.year,
      listed_until: c.listed_until,
      sort_default: keys.default[i],
      sort_price_asc: keys.price_asc[i],
      show_on_dealer_website: c.show_on_dealer_website,
    })),
  );
  return db;
}

type OramaDb = Awaited<ReturnType<typeof buildOrama>>;

const FACET_PARAMS = Object.fromEntries(FACETS.map((f) => [f, { limit: FACET_VALUES }]));

/**
 * One query on Orama: filter, facets, every hit (for the stats pass), the page in the asked
 * order. With `stats: false` only the page is fetched and no stats made: less work than the
 * engine does, printed beside the equal-work figure so a reader sees what the stats cost Orama.
 */
export async function oramaQuery(
  db: OramaDb,
  q: OramaQuery,
  hitsPerPage: number,
  { stats: withStats = true } = {},
): Promise<QueryOutcome> {
  const r = await search(db, {
    where: q.where as never,
    facets: FACET_PARAMS as never,
    limit: withStats ? count(db) : hitsPerPage,
    sortBy: { property: q.sort === 'default' ? 'sort_default' : 'sort_price_asc', order: 'ASC' },
    // Text: the searchable attributes (make and model words are in name), one typo.
    ...(q.term
      ? { term: q.term, properties: ['name', 'badge', 'series', 'stocknum', 'vin'], tolerance: 1 }
      : {}),
  });
  const stats: Record<string, Stat | undefined> = {};
  for (const name of withStats ? STATS : []) {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    for (const hit of r.hits) {
      const v = hit.document[name];
      if (typeof v !== 'number') continue;
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
    }
    stats[name] = min <= max ? { min, max, sum } : undefined;
  }
  const facets = Object.fromEntries(
    FACETS.map((f) => [f, (r.facets?.[f]?.values ?? {}) as Record<string, number>]),
  );
  return {
    nbHits: r.count,
    page: r.hits.slice(0, hitsPerPage).map((h) => String(h.id)),
    facets,
    stats,
  };
}

/**
 * Where two answers differ (empty when they agree): hit count, the page's ids in order, every
 * facet count, and each stat (min and max exactly, the sum to rounding, as the engines add in
 * different orders).
 */
export function answerDifferences(a: QueryOutcome, b: QueryOutcome): string[] {
  const out: string[] = [];
  if (a.nbHits !== b.nbHits) out.push(`hits ${a.nbHits} ≠ ${b.nbHits}`);
  if (a.page.join() !== b.page.join())
    out.push(`page ${a.page.slice(0, 5).join(',')}… ≠ ${b.page.slice(0, 5).join(',')}…`);
  for (const f of FACETS) {
    const x = a.facets[f] ?? {};
    const y = b.facets[f] ?? {};
    for (const value of new Set([...Object.keys(x), ...Object.keys(y)])) {
      if ((x[value] ?? 0) !== (y[value] ?? 0))
        out.push(`${f}:${value} ${x[value] ?? 0} ≠ ${y[value] ?? 0}`);
    }
  }
  for (const s of STATS) {
    const x = a.stats[s];
    const y = b.stats[s];
    if (!x || !y) {
      if (x !== y) out.push(`${s} stats missing on one side`);
      continue;
    }
    if (
      x.min !== y.min ||
      x.max !== y.max ||
      Math.abs(x.sum - y.sum) > 1e-9 * Math.max(1, Math.abs(x.sum))
    ) {
      out.push(`${s} stats ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
    }
  }
  return out;
}
