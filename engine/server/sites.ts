/**
 * The sites the server serves: every sites/*.json, prepared by engine/site/folder.ts and
 * kept with its problems when it fails (that site answers 503; the others are served).
 * A changed file is reloaded without a restart (`watch()`); a changed template reloads
 * every site. A site serving a valid document keeps it when the next one fails, until a
 * valid one arrives (stale-sites.ts; docs/publishing.md, "When the remote fails").
 */
import { lstatSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../schemas/types.gen.ts';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import { hostnameShared, SiteFolder, siteNames, type SiteEntry } from '../site/folder.ts';
import { formatIssue } from '../site/source.ts';
import { limitEntryEmbeds } from './embed-origins.ts';
import { withDraftSearchKey } from '../search/public-access.ts';
import { StaleSites, withConflictMarkersNamed, type StaleSite } from './stale-sites.ts';
import { OFF_THREAD_BYTES, SiteLoadWorker } from './site-load-client.ts';
import type { ClaimOrder } from './host-claims.ts';

export type { SiteEntry, StaleSite };

export class SiteStore {
  private entries = new Map<string, SiteEntry>();
  /** The entries in slug order and by host name, made when first asked after a change (`put`). */
  private indexed?: { sorted: SiteEntry[]; hosts: Map<string, SiteEntry> };
  private readonly folder: SiteFolder;
  private watchers: FSWatcher[] = [];
  private pending = new Map<string, NodeJS.Timeout>();
  /** Called after a site is (re)loaded from a changed file. */
  onReload?: (entry: SiteEntry | undefined, slug: string) => void;
  /** Called after each load of one site (published, its file changed), and for a site drafted in the editor (`drafted`). */
  private readonly loadListeners = new Set<(entry: SiteEntry) => void>();
  /** Called after a site's file is gone. */
  private readonly removeListeners = new Set<(slug: string) => void>();
  /** Sites kept on their last good revision, with what failed. */
  private readonly stale: StaleSites;
  /** Prepares large documents off the request thread (site-load-client.ts). */
  private readonly worker = new SiteLoadWorker();
  /** Per site, the latest load asked for: an earlier one that finishes later is not served. */
  private readonly loads = new Map<string, number>();

  constructor(
    readonly dir: string,
    private readonly options: {
      quiet?: boolean;
      /**
       * The order in which sites claim host names (the first keeps a name two documents give):
       * git's, when the folder is published from git (host-claims.ts). Without it, files older
       * on disk first at start-up, and a site loaded later never takes a name from one loaded.
       */
      claimOrder?: ClaimOrder;
    } = {},
  ) {
    this.stale = new StaleSites(options);
    // Sites made from one template hold one checked copy of each page they share (docs/deploy.md, "Memory and start-up").
    this.folder = new SiteFolder(dir, { sanitizeHtml, sharePages: true });
    if (this.folder.catalogueProblem)
      console.warn(
        `[forecourt] the model catalogue could not be read; sites show no model range: ${this.folder.catalogueProblem}`,
      );
    this.reloadAll();
  }

  get catalogue(): Catalogue {
    return this.folder.catalogue;
  }

  /** The preparer every site goes through (the editor checks drafts with it too). */
  get prepare() {
    return this.folder.prepare;
  }

  get loadTemplate() {
    return this.folder.loadTemplate;
  }

  static siteFiles(dir: string) {
    return siteNames(dir).map((slug) => `${slug}.json`);
  }

  reloadAll() {
    const before = this.entries;
    this.entries = new Map();
    this.indexed = undefined;
    for (const entry of this.loadEverySite()) this.take(entry, before.get(entry.slug));
    for (const { slug } of this.stale.all()) if (!this.entries.has(slug)) this.stale.clear(slug);
  }

  /**
   * (Re)loads one site. Sites loaded before it keep the host names they serve. Returns the
   * entry served: the site's last good one when the new document fails (staleSite says why).
   */
  load(slug: string): SiteEntry {
    this.loads.set(slug, (this.loads.get(slug) ?? 0) + 1);
    return this.settle(this.folder.load(slug, this.earlierThan(slug)));
  }

  /**
   * load(), with a large document prepared off the request thread (site-load-client.ts), so
   * pages go on answering while it is checked. Of two loads of one site, the later asked wins.
   */
  async loadAsync(slug: string): Promise<SiteEntry> {
    if (!(fileSize(this.folder.fileOf(slug)) > OFF_THREAD_BYTES)) return this.load(slug);
    const ticket = (this.loads.get(slug) ?? 0) + 1;
    this.loads.set(slug, ticket);
    const earlier = this.earlierThan(slug).map((e) => ({
      slug: e.slug,
      hostnames: (e.raw as { hostnames?: unknown } | undefined)?.hostnames,
    }));
    let loaded: SiteEntry;
    try {
      loaded = await this.worker.load(this.dir, slug, earlier);
    } catch (err) {
      console.error(
        `[forecourt] site ${slug} is prepared on the request thread: ${(err as Error).message}`,
      );
      loaded = this.folder.load(slug, this.earlierThan(slug));
    }
    if (this.loads.get(slug) !== ticket) return this.entries.get(slug) ?? loaded;
    return this.settle(loaded);
  }

  /** The sites whose host names come before this one's: those before it in the claim order, else every other. */
  private earlierThan(slug: string): SiteEntry[] {
    const others = [...this.entries.values()].filter((e) => e.slug !== slug); // in the order they were loaded
    const order = this.claimOrder([...new Set([...others.map((e) => e.slug), slug])]);
    if (!order) return others;
    const before = new Set(order.slice(0, order.indexOf(slug)));
    return others.filter((e) => before.has(e.slug));
  }

  /**
   * Every site, each given the sites before it in the claim order. The order decides only
   * which of two sites naming one host name keeps it, so git is asked for it (a `git log` of
   * the whole published history) only when two do; else the files' own order serves.
   */
  private loadEverySite(): SiteEntry[] {
    const names = siteNames(this.dir);
    const entries = this.folder.loadAll(this.folder.claimOrder(names));
    if (!this.options.claimOrder || !hostnameShared(entries.map((e) => e.raw))) return entries;
    return this.folder.loadAll(this.claimOrder(names));
  }

  private claimOrder(names: string[]): string[] | undefined {
    return this.options.claimOrder?.(names, (rest) => this.folder.claimOrder(rest));
  }

  private settle(loaded: SiteEntry): SiteEntry {
    const previous = this.entries.get(loaded.slug);
    const entry = this.take(loaded, previous);
    if (entry === previous) return entry; // kept: nothing changed for visitors
    for (const fn of this.loadListeners) fn(entry);
    return entry;
  }

  /**
   * A site's new document that never reached its file (the git sync refused it, remote-check.ts):
   * the site keeps what it serves, recorded like an invalid document (healthz, the editor).
   */
  refused(slug: string, message: string) {
    const served = this.entries.get(slug);
    if (served?.ok)
      this.stale.record({ slug, file: served.file, ok: false, issues: [{ path: '/', message }] });
  }

  /**
   * The entry to serve after a load: the new one, unless it failed where the site served a
   * valid document; that is kept (docs/publishing.md, "When the remote fails"). A site whose
   * first document fails answers 503 (README, "Validation").
   */
  private take(loaded: SiteEntry, previous: SiteEntry | undefined): SiteEntry {
    const entry = withConflictMarkersNamed(loaded);
    if (!entry.ok && previous?.ok) {
      this.stale.record(entry);
      this.put(previous);
      return previous;
    }
    this.stale.clear(entry.slug, { loaded: entry.ok });
    this.remember(entry);
    return entry;
  }

  /** Why a site serves its last good revision instead of its file's document; undefined when it does not. */
  staleSite(slug: string): StaleSite | undefined {
    return this.stale.get(slug);
  }

  /** Every site kept on its last good revision (for /healthz). */
  staleSites(): StaleSite[] {
    return this.stale.all();
  }

  /** Follows loads of one site (the stock gives a new site's dealerships their cars); returns the way to stop. */
  onLoad(fn: (entry: SiteEntry) => void): () => void {
    this.loadListeners.add(fn);
    return () => this.loadListeners.delete(fn);
  }

  /** Follows sites whose file is gone (the stock lets go of their search engines); returns the way to stop. */
  onRemove(fn: (slug: string) => void): () => void {
    this.removeListeners.add(fn);
    return () => this.removeListeners.delete(fn);
  }

  /**
   * A document that is not the site's file (a draft), prepared like the file; the store is
   * not changed. Its pages search under the draft's own filter (public-access.ts, draft keys).
   */
  prepareDocument(slug: string, raw: unknown): SiteEntry {
    const entry = limitEntryEmbeds(
      this.folder.fromDocument(
        slug,
        raw,
        [...this.entries.values()].filter((e) => e.slug !== slug),
      ),
    );
    return entry.ok ? { ...entry, site: withDraftSearchKey(entry.site) } : entry;
  }

  /**
   * A site that so far exists only as a draft (created in the editor): prepared like a
   * draft, and told to those that follow loads for the site's data (its stock, so its
   * preview shows cars); the store is not changed, so no visitor gets it.
   */
  drafted(slug: string, raw: unknown): SiteEntry {
    const entry = this.prepareDocument(slug, raw);
    for (const fn of this.loadListeners) fn(entry);
    return entry;
  }

  private remember(entry: SiteEntry) {
    // Framed services are the platform's to approve, not the document's (embed-origins.ts).
    limitEntryEmbeds(entry);
    this.put(entry);
    if (!entry.ok && !this.options.quiet) {
      const sources = entry.sources;
      console.warn(
        `[forecourt] site ${entry.slug} is invalid and will not render:\n${entry.issues.map((i, n) => `  ${formatIssue(i, sources?.[n])}`).join('\n')}`,
      );
    }
  }

  get(slug: string): SiteEntry | undefined {
    return this.entries.get(slug);
  }

  /** Every site, in slug order (a copy: the caller may keep or change it). */
  all(): SiteEntry[] {
    return [...this.index().sorted];
  }

  /** The site serving a host name (of two, the first in slug order), asked on every request. */
  byHostname(host: string): SiteEntry | undefined {
    return this.index().hosts.get(host.toLowerCase());
  }

  /** Every change of the entries goes through here or drops `indexed` itself. */
  private put(entry: SiteEntry) {
    this.entries.set(entry.slug, entry);
    this.indexed = undefined;
  }

  private index() {
    if (!this.indexed) {
      const sorted = [...this.entries.values()].sort((a, b) =>
        a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0,
      );
      const hosts = new Map<string, SiteEntry>();
      for (const entry of sorted)
        if (entry.ok)
          for (const host of entry.site.hostnames ?? [])
            if (!hosts.has(host.toLowerCase())) hosts.set(host.toLowerCase(), entry);
      this.indexed = { sorted, hosts };
    }
    return this.indexed;
  }

  /**
   * Reloads sites when their files change: a site document reloads that site (a deleted
   * one is dropped), a template reloads every site. Changes are settled for 100 ms first
   * (editors write in several steps).
   */
  watch() {
    if (this.watchers.length) return;
    const later = (key: string, fn: () => void) => {
      clearTimeout(this.pending.get(key));
      this.pending.set(
        key,
        setTimeout(() => {
          this.pending.delete(key);
          fn();
        }, 100),
      );
    };
    const onSite = (file: string | null) => {
      if (!file || !file.endsWith('.json') || file.startsWith('.')) return;
      const slug = file.slice(0, -'.json'.length);
      later(slug, () => {
        if (!siteNames(this.dir).includes(slug)) {
          this.entries.delete(slug);
          this.indexed = undefined;
          this.stale.clear(slug);
          for (const fn of this.removeListeners) fn(slug);
          this.onReload?.(undefined, slug);
          return;
        }
        // Not inside `onReload?.(…)`: without a listener that would skip the load.
        void this.loadAsync(slug).then((entry) => this.onReload?.(entry, slug));
      });
    };
    const onTemplate = () =>
      later('\u0000templates', () => {
        this.reloadAll();
        for (const entry of this.all()) this.onReload?.(entry, entry.slug);
      });
    const add = (dir: string, fn: (file: string | null) => void) => {
      try {
        const w = watch(dir, (_event, file) => fn(file ? String(file) : null));
        w.on('error', () => undefined);
        this.watchers.push(w);
      } catch {
        /* a missing folder has nothing to watch */
      }
    };
    add(this.dir, onSite);
    add(join(this.dir, 'templates'), onTemplate);
  }

  close() {
    this.worker.close();
    for (const w of this.watchers) w.close();
    this.watchers = [];
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }
}

/** The file's size in bytes (not through a symlink); 0 when there is none. */
function fileSize(file: string): number {
  try {
    return lstatSync(file).size;
  } catch {
    return 0;
  }
}
