/**
 * A running server following the stock in PostgreSQL (docs/cars.md, "Stock import";
 * docs/deploy.md, "Caching"). Every import announces its dealership once committed
 * (stock-postgres.ts); each server then reads that dealership's cars again and swaps them in
 * (live-stock.ts: only the engines holding them are rebuilt, pages are served from the stock
 * before until then). Each dealership's version is kept, so an announcement for stock already
 * served reads nothing, and after a reconnect, when announcements may have been missed, the
 * versions are compared and only the dealerships that moved are read.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { soldAndExpired, soldWindowDays } from '../search/sold.ts';
import type { ResolvedSite } from '../site/types.ts';
import { applyDerived } from './derive.ts';
import { slicer } from './import/loop-turns.ts';
import type { LiveStock } from './live-stock.ts';
import type { PostgresStockStore } from './stock-postgres.ts';

/**
 * A dealership's cars in the database as a server serves them (without sold cars past their
 * window, derived for `now`), with the version read; undefined when it has none there.
 */
export async function servedCars(
  store: PostgresStockStore,
  slug: string,
  sites: readonly ResolvedSite[],
  now: number,
): Promise<{ cars: Car[]; version: string } | undefined> {
  const days = soldWindowDays(sites, slug);
  const turn = slicer();
  const cars: Car[] = [];
  const head = await store.read(slug, async (json) => {
    const car = JSON.parse(json) as Car;
    if (!soldAndExpired(car, now, days)) cars.push(applyDerived(car, now));
    await turn();
  });
  return head && { cars, version: head.stockVersion };
}

/** Every dealership's imported cars in the database, as served (the search sync's, scripts/search-sync-run.ts). */
export async function importedStockIn(
  store: PostgresStockStore,
  sites: readonly ResolvedSite[],
  now: number,
): Promise<Map<string, Car[]>> {
  const out = new Map<string, Car[]>();
  for (const slug of (await store.versions()).keys()) {
    const read = await servedCars(store, slug, sites, now);
    if (read) out.set(slug, read.cars);
  }
  return out;
}

export class DatabaseStock {
  /** The version of each dealership's stock served. */
  private readonly served = new Map<string, string>();

  constructor(
    private readonly live: LiveStock,
    private readonly store: PostgresStockStore,
  ) {}

  /**
   * Announced changes: these dealerships' stock is read again where its version moved; none
   * named (after a reconnect): every dealership's version is compared.
   */
  changed(dealerships: readonly string[] = []): Promise<void> {
    return this.live.swapImported(async (sites, now) => {
      const versions = await this.store.versions();
      const named = dealerships.length ? dealerships : [...this.served.keys(), ...versions.keys()];
      const out = new Map<string, Car[] | undefined>();
      for (const slug of new Set(named)) {
        if (versions.get(slug) === this.served.get(slug)) continue;
        const cars = await this.read(slug, sites, now);
        out.set(slug, cars);
      }
      return out;
    });
  }

  /** The dealership's cars as served now, or undefined when it has none here; its version is kept. */
  private async read(
    slug: string,
    sites: readonly ResolvedSite[],
    now: number,
  ): Promise<Car[] | undefined> {
    const read = await servedCars(this.store, slug, sites, now);
    if (read) this.served.set(slug, read.version);
    else this.served.delete(slug);
    return read?.cars;
  }
}
