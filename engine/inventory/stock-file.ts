/**
 * Imported stock on disk (docs/cars.md, "Stock import"): one file per dealership,
 * `{dataDir}/stock/{dealership-slug}.json`, written whole and atomically (a temporary file
 * renamed over the old one), so a server reading it never sees half a file. The server
 * watches the folder (live-stock.ts); the import CLI only writes files.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../../schemas/types.gen.ts';

export const STOCK_FILE_VERSION = 1;

export interface StockFile {
  version: typeof STOCK_FILE_VERSION;
  dealership_slug: string;
  dealership_id: number;
  /** When the feed was last applied (ISO). */
  imported_at: string;
  /** The next car number of this dealership (ids are never reused: importedCarId). */
  next_serial: number;
  /** Photo source (URL, or sha256 of a long data: URL) → the address it is served at. */
  photos: Record<string, string>;
  cars: Car[];
}

/** Imported car ids start here, far above generated ones, and leave each dealership 100,000 numbers. */
export const IMPORTED_ID_BASE = 100_000_000;
export const IDS_PER_DEALERSHIP = 100_000;

export function importedCarId(dealershipId: number, serial: number): number {
  return IMPORTED_ID_BASE + dealershipId * IDS_PER_DEALERSHIP + serial;
}

export const stockDir = (dataDir: string) => join(dataDir, 'stock');
export const stockFilePath = (dataDir: string, dealershipSlug: string) =>
  join(stockDir(dataDir), `${dealershipSlug}.json`);

const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/;

export function readStockFile(dataDir: string, dealershipSlug: string): StockFile | undefined {
  const path = stockFilePath(dataDir, dealershipSlug);
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as StockFile;
  if (
    file.version !== STOCK_FILE_VERSION ||
    file.dealership_slug !== dealershipSlug ||
    !Array.isArray(file.cars)
  ) {
    throw new Error(
      `${path} is not a stock file of ${dealershipSlug} (version ${STOCK_FILE_VERSION})`,
    );
  }
  return file;
}

/** Every dealership's stock file; one that cannot be read is reported and left out (its dealership keeps the provider's stock). */
export function readStockFiles(
  dataDir: string,
  onError: (file: string, err: Error) => void = () => undefined,
): Map<string, StockFile> {
  const out = new Map<string, StockFile>();
  for (const slug of stockFileSlugs(dataDir)) {
    try {
      const file = readStockFile(dataDir, slug);
      if (file) out.set(slug, file);
    } catch (err) {
      onError(stockFilePath(dataDir, slug), err as Error);
    }
  }
  return out;
}

/** The dealerships that have a stock file, in name order. */
export function stockFileSlugs(dataDir: string): string[] {
  const dir = stockDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => SLUG_FILE.exec(name)?.[1] ?? []);
}

export function writeStockFile(dataDir: string, file: StockFile): string {
  const path = stockFilePath(dataDir, file.dealership_slug);
  mkdirSync(stockDir(dataDir), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file)}\n`);
  renameSync(tmp, path);
  return path;
}
