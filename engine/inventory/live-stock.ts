/**
 * The stock a running server serves: the provider's (the demo generates it), with each
 * dealership that has an imported stock file (stock-file.ts) served from that file instead
 * (docs/cars.md, "Stock import"). The server watches `{dataDir}/stock/`: when the import CLI
 * writes a file, the cars, the lookups and the search indexes are rebuilt in place, so the
 * running server's search, car pages and feeds reflect the import without a restart. An
 * hourly check drops sold cars past their sold window.
 */
import { existsSync, mkdirSync, watch, type FSWatcher } from 'node:fs';
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { StockSource } from '../providers.ts';
import { addDirectoryIndexes } from '../search/directory-indexes.ts';
import { CAR_INDEX, CAR_INDEX_SETTINGS, createCarSearchEngine } from '../search/car-index.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { ResolvedSite } from '../site/types.ts';
import { applyDerived } from './derive.ts';
import { soldAndExpired, soldWindowDays } from './sold.ts';
import { readStockFiles, stockDir } from './stock-file.ts';

const HOUR = 3_600_000;
/** Writes that come together (a file and its photos) are read once. */
const SETTLE_MS = 150;

/** The imported cars of a data folder, derived for `nowMs` and without sold cars past their window, by dealership. */
export function importedStock(dataDir: string, sites: readonly ResolvedSite[], nowMs: number): Map<string, Car[]> {
  const out = new Map<string, Car[]>();
  const files = readStockFiles(dataDir, (file, err) => console.error(`[stock] ${file} was not read: ${err.message}`));
  for (const [slug, file] of files) {
    const days = soldWindowDays(sites, slug);
    out.set(
      slug,
      file.cars.filter((c) => !soldAndExpired(c, nowMs, days)).map((c) => applyDerived(c, nowMs)),
    );
  }
  return out;
}

/** The provider's stock with the imported dealerships' cars in place of theirs. */
export function withImportedStock(stock: StockSource, dataDir: string, now: () => number = Date.now): StockSource {
  return (input) => merge(stock(input), importedStock(dataDir, input.sites, now()));
}

function merge(provided: readonly Car[], imported: Map<string, Car[]>): Car[] {
  return [...provided.filter((c) => !imported.has(c.dealership_slug)), ...[...imported.values()].flat()];
}

export interface LiveStockOptions {
  stock: StockSource;
  catalogue: Catalogue;
  /** The sites valid at start-up. */
  sites: ResolvedSite[];
  /** Where imported stock files are (none: the provider's stock only). */
  dataDir?: string;
  clock?: Clock;
}

export class LiveStock {
  /** Every car served; the same array (changed in place) for the server's whole life. */
  readonly cars: Car[] = [];
  readonly byId = new Map<string, Car>();
  readonly bySlug = new Map<string, Car>();
  readonly engine: SearchEngine;
  private readonly provided: Car[];
  private readonly clock: Clock;
  private watcher: FSWatcher | undefined;
  private stopHourly: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();
  /** The dealerships served from stock files at the last reload. */
  private imported = new Set<string>();
  /** The sites served: those valid at start-up, then those added (addSites). */
  private readonly sites: ResolvedSite[];
  /** Dealerships the provider was asked for after start-up (each once). */
  private readonly asked = new Set<string>();

  constructor(private readonly options: LiveStockOptions) {
    this.clock = options.clock ?? systemClock;
    this.sites = [...options.sites];
    this.provided = options.stock({ catalogue: options.catalogue, sites: options.sites });
    this.fill();
    // Warmed by warm() once the server answers: the first page needs no text index (docs/deploy.md, "Memory and start-up").
    this.engine = createCarSearchEngine(this.cars, { warm: false });
    addDirectoryIndexes(this.engine, options.catalogue, this.sites, this.cars);
  }

  /** Builds the sort orders and the text index now, so the first text search does not wait for them. */
  warm() {
    this.engine.warm();
  }

  private fill() {
    const imported = this.options.dataDir ? importedStock(this.options.dataDir, this.sites, this.clock.now().getTime()) : new Map<string, Car[]>();
    this.imported = new Set(imported.keys());
    // Not splice(…spread): a platform of many sites holds more cars than a call has room for arguments.
    const merged = merge(this.provided, imported);
    this.cars.length = 0;
    for (const c of merged) this.cars.push(c);
    this.byId.clear();
    this.bySlug.clear();
    for (const c of this.cars) {
      this.byId.set(String(c.id), c);
      this.bySlug.set(c.slug, c);
    }
  }

  /** Reads the stock files again and rebuilds the car index and the dealer directory. */
  reload() {
    this.fill();
    this.engine.addIndex(CAR_INDEX, this.cars as unknown as Record<string, unknown>[], CAR_INDEX_SETTINGS);
    addDirectoryIndexes(this.engine, this.options.catalogue, this.sites, this.cars);
    this.engine.warm();
    for (const fn of this.listeners) fn();
  }

  /**
   * Stock for a site that appears while the server runs (created in the editor, or fixed):
   * the provider is asked for the site, once per dealership, and the cars of its
   * dealerships that hold none yet are added and indexed. Nothing already served changes
   * (a car whose id is taken is not added). Returns the number of cars added.
   */
  addSites(sites: readonly ResolvedSite[]): number {
    const held = new Set(this.cars.map((c) => c.dealership_slug));
    const fresh = sites.filter((s) => s.dealerships.some((d) => !held.has(d.slug) && !this.asked.has(d.slug)));
    if (!fresh.length) return 0;
    for (const s of fresh) {
      for (const d of s.dealerships) this.asked.add(d.slug);
      const at = this.sites.findIndex((x) => x.slug === s.slug);
      if (at >= 0) this.sites[at] = s;
      else this.sites.push(s);
    }
    const added = this.options.stock({ catalogue: this.options.catalogue, sites: fresh }).filter((c) => !held.has(c.dealership_slug) && !this.byId.has(String(c.id)));
    if (!added.length) return 0;
    this.provided.push(...added);
    this.reload();
    return added.length;
  }

  /** Called after each reload (e.g. to mark held cars again). */
  onReload(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Follows the stock folder, and drops expired sold cars every hour (of the clock). */
  watch() {
    const dataDir = this.options.dataDir;
    if (!dataDir || this.watcher) return this;
    const dir = stockDir(dataDir);
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    this.watcher = watch(dir, (_event, name) => {
      if (!name || !String(name).endsWith('.json')) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.safeReload(), SETTLE_MS);
      this.timer.unref?.();
    });
    this.watcher.unref?.();
    this.stopHourly = this.clock.every(HOUR, () => {
      if (this.hasExpired()) this.safeReload();
    });
    return this;
  }

  private hasExpired(): boolean {
    const now = this.clock.now().getTime();
    const days = new Map<string, number>();
    return this.cars.some((c) => {
      // Only imported stock is dropped; a provider's own sold cars are the provider's to keep.
      if (c.status !== 'sold' || !this.imported.has(c.dealership_slug)) return false;
      if (!days.has(c.dealership_slug)) days.set(c.dealership_slug, soldWindowDays(this.sites, c.dealership_slug));
      return soldAndExpired(c, now, days.get(c.dealership_slug)!);
    });
  }

  private safeReload() {
    try {
      this.reload();
    } catch (err) {
      console.error('[stock] the imported stock could not be reloaded', err);
    }
  }

  close() {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
    this.stopHourly?.();
  }
}
