/**
 * Imported stock (docs/cars.md, "Stock import"): a data folder's stock files read as cars
 * served in place of the provider's, and when one of them is sold past its window.
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { StockSource } from '../providers.ts';
import type { ResolvedSite } from '../site/types.ts';
import { applyDerived } from './derive.ts';
import { soldAndExpired, soldWindowDays } from '../search/sold.ts';
import { readStockFiles, stockFilePath, stockFileSlugs, type StockFile } from './stock-file.ts';
import { slicer } from './import/loop-turns.ts';
import { readStockFileStreaming } from './import/stock-file-stream.ts';

/** The imported cars of a data folder, derived for `nowMs` and without sold cars past their window, by dealership. */
export function importedStock(
  dataDir: string,
  sites: readonly ResolvedSite[],
  nowMs: number,
): Map<string, Car[]> {
  const out = new Map<string, Car[]>();
  const files = readStockFiles(dataDir, (file, err) =>
    console.error(`[stock] ${file} was not read: ${err.message}`),
  );
  for (const [slug, file] of files) {
    const days = soldWindowDays(sites, slug);
    out.set(
      slug,
      file.cars.filter((c) => !soldAndExpired(c, nowMs, days)).map((c) => applyDerived(c, nowMs)),
    );
  }
  return out;
}

/**
 * importedStock without holding the event loop: each file read a car at a time
 * (stock-file-stream.ts) and derived with turns between, for a running server reloading
 * (live-stock.ts); the result is swapped in whole, so visitors see the old stock until then.
 */
export async function importedStockStreaming(
  dataDir: string,
  sites: readonly ResolvedSite[],
  nowMs: number,
): Promise<Map<string, Car[]>> {
  const out = new Map<string, Car[]>();
  const turn = slicer();
  for (const slug of stockFileSlugs(dataDir)) {
    let file: StockFile | undefined;
    try {
      file = await readStockFileStreaming(dataDir, slug);
    } catch (err) {
      console.error(
        `[stock] ${stockFilePath(dataDir, slug)} was not read: ${(err as Error).message}`,
      );
    }
    if (!file) continue;
    const days = soldWindowDays(sites, slug);
    const cars: Car[] = [];
    for (const car of file.cars) {
      if (!soldAndExpired(car, nowMs, days)) cars.push(applyDerived(car, nowMs));
      await turn();
    }
    out.set(slug, cars);
  }
  return out;
}

/** The provider's stock with the imported dealerships' cars in place of theirs. */
export function withImportedStock(
  stock: StockSource,
  dataDir: string,
  now: () => number = Date.now,
): StockSource {
  return (input) => merge(stock(input), importedStock(dataDir, input.sites, now()));
}

function merge(provided: readonly Car[], imported: Map<string, Car[]>): Car[] {
  return [
    ...provided.filter((c) => !imported.has(c.dealership_slug)),
    ...[...imported.values()].flat(),
  ];
}

/** The imported cars held, without those sold past their window at `now` and derived again for it (no file is read). */
export function withoutExpiredSold(
  imported: ReadonlyMap<string, Car[]>,
  sites: readonly ResolvedSite[],
  now: number,
): Map<string, Car[]> {
  return new Map(
    [...imported].map(([slug, cars]) => {
      const days = soldWindowDays(sites, slug);
      return [
        slug,
        cars.filter((c) => !soldAndExpired(c, now, days)).map((c) => applyDerived(c, now)),
      ];
    }),
  );
}

/** Whether an imported dealership holds a sold car past its sold window at `now`. */
export function hasExpiredSold(
  imported: ReadonlyMap<string, Car[]>,
  sites: readonly ResolvedSite[],
  now: number,
): boolean {
  const days = new Map<string, number>();
  // Only imported stock is dropped; a provider's own sold cars are the provider's to keep.
  return [...imported].some(([slug, cars]) =>
    cars.some((c) => {
      if (c.status !== 'sold') return false;
      if (!days.has(slug)) days.set(slug, soldWindowDays(sites, slug));
      return soldAndExpired(c, now, days.get(slug)!);
    }),
  );
}
