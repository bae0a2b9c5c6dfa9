/**
 * Where imported stock is kept (docs/cars.md, "Stock import"), chosen as the API's store is
 * (docs/api.md, "Storage"): files under the data folder by default (stock-file.ts), or
 * PostgreSQL with DATABASE_URL (stock-postgres.ts), shared by every server. An import reads
 * the dealership's stock through it and replaces it whole, all or nothing.
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { CarLines } from './import/stock-file-stream.ts';
import { openPreviousStock, type PreviousStock, type StockHead } from './import/previous-stock.ts';
import { readStockFile } from './stock-file.ts';

/** The stock an import starts from. */
export interface PreviousImport {
  /** Indexed by stock number and VIN, not held whole; undefined when the dealership has none. */
  stock: PreviousStock | undefined;
  /** What the store checks a replace against (PostgreSQL: the dealership's stock version). */
  version?: string;
  /** Frees what reading it held (a descriptor, a temporary copy). */
  close(): void;
}

export interface StockStore {
  readonly kind: 'files' | 'postgres';
  openPrevious(dealershipSlug: string): Promise<PreviousImport>;
  /**
   * Replaces the dealership's stock with `head` and the cars written to `cars`, all or nothing,
   * and answers where it went. PostgreSQL refuses (ImportBusy) when the stock moved on since
   * `previous` was read (an import through another machine).
   */
  replace(head: StockHead, cars: CarLines, previous: PreviousImport): Promise<string>;
  /** The dealership's cars now, read at once: files only (the database is read asynchronously). */
  readonly carsNow?: (dealershipSlug: string) => Car[];
  close(): Promise<void>;
}

export class FileStockStore implements StockStore {
  readonly kind = 'files';

  constructor(readonly dataDir: string) {}

  async openPrevious(dealershipSlug: string): Promise<PreviousImport> {
    const stock = await openPreviousStock(this.dataDir, dealershipSlug);
    return { stock, close: () => stock?.close() };
  }

  replace(head: StockHead, cars: CarLines): Promise<string> {
    return cars.finish(this.dataDir, head);
  }

  readonly carsNow = (dealershipSlug: string) =>
    readStockFile(this.dataDir, dealershipSlug)?.cars ?? [];

  async close() {}
}
