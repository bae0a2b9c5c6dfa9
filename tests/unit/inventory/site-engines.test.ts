/**
 * A server makes a site's cars and its search engine when the site is first asked for
 * (engine/inventory/live-stock.ts, site-engines.ts; docs/deploy.md, "Memory and start-up"):
 * nothing is made at construction, a site's engine holds its dealerships' cars only and
 * answers its searches exactly as the whole stock does, cars made later are marked held,
 * and warm() makes the rest.
 */
import { describe, expect, it } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { LiveStock } from '../../../engine/inventory/live-stock.ts';
import {
  nextWarmBatch,
  WARM_MOST_PER_CALL,
  WARM_TURN_MS,
} from '../../../engine/inventory/warm-batch.ts';
import { loadSites } from '../../../engine/inventory/import/import-stock.ts';
import type { StockSource } from '../../../engine/providers.ts';
import {
  CAR_INDEX,
  CAR_REPLICAS,
  buildSiteFilter,
  type SearchEngine,
} from '../../../engine/search/index.ts';
import { siteShownFilter } from '../../../engine/search/site-filter.ts';
import { carHoldsView } from '../../../engine/server/car-holds.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { SITES_DIR } from '../helpers.ts';

const loaded = loadSites(SITES_DIR);
const sites = loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
const NOW = Date.UTC(2026, 0, 15);
const site = (slug: string) => sites.find((s) => s.slug === slug)!;

/** The demo provider, recording the dealerships each call asked for ('*': all). */
function recorded(count = 1600) {
  const asked: string[][] = [];
  const inner = demoProviders({ count, now: NOW }).stock;
  const stock: StockSource = (input) => {
    asked.push(input.dealerships ? [...input.dealerships].sort() : ['*']);
    return inner(input);
  };
  return { asked, live: () => new LiveStock({ stock, catalogue: loaded.catalogue, sites }) };
}

/** What a site's pages ask: its filters with refinements, facets, sorts, words and pages. */
function questions(s: ResolvedSite) {
  const base = buildSiteFilter(s, { now: NOW });
  const shown = siteShownFilter(s);
  return [
    {
      index: CAR_INDEX,
      params: {
        filters: base,
        facets: ['make', 'car_type', 'simple_body', 'dealership_slug'],
        hitsPerPage: 24,
      },
    },
    { index: CAR_INDEX, params: { filters: base, query: 'auto', hitsPerPage: 12, page: 1 } },
    {
      index: CAR_REPLICAS.price_asc,
      params: { filters: `${base} AND car_type:used`, facets: ['price', 'km'], hitsPerPage: 10 },
    },
    {
      index: CAR_REPLICAS.km_asc,
      params: {
        filters: shown,
        facetFilters: [['simple_fuel:Petrol', 'simple_fuel:Diesel']],
        hitsPerPage: 5,
        page: 2,
      },
    },
    {
      index: CAR_REPLICAS.newest,
      params: { filters: `${base} AND price > 20000`, facets: ['*'], hitsPerPage: 3 },
    },
  ];
}

const answer = (engine: SearchEngine, q: ReturnType<typeof questions>[number]) => {
  const r = engine.search(q.index, q.params);
  return {
    ids: r.hits.map((h) => h.objectID),
    nbHits: r.nbHits,
    facets: r.facets,
    stats: r.facets_stats,
  };
};

describe('a server’s stock, made site by site', () => {
  it('makes no car until asked, then only the dealerships of the site asked for', () => {
    const { asked, live } = recorded();
    const stock = live();
    expect(asked).toEqual([]);
    const kiwi = stock.siteEngine(site('kiwi-car-yard'))!;
    expect(asked).toEqual([['kiwi-car-yard']]);
    const all = kiwi.search(CAR_INDEX, { facets: ['dealership_slug'], hitsPerPage: 0 });
    expect(Object.keys(all.facets!.dealership_slug)).toEqual(['kiwi-car-yard']);
    expect(all.nbHits).toBeGreaterThan(100);
    // The same site again reuses its engine; another site asks for its own dealerships only.
    expect(stock.siteEngine(site('kiwi-car-yard'))).toBe(kiwi);
    stock.siteEngine(site('gold-coast-ford'));
    expect(asked).toEqual([['kiwi-car-yard'], ['gold-coast-ford', 'nerang-ford']]);
  });

  it.each(sites.filter((s) => s.dealerships.length > 0).map((s) => s.slug))(
    '%s: its own engine answers its searches exactly as the whole stock does',
    (slug) => {
      const own = recorded().live().siteEngine(site(slug))!;
      const whole = recorded().live().engine;
      for (const q of questions(site(slug)))
        expect(answer(own, q), JSON.stringify(q)).toEqual(answer(whole, q));
    },
  );

  it('a car looked up by id that is not made yet makes every car; the whole engine holds them all', () => {
    const { asked, live } = recorded();
    const stock = live();
    const some = recorded()
      .live()
      .cars.find((c) => c.dealership_slug === 'southern-kia')!;
    expect(stock.getCar(String(some.id))).toEqual(some);
    expect(asked.at(-1)!.length).toBeGreaterThan(5);
    expect(stock.engine.search(CAR_INDEX, { hitsPerPage: 0 }).nbHits).toBe(stock.cars.length);
    expect(stock.getCar('no-such-car')).toBeUndefined();
  });

  it('a car held before it is made is marked reserved when its site is first searched', () => {
    const stock = recorded().live();
    const car = recorded()
      .live()
      .cars.find((c) => c.dealership_slug === 'lakeside-chevrolet' && !c.reserved)!;
    const holds = carHoldsView(stock.madeById, {
      recordsChanged: (index, attributes) => stock.recordsChanged(index, attributes),
    });
    stock.onCarsAdded(() => holds.reapply());
    holds([{ car_id: car.id, held_until: '2026-01-16T00:00:00.000Z' }]);
    const engine = stock.siteEngine(site('lakeside-chevrolet'))!;
    expect(engine.getObject(CAR_INDEX, String(car.id))).toMatchObject({
      reserved: true,
      reserved_until: '2026-01-16T00:00:00.000Z',
    });
    expect(
      engine
        .search(CAR_INDEX, { filters: 'reserved:true', hitsPerPage: 1000 })
        .hits.map((h) => h.objectID),
    ).toContain(String(car.id));
    // Held after the engine exists: the engine drops what it derived and finds it reserved.
    const other = stock.cars.find(
      (c) => c.dealership_slug === 'lakeside-chevrolet' && !c.reserved,
    )!;
    holds([{ car_id: other.id, held_until: '2026-01-17T00:00:00.000Z' }]);
    expect(
      engine
        .search(CAR_INDEX, { filters: 'reserved:true', hitsPerPage: 1000 })
        .hits.map((h) => h.objectID),
    ).toContain(String(other.id));
  });

  it('warm() makes every site’s cars (a few dealerships per call) and engine, and builds their text indexes', async () => {
    const { asked, live } = recorded(800);
    const stock = live();
    await stock.warm();
    expect(asked.flat().sort()).toEqual(
      [...new Set(sites.flatMap((s) => s.dealerships.map((d) => d.slug)))].sort(),
    );
    const engine = stock.siteEngine(site('southern-motor-group'))!;
    expect(engine.source(CAR_INDEX)!.index.hasTextIndex()).toBe(true);
    // Each dealership asked for once, the first call for one.
    expect(asked.flat()).toHaveLength(new Set(asked.flat()).size);
    expect(asked[0]).toHaveLength(1);
  });

  it('warm() asks for more dealerships per call while calls are quick, one at a time when one holds the thread', async () => {
    const all = [...new Set(sites.flatMap((s) => s.dealerships.map((d) => d.slug)))];
    const warmWith = async (msPerDealership: number) => {
      const asked: number[] = [];
      const stock: StockSource = (input) => {
        const size = input.dealerships?.size ?? all.length;
        asked.push(size);
        const until = performance.now() + msPerDealership * size;
        while (performance.now() < until); // a provider this slow holds the thread as long
        return [];
      };
      await new LiveStock({ stock, catalogue: loaded.catalogue, sites }).warm();
      return asked;
    };
    expect(all.length).toBeGreaterThan(4);
    const quick = await warmWith(0);
    expect(quick.slice(0, 3)).toEqual([1, 2, 4]);
    expect(quick.reduce((a, b) => a + b)).toBe(all.length);
    const slow = await warmWith(WARM_TURN_MS + 10);
    expect(slow).toEqual(all.map(() => 1));
  });

  it('the warm-up’s batch doubles below a quarter of a turn, halves past a turn, and stays within its bounds', () => {
    expect(nextWarmBatch(1, 0)).toBe(2);
    expect(nextWarmBatch(8, WARM_TURN_MS / 4 - 1)).toBe(16);
    expect(nextWarmBatch(8, WARM_TURN_MS / 2)).toBe(8);
    expect(nextWarmBatch(8, WARM_TURN_MS + 1)).toBe(4);
    expect(nextWarmBatch(1, 10 * WARM_TURN_MS)).toBe(1);
    expect(nextWarmBatch(WARM_MOST_PER_CALL, 0)).toBe(WARM_MOST_PER_CALL);
  });
});
