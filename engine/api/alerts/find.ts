/**
 * One alert run of a site (docs/api.md, "Saved searches and alerts"): its cars now against
 * what the last run saw give the new cars, the price drops and the sales; each saved search is
 * run on the site's search engine, held to the new cars, so a match is exactly what the
 * search page would list; watched cars that dropped in price, sold or left the stock unsold
 * are told to the addresses of their watcher's saved searches. The first run of a site only records what it saw.
 */
import type { Car } from '../../../schemas/types.gen.ts';
import { buildSiteFilter } from '../../search/site-filter.ts';
import type { ResolvedSite } from '../../site/types.ts';
import type {
  AlertItem,
  NewAlertEmail,
  SavedSearchRow,
  SeenCar,
} from '../store/saved-search-types.ts';

/** The stock the alerts read, as the server gives it (engine/server/services.ts). */
export interface AlertStock {
  /** The cars the site shows (its dealerships'). */
  cars(site: ResolvedSite): readonly Car[];
  /** Runs a search (Algolia parameters) on the site's engine. */
  search(
    site: ResolvedSite,
    params: Record<string, unknown>,
  ): { hits: { objectID: string }[] } | Promise<{ hits: { objectID: string }[] }>;
}

/** New cars per search request: the id filter stays short. */
const IDS_PER_SEARCH = 200;

const isSold = (car: Car) => car.status === 'sold';

const carPath = (car: Car) => `/cars/${car.slug}`;

/** What a run records; watched cars (ids as strings) keep their title and page besides. */
export function seenOf(
  cars: readonly Car[],
  watched: ReadonlySet<string> = new Set(),
): Record<string, SeenCar> {
  return Object.fromEntries(
    cars.map((c): [string, SeenCar] => [
      c.objectID,
      watched.has(String(c.id))
        ? [c.price ?? null, isSold(c), c.name, carPath(c)]
        : [c.price ?? null, isSold(c)],
    ]),
  );
}

/** A car no longer in the stock, as the last run saw it. */
export interface GoneCar {
  id: string;
  title: string;
  price: number | null;
  path: string;
}

export interface StockChanges {
  added: Car[];
  dropped: { car: Car; oldPrice: number }[];
  sold: Car[];
  /** Left without being seen sold (a feed dropped it, its dealership left the site, a sold window of 0). */
  gone: GoneCar[];
}

export function stockChanges(cars: readonly Car[], before: Record<string, SeenCar>): StockChanges {
  const changes: StockChanges = { added: [], dropped: [], sold: [], gone: [] };
  const now = new Set(cars.map((c) => c.objectID));
  // Only watched cars were recorded with a title: no other car's leaving is told to anyone.
  for (const [id, [price, sold, title, path]] of Object.entries(before))
    if (!now.has(id) && !sold && title && path) changes.gone.push({ id, title, price, path });
  for (const car of cars) {
    const seen = before[car.objectID];
    if (!seen) {
      if (!isSold(car)) changes.added.push(car);
      continue;
    }
    const [oldPrice, wasSold] = seen;
    if (isSold(car) && !wasSold) changes.sold.push(car);
    else if (!isSold(car) && oldPrice && car.price && car.price < oldPrice)
      changes.dropped.push({ car, oldPrice });
  }
  return changes;
}

const item = (car: Car, kind: AlertItem['kind'], extra: Partial<AlertItem> = {}): AlertItem => ({
  kind,
  carId: car.id,
  title: car.name,
  price: car.price ?? null,
  path: carPath(car),
  ...extra,
});

/** The new cars a saved search finds, by the site's engine with the site's own filter. */
async function matches(
  stock: AlertStock,
  site: ResolvedSite,
  search: SavedSearchRow,
  added: readonly Car[],
  now: number,
): Promise<Set<string>> {
  const found = new Set<string>();
  const siteFilter = buildSiteFilter(site, { now });
  for (let i = 0; i < added.length; i += IDS_PER_SEARCH) {
    const ids = added.slice(i, i + IDS_PER_SEARCH).map((c) => `id = ${c.id}`);
    const result = await stock.search(site, {
      ...search.params,
      filters: `${siteFilter} AND (${ids.join(' OR ')})`,
      hitsPerPage: IDS_PER_SEARCH,
      page: 0,
      attributesToRetrieve: ['objectID'],
    });
    for (const hit of result.hits) found.add(hit.objectID);
  }
  return found;
}

/** The emails of one run: one per address and frequency. */
export async function alertEmails(input: {
  stock: AlertStock;
  site: ResolvedSite;
  changes: StockChanges;
  searches: readonly SavedSearchRow[];
  /** Car ids watched, by the watcher's phone key. */
  watched: ReadonlyMap<string, ReadonlySet<string>>;
  now: number;
}): Promise<NewAlertEmail[]> {
  const { changes, searches } = input;
  const byAddress = new Map<string, NewAlertEmail>();
  const add = (s: SavedSearchRow, items: AlertItem[]) => {
    if (!items.length) return;
    const key = `${s.frequency}\n${s.email}`;
    const e = byAddress.get(key) ?? { email: s.email, frequency: s.frequency, items: [] };
    for (const it of items)
      if (!e.items.some((x) => x.kind === it.kind && x.carId === it.carId)) e.items.push(it);
    byAddress.set(key, e);
  };
  for (const s of searches) {
    if (!changes.added.length) break;
    const found = await matches(input.stock, input.site, s, changes.added, input.now);
    add(
      s,
      changes.added
        .filter((c) => found.has(c.objectID))
        .map((c) => item(c, 'new', { search: { label: s.label, url: s.url } })),
    );
  }
  for (const s of searches) {
    const watched = input.watched.get(s.phone);
    if (!watched) continue;
    add(s, [
      ...changes.dropped
        .filter(({ car }) => watched.has(String(car.id)))
        .map(({ car, oldPrice }) => item(car, 'price-drop', { oldPrice })),
      ...changes.sold.filter((c) => watched.has(String(c.id))).map((c) => item(c, 'sold')),
      ...changes.gone
        .filter((c) => watched.has(c.id))
        .map((c): AlertItem => ({
          kind: 'gone',
          carId: c.id,
          title: c.title,
          price: c.price,
          path: c.path,
        })),
    ]);
  }
  return [...byAddress.values()];
}
