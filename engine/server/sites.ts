/**
 * The sites the server serves: every sites/*.json, prepared by engine/site/folder.ts and
 * kept with its problems when it fails (that site answers 503; the others are served).
 * A changed file is reloaded without a restart (`watch()`); a changed template reloads
 * every site.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../schemas/types.gen.ts';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import { SiteFolder, siteNames, type SiteEntry } from '../site/folder.ts';
import { formatIssue } from '../site/source.ts';
import { limitEntryEmbeds } from './embed-origins.ts';
import { withDraftSearchKey } from '../search/public-access.ts';

export type { SiteEntry };

export class SiteStore {
  private entries = new Map<string, SiteEntry>();
  private readonly folder: SiteFolder;
  private watchers: FSWatcher[] = [];
  private pending = new Map<string, NodeJS.Timeout>();
  /** Called after a site is (re)loaded from a changed file. */
  onReload?: (entry: SiteEntry | undefined, slug: string) => void;
  /** Called after each load of one site (created in the editor, published, its file changed). */
  private readonly loadListeners = new Set<(entry: SiteEntry) => void>();
  /** Called after a site's file is gone. */
  private readonly removeListeners = new Set<(slug: string) => void>();

  constructor(
    readonly dir: string,
    private readonly options: { quiet?: boolean } = {},
  ) {
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
    this.entries.clear();
    for (const entry of this.folder.loadAll()) this.remember(entry);
  }

  /** (Re)loads one site. Sites loaded before it keep the host names they serve. */
  load(slug: string): SiteEntry {
    const earlier = [...this.entries.values()].filter((e) => e.slug !== slug); // in the order they were loaded
    const entry = this.folder.load(slug, earlier);
    this.remember(entry);
    for (const fn of this.loadListeners) fn(entry);
    return entry;
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

  private remember(entry: SiteEntry) {
    // Framed services are the platform's to approve, not the document's (embed-origins.ts).
    limitEntryEmbeds(entry);
    this.entries.set(entry.slug, entry);
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

  /** Every site, by slug. */
  all(): SiteEntry[] {
    return [...this.entries.values()].sort((a, b) =>
      a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0,
    );
  }

  byHostname(host: string): SiteEntry | undefined {
    const name = host.toLowerCase();
    return this.all().find((e) => e.ok && e.site.hostnames?.some((h) => h.toLowerCase() === name));
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
          for (const fn of this.removeListeners) fn(slug);
          this.onReload?.(undefined, slug);
          return;
        }
        const entry = this.load(slug); // not inside `onReload?.(…)`: without a listener that would skip the load
        this.onReload?.(entry, slug);
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
    for (const w of this.watchers) w.close();
    this.watchers = [];
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }
}
