/**
 * Imported stock in PostgreSQL (DATABASE_URL; docs/cars.md, "Stock import"): a head row per
 * dealership and a row per car (engine/api/db/migrations-postgres/005_stock.sql). An import
 * replaces the dealership's rows in one transaction, which also announces the change
 * (api/store/postgres/channel.ts): the announcement reaches every server only once the new
 * stock is committed, and a failure anywhere before leaves the old stock whole and says
 * nothing. Cars cross a batch at a time, never the whole stock at once, as with the files.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Sql } from 'postgres';
import { migratePostgres } from '../api/db/migrate-postgres.ts';
import { announce, STOCK_STORE_SENDER } from '../api/store/postgres/channel.ts';
import { describeDatabase, reconnectBackoff } from '../api/store/postgres/connection.ts';
import { asJson, isUniqueViolation } from '../api/store/postgres/values.ts';
import { ImportBusy } from './import/import-lock.ts';
import { openPreviousStock, type StockHead } from './import/previous-stock.ts';
import { CarLines } from './import/stock-file-stream.ts';
import { STOCK_FILE_VERSION } from './stock-file.ts';
import type { PreviousImport, StockStore } from './stock-store.ts';

/** Cars written or read per round trip. */
export const STOCK_BATCH = 500;

interface HeadRow {
  dealership_slug: string;
  dealership_id: number;
  version: string;
  imported_at: string;
  next_serial: number;
  photos: Record<string, string>;
}

/** A dealership's stock head as stored, with the version an import moved it to. */
export type StoredHead = StockHead & { stockVersion: string };

export class PostgresStockStore implements StockStore {
  readonly kind = 'postgres';

  /** `owned`: the pool is this store's, ended by close(). */
  constructor(
    readonly sql: Sql,
    private readonly where = 'PostgreSQL',
    private readonly owned = false,
  ) {}

  /** A store on its own small pool (the import CLI), the tables migrated first. */
  static async open(url: string): Promise<PostgresStockStore> {
    const { default: postgres } = await import('postgres');
    const sql = postgres(url, {
      max: 2,
      backoff: reconnectBackoff,
      onnotice: () => {},
      connection: { application_name: 'forecourt-stock' },
    });
    try {
      await migratePostgres(sql);
    } catch (err) {
      await sql.end({ timeout: 1 });
      throw err;
    }
    return new PostgresStockStore(sql, describeDatabase(url), true);
  }

  /** Every dealership with stock here, and its version. */
  async versions(): Promise<Map<string, string>> {
    const rows = await this.sql<{ dealership_slug: string; version: string }[]>`
      SELECT dealership_slug, version::text AS version FROM stock_heads`;
    return new Map(rows.map((r) => [r.dealership_slug, r.version]));
  }

  /**
   * The dealership's stock as one snapshot: each car's JSON handed to `onCar` as it is read,
   * then its head; undefined when the dealership has none here.
   */
  read(
    dealershipSlug: string,
    onCar: (json: string) => Promise<void> | void,
  ): Promise<StoredHead | undefined> {
    return this.sql.begin('isolation level repeatable read read only', async (tx) => {
      const [row] = await tx<HeadRow[]>`
        SELECT dealership_slug, dealership_id, version::text AS version, imported_at, next_serial, photos
        FROM stock_heads WHERE dealership_slug = ${dealershipSlug}`;
      if (!row) return undefined;
      // postgres.js waits for the callback of every batch but the last (its CommandComplete
      // calls it without waiting), so the work is chained and waited for here: a caller
      // that closes its output once this returns would otherwise still be written to.
      let handled: Promise<void> = Promise.resolve();
      await tx<{ car: string }[]>`
        SELECT car::text AS car FROM stock_cars
        WHERE dealership_slug = ${dealershipSlug} ORDER BY position`.cursor(
        STOCK_BATCH,
        (rows) =>
          (handled = handled.then(async () => {
            for (const r of rows) await onCar(r.car);
          })),
      );
      await handled;
      return {
        version: STOCK_FILE_VERSION,
        dealership_slug: row.dealership_slug,
        dealership_id: row.dealership_id,
        imported_at: row.imported_at,
        next_serial: row.next_serial,
        photos: row.photos,
        stockVersion: row.version,
      };
    }) as Promise<StoredHead | undefined>;
  }

  /**
   * The stock copied to a temporary stock file, a car at a time, and indexed there as the
   * files' previous stock is (import/previous-stock.ts): the import's merge reads both alike.
   */
  async openPrevious(dealershipSlug: string): Promise<PreviousImport> {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-stock-'));
    const drop = () => rmSync(dir, { recursive: true, force: true });
    try {
      const lines = new CarLines(join(dir, 'cars'));
      const head = await this.read(dealershipSlug, (json) => lines.put(json));
      if (!head) {
        await lines.discard();
        return { stock: undefined, close: drop };
      }
      const { stockVersion, ...fileHead } = head;
      await lines.finish(dir, fileHead);
      const stock = await openPreviousStock(dir, dealershipSlug);
      return {
        stock,
        version: stockVersion,
        close: () => {
          stock?.close();
          drop();
        },
      };
    } catch (err) {
      drop();
      throw err;
    }
  }

  async replace(head: StockHead, cars: CarLines, previous: PreviousImport): Promise<string> {
    await cars.close();
    const slug = head.dealership_slug;
    const busy = () =>
      new ImportBusy(
        `The stock of ${slug} was replaced while this import ran (another import); nothing written: import again`,
      );
    try {
      await this.sql.begin(async (tx) => {
        const [now] = await tx<{ version: string }[]>`
          SELECT version::text AS version FROM stock_heads WHERE dealership_slug = ${slug} FOR UPDATE`;
        if (now?.version !== previous.version) throw busy();
        await tx`DELETE FROM stock_cars WHERE dealership_slug = ${slug}`;
        await tx`
          INSERT INTO stock_heads (dealership_slug, dealership_id, version, imported_at, next_serial, photos)
          VALUES (${slug}, ${head.dealership_id}, nextval('stock_version'), ${head.imported_at},
                  ${head.next_serial}, ${asJson(tx, head.photos)})
          ON CONFLICT (dealership_slug) DO UPDATE SET
            dealership_id = EXCLUDED.dealership_id, version = EXCLUDED.version,
            imported_at = EXCLUDED.imported_at, next_serial = EXCLUDED.next_serial,
            photos = EXCLUDED.photos`;
        let batch: string[] = [];
        let position = 0;
        const flush = async () => {
          if (!batch.length) return;
          await tx`
            INSERT INTO stock_cars (dealership_slug, position, car)
            SELECT ${slug}, ${position - batch.length}::int + ord::int - 1, car::json
            FROM unnest(${tx.array(batch)}::text[]) WITH ORDINALITY AS t(car, ord)`;
          batch = [];
        };
        const lines = createInterface({ input: createReadStream(cars.path), crlfDelay: Infinity });
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line.replace(/,$/, ''));
          position++;
          if (batch.length >= STOCK_BATCH) await flush();
        }
        await flush();
        await announce(tx, { from: STOCK_STORE_SENDER, kind: 'stock', slugs: [slug] });
      });
    } catch (err) {
      // Two first imports of a dealership at once: the second finds the first's rows.
      if (isUniqueViolation(err)) throw busy();
      throw err;
    }
    return `${this.where}, the stock of ${slug}`;
  }

  async close() {
    if (this.owned) await this.sql.end({ timeout: 5 });
  }
}
