/**
 * The stock a running server serves: the provider's (the demo generates it), with each
 * dealership that has imported stock served from it instead (docs/cars.md, "Stock import").
 * Files: the server watches `{dataDir}/stock/`, and when the import CLI writes a file, the
 * cars, the lookups and the search indexes are rebuilt in place, so the running server's
 * search, car pages and feeds reflect the import without a restart. PostgreSQL: the server
 * is told of each import and swaps in that dealership's cars (stock-follow.ts). An hourly
 * check drops sold cars past their sold window.
 *
 * A dealership's cars are made when first needed, and each site searches an engine of its
 * own dealerships' cars (site-engines.ts), so a server answers a site's first page without
 * making every other site's stock first; warm() makes the rest once the server answers
 * (docs/deploy.md, "Memory and start-up"). What needs every car (the whole-stock engine,
 * `cars`, a car looked up by id) makes them all first.
 */
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { StockSource } from '../providers.ts';
import { addDirectoryIndexes } from '../search/directory-indexes.ts';
import { CAR_INDEX, CAR_INDEX_SETTINGS, createCarSearchEngine } from '../search/car-index.ts';
import { SearchEngine } from '../search/engine.ts';
import type { ResolvedSite } from '../site/types.ts';
import {
  hasExpiredSold,
  importedStock,
  importedStockStreaming,
  withoutExpiredSold,
} from './imported-stock.ts';
import { SiteEngines } from './site-engines.ts';
import { HOUR, watchStockFolder } from './stock-watch.ts';
import { nextWarmBatch } from './warm-batch.ts';

export interface LiveStockOptions {
  stock: StockSource;
  catalogue: Catalogue;
  /** The sites valid at start-up. */
  sites: ResolvedSite[];
  /** Where imported stock files are (none: the provider's stock, and what swapImported gives). */
  dataDir?: string;
  clock?: Clock;
}

/** Told after a reload: the dealerships whose cars may have changed, and every imported dealership's cars now. */
type ReloadListener = (changed: ReadonlySet<string>, imported: ReadonlyMap<string, Car[]>) => void;
export class LiveStock {
  /** The cars made so far, the same array (changed in place) for the server's whole life. */
  private readonly held: Car[] = [];
  private readonly heldById = new Map<string, Car>();
  private readonly heldBySlug = new Map<string, Car>();
  private readonly byDealership = new Map<string, Car[]>();
  /** The provider's cars of each dealership asked for so far (empty: asked, none). */
  private readonly provided = new Map<string, Car[]>();
  /** The sites the provider is asked with for the dealerships of the sites valid at start-up, so their cars are those of a start. */
  private readonly startSites: ResolvedSite[];
  private readonly startDealerships: Set<string>;
  private readonly clock: Clock;
  private whole: SearchEngine | undefined;
  private directoryEngine: SearchEngine | undefined;
  private readonly siteEngines: SiteEngines;
  /** Stops following the stock folder (set while watch() follows it). */
  private stopWatching: (() => void) | undefined;
  private readonly listeners = new Set<ReloadListener>();
  private readonly addedListeners = new Set<() => void>();
  /** The imported cars by dealership, at the last reload. */
  private imported = new Map<string, Car[]>();
  /** The sites served: those valid at start-up, then those added (addSites). */
  private readonly sites: ResolvedSite[];
  /** Dealerships of sites added after start-up that the provider was asked for (each once). */
  private readonly asked = new Set<string>();

  constructor(private readonly options: LiveStockOptions) {
    this.clock = options.clock ?? systemClock;
    this.sites = [...options.sites];
    this.startSites = [...options.sites];
    this.startDealerships = new Set(options.sites.flatMap((s) => s.dealerships.map((d) => d.slug)));
    this.siteEngines = new SiteEngines((slugs) => this.carsOf(slugs));
    this.fill();
  }

  /** Every car served (all of them made first). */
  get cars(): Car[] {
    this.ensureAll();
    return this.held;
  }
  get byId(): ReadonlyMap<string, Car> {
    this.ensureAll();
    return this.heldById;
  }
  get bySlug(): ReadonlyMap<string, Car> {
    this.ensureAll();
    return this.heldBySlug;
  }
  /** The cars made so far by id (a car held by a reservation is marked once it is made: onCarsAdded). */
  get madeById(): ReadonlyMap<string, Car> {
    return this.heldById;
  }

  /** A car by its id (getCarBySlug: by its slug); every car is made first if it is not among those made so far. */
  getCar(id: string): Car | undefined {
    return this.heldById.get(id) ?? (this.ensureAll() ? this.heldById.get(id) : undefined);
  }
  getCarBySlug(slug: string): Car | undefined {
    return this.heldBySlug.get(slug) ?? (this.ensureAll() ? this.heldBySlug.get(slug) : undefined);
  }

  /**
   * The engine over every car, as Car_production and its replicas, with the model and dealer
   * directories: for requests that name no site (scripts, drafts, the search sync's writes).
   */
  get engine(): SearchEngine {
    if (!this.whole) {
      this.ensureAll();
      this.whole = createCarSearchEngine(this.held, { warm: false });
      addDirectoryIndexes(this.whole, this.options.catalogue, this.sites, this.held);
    }
    return this.whole;
  }

  /**
   * The model and dealer directories alone (every dealership's figures need every car made,
   * but not the whole stock's car index): what a site's directory pages search.
   */
  get directories(): SearchEngine {
    if (!this.directoryEngine) {
      this.ensureAll();
      this.directoryEngine = new SearchEngine();
      addDirectoryIndexes(this.directoryEngine, this.options.catalogue, this.sites, this.held);
    }
    return this.directoryEngine;
  }

  /**
   * The engine a site's searches run on: its dealerships' cars only, which is all its pages
   * can find (their filters and its search key hold them to its dealerships:
   * engine/search/site-filter.ts). Undefined for a site with no dealership, which searches
   * everything.
   */
  siteEngine(site: Pick<ResolvedSite, 'slug' | 'dealerships'>): SearchEngine | undefined {
    if (!site.dealerships.length) return undefined;
    return this.siteEngines.for(
      site.slug,
      site.dealerships.map((d) => d.slug),
    );
  }

  /** A site no longer served (its file is gone): its engine goes, and the warm-up skips it. */
  removeSite(slug: string) {
    const at = this.sites.findIndex((s) => s.slug === slug);
    if (at >= 0) this.sites.splice(at, 1);
    this.siteEngines.drop(slug);
  }

  /** Some records changed in place (a reservation hold): every engine built drops what it derived from them. */
  recordsChanged(indexName: string, attributes: readonly string[]) {
    for (const engine of this.engines())
      if (engine.hasIndex(indexName)) engine.recordsChanged(indexName, attributes);
  }

  private engines(): SearchEngine[] {
    return [...(this.whole ? [this.whole] : []), ...this.siteEngines.built()];
  }

  /**
   * Makes every site's cars, a few dealerships at a time (nextWarmBatch) so requests are
   * answered in between, builds each site's engine, then warms each engine built (sort orders,
   * text index). The server calls it once it has answered (docs/deploy.md, "Memory and
   * start-up"). `yieldTurn` is awaited between steps (the server's waits for its requests). Resolves when done.
   */
  async warm(yieldTurn = () => new Promise<void>((r) => setImmediate(r))): Promise<void> {
    const sites = [...this.sites];
    const dealerships = [...new Set(sites.flatMap((s) => s.dealerships.map((d) => d.slug)))].filter(
      (slug) => this.startDealerships.has(slug) && !this.provided.has(slug),
    );
    for (let i = 0, batch = 1; i < dealerships.length;) {
      const started = performance.now();
      this.ensure(dealerships.slice(i, i + batch));
      i += batch;
      batch = nextWarmBatch(batch, performance.now() - started);
      await yieldTurn();
    }
    for (const site of sites) {
      this.siteEngine(site)?.warm();
      await yieldTurn();
    }
    this.ensureAll();
    for (const engine of this.engines()) {
      engine.warm();
      await yieldTurn();
    }
  }

  /** The cars of these dealerships, made if they are not yet. */
  private carsOf(slugs: readonly string[]): Car[] {
    this.ensure(slugs);
    return slugs.flatMap((s) => this.byDealership.get(s) ?? []);
  }

  /** Makes every car of the sites valid at start-up. Returns true (for use in an expression). */
  private ensureAll(): true {
    this.ensure(this.startDealerships);
    return true;
  }

  /** Asks the provider for the dealerships of these not asked for yet (only those of start-up sites: added sites are asked at once). */
  private ensure(slugs: Iterable<string>) {
    const missing = new Set<string>();
    for (const s of slugs)
      if (this.startDealerships.has(s) && !this.provided.has(s)) missing.add(s);
    if (!missing.size) return;
    const cars = this.options.stock({
      catalogue: this.options.catalogue,
      sites: this.startSites,
      dealerships: missing,
    });
    for (const s of missing) this.provided.set(s, []);
    this.take(cars, missing);
  }

  /** Keeps the provider's cars of dealerships not held yet (a provider may give more than asked) and serves those not imported. */
  private take(cars: readonly Car[], asked: ReadonlySet<string>) {
    const taking = new Set(asked);
    let added = false;
    const refused = new Map<string, number>();
    for (const car of cars) {
      const slug = car.dealership_slug;
      let list = this.provided.get(slug);
      if (!list) {
        this.provided.set(slug, (list = []));
        taking.add(slug);
      } else if (!taking.has(slug)) continue;
      list.push(car);
      if (this.imported.has(slug)) continue;
      if (this.hold(car)) added = true;
      else refused.set(slug, (refused.get(slug) ?? 0) + 1);
    }
    // Said, not thrown: the cars served keep their ids, and the operator learns why a dealership shows fewer.
    for (const [slug, n] of refused)
      console.warn(
        `[stock] ${n} car(s) of ${slug} not served: their ids are already another car's`,
      );
    if (added) for (const fn of this.addedListeners) fn();
  }

  private hold(car: Car): boolean {
    const id = String(car.id);
    // A car whose id is taken is not added: nothing already served changes.
    if (this.heldById.has(id)) return false;
    this.held.push(car);
    this.heldById.set(id, car);
    this.heldBySlug.set(car.slug, car);
    let list = this.byDealership.get(car.dealership_slug);
    if (!list) this.byDealership.set(car.dealership_slug, (list = []));
    list.push(car);
    return true;
  }

  /** Serves the imported dealerships from their files (read now unless given) and the others from what the provider gave. */
  private fill(imported?: Map<string, Car[]>) {
    this.imported =
      imported ??
      (this.options.dataDir
        ? importedStock(this.options.dataDir, this.sites, this.clock.now().getTime())
        : new Map<string, Car[]>());
    this.held.length = 0;
    this.heldById.clear();
    this.heldBySlug.clear();
    this.byDealership.clear();
    for (const [slug, cars] of this.provided)
      if (!this.imported.has(slug)) for (const c of cars) this.hold(c);
    for (const cars of this.imported.values()) for (const c of cars) this.hold(c);
  }

  /**
   * Reads the stock files again and rebuilds the engines built that hold a dealership whose
   * cars may have changed (`changed`; default: those with a stock file before or after).
   */
  reload(changed?: ReadonlySet<string>, imported?: Map<string, Car[]>) {
    const before = [...this.imported.keys()];
    this.fill(imported);
    const touched = changed ?? new Set([...before, ...this.imported.keys()]);
    if (this.whole) {
      this.whole.addIndex(
        CAR_INDEX,
        this.held as unknown as Record<string, unknown>[],
        CAR_INDEX_SETTINGS,
      );
      addDirectoryIndexes(this.whole, this.options.catalogue, this.sites, this.held);
      this.whole.warm();
    }
    if (this.directoryEngine)
      addDirectoryIndexes(this.directoryEngine, this.options.catalogue, this.sites, this.held);
    this.siteEngines.rebuild(touched);
    for (const fn of this.listeners) fn(touched, this.imported);
  }

  /**
   * Stock for a site that appears while the server runs (created in the editor, or fixed):
   * the provider is asked for the site, once per dealership, and the cars of its
   * dealerships that hold none yet are added and indexed. Nothing already served changes
   * (a car whose id is taken is not added). Returns the number of cars added.
   */
  addSites(sites: readonly ResolvedSite[]): number {
    for (const s of sites) {
      const at = this.sites.findIndex((x) => x.slug === s.slug);
      if (at >= 0) this.sites[at] = s;
      else this.sites.push(s);
    }
    const known = (slug: string) =>
      this.startDealerships.has(slug) ||
      this.provided.has(slug) ||
      this.imported.has(slug) ||
      this.asked.has(slug);
    const fresh = sites.filter((s) => s.dealerships.some((d) => !known(d.slug)));
    if (!fresh.length) return 0;
    const asked = new Set(
      fresh.flatMap((s) => s.dealerships.map((d) => d.slug)).filter((slug) => !known(slug)),
    );
    for (const slug of asked) this.asked.add(slug);
    const before = this.held.length;
    this.take(
      this.options.stock({ catalogue: this.options.catalogue, sites: fresh, added: true }),
      asked,
    );
    const added = this.held.length - before;
    if (added) this.reload(asked);
    return added;
  }

  /** Called after each reload with the dealerships whose cars may have changed (e.g. to mark held cars again). */
  onReload(fn: ReloadListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Called when cars are made (e.g. to mark those held by reservations). */
  onCarsAdded(fn: () => void): () => void {
    this.addedListeners.add(fn);
    return () => this.addedListeners.delete(fn);
  }

  /** Follows the stock folder (if any; else swapImported brings changes), and drops expired sold cars every hour (of the clock). */
  watch() {
    const dataDir = this.options.dataDir;
    if (this.stopWatching) return this;
    const hourly = () => {
      const now = this.clock.now().getTime();
      if (hasExpiredSold(this.imported, this.sites, now))
        this.reload(undefined, withoutExpiredSold(this.imported, this.sites, now));
    };
    this.stopWatching = dataDir
      ? watchStockFolder(dataDir, this.clock, { reload: () => void this.reloadFromFiles(), hourly })
      : this.clock.every(HOUR, hourly);
    return this;
  }

  /** Serves the imported cars `read` gives (undefined: none any more) in place of those held, rebuilding only the engines holding them; queued after reloads in flight. */
  swapImported(
    read: (sites: readonly ResolvedSite[], now: number) => Promise<Map<string, Car[] | undefined>>,
  ): Promise<void> {
    return this.queue(async () => {
      const changes = await read(this.sites, this.clock.now().getTime());
      if (!changes.size) return;
      const next = new Map(this.imported);
      for (const [slug, cars] of changes) {
        if (cars) next.set(slug, cars);
        else next.delete(slug);
      }
      this.reload(new Set(changes.keys()), next);
    });
  }

  /**
   * Reads the stock files a car at a time, giving the event loop turns (a large file parsed
   * whole held every page for seconds), then swaps them in at once: until then every request
   * sees the stock before. Reloads run one after another. Resolves when this one is served.
   */
  reloadFromFiles(): Promise<void> {
    const dataDir = this.options.dataDir;
    if (!dataDir) return Promise.resolve();
    return this.queue(async () => {
      const now = this.clock.now().getTime();
      this.reload(undefined, await importedStockStreaming(dataDir, this.sites, now));
    });
  }
  private reloading = Promise.resolve();
  private queue(job: () => Promise<void>): Promise<void> {
    this.reloading = this.reloading
      .then(job)
      .catch((err: unknown) =>
        console.error('[stock] the imported stock could not be reloaded', err),
      );
    return this.reloading;
  }

  close() {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }
}
