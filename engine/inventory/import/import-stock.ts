/**
 * `npm run import:inventory` as a function (docs/cars.md, "Stock import"): read a dealership's
 * feed, build and check every car, and, when no row is bad (or bad rows may be skipped),
 * replace the dealership's stock in the stock store (stock-store.ts: its file, or with
 * DATABASE_URL its rows in PostgreSQL, in one transaction). Nothing of a feed with a bad row
 * is applied unless `skipBadRows`; a dry run reports what would change and writes nothing.
 */
import { dirname } from 'node:path';
import type { Car } from '../../../schemas/types.gen.ts';
import { SiteFolder, type SiteEntry } from '../../site/folder.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { soldWindowDays } from '../../search/sold.ts';
import { importedCarId, STOCK_FILE_VERSION } from '../stock-file.ts';
import { FileStockStore, type PreviousImport, type StockStore } from '../stock-store.ts';
import { PostgresStockStore } from '../stock-postgres.ts';
import { CarLines } from './stock-file-stream.ts';
import type { PreviousStock, StockHead } from './previous-stock.ts';
import { FeedError, type RowError } from './feed.ts';
import { fileInput, openFeed, textInput, type OpenedFeed } from './feed-stream.ts';
import { StockMerge } from './merge.ts';
import {
  photoFetcher,
  photoProblem,
  photoStore,
  type PhotoFetcher,
  type PhotoStore,
} from './photos.ts';
import { feedRowToCar, type DealershipContext } from './to-car.ts';
import { checkCar } from './validate.ts';
import { withImportLock, type HeldLock } from './import-lock.ts';

export { formatReport } from './format-report.ts';

export interface ImportOptions {
  sitesDir: string;
  dataDir: string;
  /** The site whose dealership the feed is for (default: the one site that lists the dealership). */
  site?: string;
  /** The dealership, by id or slug. */
  dealership: string;
  /** The feed file (.csv or .json), or the address it was downloaded from (with `text`). */
  file: string;
  /** The address the feed file was downloaded from (its relative photo paths are read against it). */
  source?: string;
  /** The feed's text, when it is not read from `file` (tests). */
  text?: string;
  skipBadRows?: boolean;
  dryRun?: boolean;
  /** "Now", ms (tests pass a fake clock's). */
  now?: number;
  /** How photos are fetched (default: files and data: URLs; http(s) with `network`). */
  fetchPhoto?: PhotoFetcher;
  network?: boolean;
  /** Addresses or subnets photos may be downloaded from although not public (tests' local servers; docs/security.md). */
  allowAddresses?: readonly string[];
  /** The sites folder already read (a caller importing several feeds reads it once). */
  loaded?: LoadedSites;
  /** Where the stock is kept (default: PostgreSQL with `databaseUrl`, else files in `dataDir`); left open. */
  stockStore?: StockStore;
  /** The database the stock is kept in (default: DATABASE_URL, as the API's store; unset: files). */
  databaseUrl?: string;
}

export interface LoadedSites {
  entries: SiteEntry[];
  catalogue: DealershipContext['catalogue'];
}

/** The sites folder as an import reads it. */
export function loadSites(sitesDir: string): LoadedSites {
  const folder = new SiteFolder(sitesDir);
  return { entries: folder.loadAll(), catalogue: folder.catalogue };
}

export interface ImportReport {
  site: string;
  dealership: string;
  added: string[];
  changed: string[];
  sold: string[];
  removed: string[];
  unchanged: number;
  errors: RowError[];
  /** Photos the cars were imported without (row, column, address and why); the next import tries them again. */
  warnings: RowError[];
  /** Rows left out (with skipBadRows). */
  skippedRows: number[];
  unusedColumns: string[];
  /** New photos a dry run did not fetch (it fetches none). */
  photosNotFetched: number;
  /** Whether the dealership's stock was replaced. */
  applied: boolean;
  dryRun: boolean;
  /** Where it went: the stock file, or the database. */
  path?: string;
  /**
   * The dealership's stock after the import (or as it would be). With the stock in
   * PostgreSQL it is not kept with the report, except for a dry run: reading it throws.
   */
  cars: Car[];
}

/** A problem with the whole import (unknown site or dealership, unreadable feed). */
export class ImportRefused extends Error {}

export function dealershipContext(
  site: ResolvedSite,
  dealership: string,
  catalogue: DealershipContext['catalogue'],
): DealershipContext {
  const d = site.dealerships.find((x) => String(x.id) === dealership || x.slug === dealership);
  if (!d)
    throw new ImportRefused(
      `Site ${site.slug} has no dealership ${dealership} (it has ${site.dealerships.map((x) => `${x.id} ${x.slug}`).join(', ') || 'none'})`,
    );
  const own = site.locations.filter((l) => l.dealership_slug === d.slug);
  const locations = [
    ...own.filter((l) => l.location_type === 'sales'),
    ...own.filter((l) => l.location_type !== 'sales'),
  ];
  if (!locations.length)
    throw new ImportRefused(
      `Dealership ${d.slug} has no location on site ${site.slug}: add one before importing its stock`,
    );
  return { region: site.region ?? 'AU', dealership: d, locations, catalogue };
}

/** The one site listing a dealership (by id or slug); several or none is a question for the caller. */
export function siteOfDealership(entries: readonly SiteEntry[], dealership: string): string {
  const found = entries.filter(
    (e) =>
      e.ok && e.site.dealerships.some((d) => String(d.id) === dealership || d.slug === dealership),
  );
  if (found.length === 1) return found[0].slug;
  throw new ImportRefused(
    found.length
      ? `Dealership ${dealership} is on several sites (${found.map((e) => e.slug).join(', ')}): name one with --site`
      : `No site lists a dealership ${dealership}`,
  );
}

export async function importStock(options: ImportOptions): Promise<ImportReport> {
  const now = options.now ?? Date.now();
  const { entries, catalogue } = options.loaded ?? loadSites(options.sitesDir);
  const siteSlug = options.site ?? siteOfDealership(entries, options.dealership);
  const entry = entries.find((e) => e.slug === siteSlug);
  if (!entry) throw new ImportRefused(`No site ${siteSlug} in ${options.sitesDir}`);
  if (!entry.ok)
    throw new ImportRefused(
      `Site ${siteSlug} is invalid; fix it first (npm run validate -- sites/${siteSlug}.json)`,
    );
  const ctx = dealershipContext(entry.site, options.dealership, catalogue);
  const sites = entries.flatMap((e) => (e.ok ? [e.site] : []));

  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const store =
    options.stockStore ??
    (databaseUrl
      ? await PostgresStockStore.open(databaseUrl)
      : new FileStockStore(options.dataDir));
  try {
    return await (options.dryRun
      ? apply(options, store, ctx, siteSlug, sites, now)
      : withImportLock(options.dataDir, ctx.dealership.slug, (lock) =>
          apply(options, store, ctx, siteSlug, sites, now, lock),
        ));
  } finally {
    if (!options.stockStore) await store.close();
  }
}

/** The feed read, checked and merged into the dealership's stock (written unless a dry run). */
async function apply(
  options: ImportOptions,
  store: StockStore,
  ctx: DealershipContext,
  siteSlug: string,
  sites: ResolvedSite[],
  now: number,
  lock?: HeldLock,
): Promise<ImportReport> {
  const slug = ctx.dealership.slug;
  let feed: OpenedFeed;
  try {
    const input =
      options.text !== undefined
        ? textInput(options.text, options.file)
        : fileInput(options.file, options.source ?? options.file);
    feed = await openFeed(input);
  } catch (err) {
    throw new ImportRefused(
      err instanceof FeedError
        ? err.message
        : `The feed ${options.file} could not be read: ${(err as Error).message}`,
    );
  }

  // A dealer selling out entirely is rare; an export that came out empty is not.
  if (!feed.count)
    throw new ImportRefused(
      'The feed lists no cars: nothing imported (an empty feed would mark every car sold)',
    );
  const previousImport = await store.openPrevious(slug);
  const previous = previousImport.stock;
  const source = options.source ?? options.file;
  const fromWeb = /^https?:\/\//i.test(source);
  const fetchPhoto =
    options.fetchPhoto ??
    photoFetcher({
      baseDir: fromWeb ? undefined : dirname(options.file),
      baseUrl: fromWeb ? source : undefined,
      network: options.network,
      allowAddresses: options.allowAddresses,
    });
  const photos = photoStore(
    options.dataDir,
    fetchPhoto,
    previous?.head.photos ?? {},
    !options.dryRun,
  );
  const out = CarLines.temporary();
  let keep = false;
  try {
    const report = await applyFeed(options, ctx, siteSlug, sites, now, {
      feed,
      store,
      previousImport,
      previous,
      photos,
      lock,
      out,
    });
    keep = report.dryRun && !report.errors.length;
    return report;
  } catch (err) {
    // The second reading of the feed found it changed: nothing of it is applied.
    if (err instanceof FeedError) throw new ImportRefused(err.message);
    throw err;
  } finally {
    // Whatever was not committed with the stock file (a refused feed, a failure) is dropped.
    photos.discard();
    previousImport.close();
    // A dry run's cars stay for its report until the process ends.
    await (keep ? out.keepUntilExit() : out.discard());
  }
}

interface FeedState {
  feed: OpenedFeed;
  store: StockStore;
  previousImport: PreviousImport;
  previous: PreviousStock | undefined;
  photos: PhotoStore;
  lock?: HeldLock;
  /** Where the stock after the import is written as it is made. */
  out: CarLines;
}

/** `report.cars`, read when first asked for: an import's result is a file, never held whole while it is made. */
function withCars(
  report: Omit<ImportReport, 'cars'>,
  read: (() => Car[]) | undefined,
): ImportReport {
  let cars: Car[] | undefined;
  return Object.defineProperty(report, 'cars', {
    // Not listed where it cannot be read (the database is read asynchronously), so a copy or JSON of the report still works.
    enumerable: Boolean(read),
    get: () =>
      (cars ??= read
        ? read()
        : (() => {
            throw new Error(
              `The stock of ${report.dealership} is in PostgreSQL: read it there (docs/cars.md, "Stock import")`,
            );
          })()),
  }) as ImportReport;
}

async function applyFeed(
  options: ImportOptions,
  ctx: DealershipContext,
  siteSlug: string,
  sites: ResolvedSite[],
  now: number,
  state: FeedState,
): Promise<ImportReport> {
  const { feed, previous, photos, out, store } = state;
  const slug = ctx.dealership.slug;
  let serial = previous?.head.next_serial ?? 1;
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const skippedRows: number[] = [];
  const merge = new StockMerge(previous, out, now, soldWindowDays(sites, slug));
  /** Cars kept for bad rows found by VIN: a good row with their stock number later wins. */
  const keptByVin = new Set<string>();
  const firstRowOf = new Map<string, number>();
  for await (const row of feed.rows()) {
    const stocknum = typeof row.values.stocknum === 'string' ? row.values.stocknum : undefined;
    if (stocknum !== undefined) {
      const first = firstRowOf.get(stocknum);
      if (first !== undefined)
        row.errors.push({
          row: row.row,
          column: row.columns.stocknum ?? 'stocknum',
          message: `${JSON.stringify(stocknum)} is already on row ${first}`,
        });
      else firstRowOf.set(stocknum, row.row);
    }
    const images: string[] = [];
    const urls = (row.values.photos as string[] | undefined) ?? [];
    if (!row.errors.length) {
      for (const [i, url] of urls.entries()) {
        try {
          images.push(await photos.resolve(url));
        } catch (err) {
          // A dead or refused photo never holds back the car, or the feed's prices and sold
          // flags: the car goes without it, and the next import tries it again (it is not remembered).
          warnings.push({
            row: row.row,
            column: row.columns.photos ?? 'photos',
            message: photoProblem(err, i, url),
          });
        }
      }
    }
    const old = stocknum !== undefined ? previous?.get(stocknum) : undefined;
    const car = feedRowToCar(ctx, {
      values: row.values,
      id: old?.id ?? importedCarId(ctx.dealership.id, serial),
      previous: old,
      images,
      now,
    });
    // A row that could not be read as a whole (its cells out of place) says only that.
    const rowErrors = row.errors.some((e) => e.column === '(row)')
      ? row.errors
      : [...row.errors, ...checkCar(row, car)];
    if (rowErrors.length) {
      errors.push(...rowErrors);
      skippedRows.push(row.row);
      // A skipped row's car stays as it was: a typo in the feed does not sell a car, even one
      // in its stock number (the car is then known by its VIN), and a repeated row keeps it once.
      if (old && !merge.listed.has(old.stocknum)) await merge.feedCar(old, old);
      const byVin =
        stocknum === undefined
          ? previous?.stocknumOfVin(String(row.values.vin ?? '').toUpperCase())
          : undefined;
      if (byVin !== undefined) keptByVin.add(byVin);
      continue;
    }
    if (!old) serial++;
    await merge.feedCar(car, old);
  }
  for (const stocknum of keptByVin) {
    const old = merge.listed.has(stocknum) ? undefined : previous!.get(stocknum);
    if (old) await merge.feedCar(old, old);
  }
  await merge.finish();

  const { added, changed, sold, removed, unchanged } = merge;
  const report = {
    site: siteSlug,
    dealership: slug,
    ...{ added, changed, sold, removed, unchanged },
    errors,
    warnings,
    skippedRows: options.skipBadRows ? skippedRows : [],
    unusedColumns: feed.unusedColumns,
    photosNotFetched: photos.notFetched,
    applied: false,
    dryRun: Boolean(options.dryRun),
  };
  const stockNow = store.carsNow && (() => store.carsNow!(slug));
  if (errors.length && !options.skipBadRows)
    return withCars(
      { ...report, added: [], changed: [], sold: [], removed: [], unchanged: 0 },
      stockNow,
    );
  if (options.dryRun) return withCars(report, () => out.read());
  if (merge.nothingChanged && previous) return withCars(report, stockNow);
  // An import that stalled past its lock's expiry may have been overtaken: it writes nothing.
  state.lock?.assertHeld();
  // The photos first: a server reads the new stock as soon as it is there.
  await photos.commit();
  const head: StockHead = {
    version: STOCK_FILE_VERSION,
    dealership_slug: slug,
    dealership_id: ctx.dealership.id,
    imported_at: new Date(now).toISOString(),
    next_serial: serial,
    photos: photos.known,
  };
  const path = await store.replace(head, out, state.previousImport);
  return withCars({ ...report, applied: true, path }, stockNow);
}
