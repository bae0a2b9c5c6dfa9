/**
 * The site documents on disk: every sites/*.json, prepared (migrated, template
 * resolved, validated) and kept with its problems when it fails. Reloaded per file when
 * the editor saves one.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../schemas/types.gen.ts';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import { createSitePreparer } from '../site/prepare.ts';
import { siteDataFor, type SiteData } from '../site/data.ts';
import { formatIssue, sourceInputs, sourceLocator, type SourceLocation } from '../site/source.ts';
import type { DocumentIssue, ResolvedSite } from '../site/types.ts';

export type SiteEntry =
  | { slug: string; file: string; ok: true; site: ResolvedSite; data: SiteData }
  | {
      slug: string;
      file: string;
      ok: false;
      /** Paths into the resolved (template-merged) document, as the editor uses them. */
      issues: DocumentIssue[];
      /** Where each issue's value is written (same order as `issues`): for people reading them. */
      sources?: SourceLocation[];
    };

export class SiteStore {
  private entries = new Map<string, SiteEntry>();
  readonly catalogue: Catalogue;

  constructor(readonly dir: string) {
    this.catalogue = JSON.parse(readFileSync(join(dir, 'shared', 'catalogue.json'), 'utf8'));
    this.reloadAll();
  }

  private readTemplate = (name: string) => {
    const file = join(this.dir, 'templates', `${name}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  };

  private prepare = createSitePreparer({ loadTemplate: this.readTemplate, sanitizeHtml });

  static siteFiles(dir: string) {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  }

  reloadAll() {
    this.entries.clear();
    for (const f of SiteStore.siteFiles(this.dir)) this.load(f.replace(/\.json$/, ''));
  }

  load(slug: string): SiteEntry {
    const file = join(this.dir, `${slug}.json`);
    let entry: SiteEntry;
    try {
      const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const result = this.prepare(raw);
      if (result.ok) entry = { slug, file, ok: true, site: result.site, data: siteDataFor(result.site, this.catalogue) };
      else {
        const locate = sourceLocator(sourceInputs(raw, this.readTemplate));
        entry = { slug, file, ok: false, issues: result.issues, sources: result.issues.map((i) => locate(i.path)) };
      }
      if (result.ok && result.site.slug !== slug) {
        entry = { slug, file, ok: false, issues: [{ path: '/slug', message: `must match the file name "${slug}"` }] };
      }
    } catch (err) {
      entry = { slug, file, ok: false, issues: [{ path: '/', message: `not readable JSON: ${(err as Error).message}` }] };
    }
    this.entries.set(slug, entry);
    if (!entry.ok) {
      const sources = entry.sources;
      console.warn(`[forecourt] site ${slug} is invalid and will not render:\n${entry.issues.map((i, n) => `  ${formatIssue(i, sources?.[n])}`).join('\n')}`);
    }
    return entry;
  }

  get(slug: string): SiteEntry | undefined {
    return this.entries.get(slug);
  }

  all(): SiteEntry[] {
    return [...this.entries.values()];
  }

  byHostname(host: string): SiteEntry | undefined {
    const name = host.toLowerCase();
    return this.all().find((e) => e.ok && e.site.hostnames?.includes(name));
  }
}
