/**
 * A sites folder on disk: `{slug}.json` site documents, `templates/{name}.json`, and
 * `shared/catalogue.json`. The one reader of these files for the server, the inventory
 * and the CLI: every document goes through the preparer, every failure (unreadable
 * file, syntax error, invalid document, a rule across sites) becomes issues of that
 * site and never an exception, so one broken file cannot stop the others. Node only.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Catalogue } from '../../schemas/types.gen.ts';
import type { ValidatorOptions } from '../schema/validator.ts';
import { siteDataFor, type SiteData } from './data.ts';
import { DocumentSyntaxError, LossyJsonError, parseDocumentText } from './json-text.ts';
import { readPlainFile, UnsafeFileError } from './safe-file.ts';
import { deepFreeze } from './shared-pages.ts';
import {
  createSitePreparer,
  type PrepareResult,
  type PreparerOptions,
  type SitePreparer,
} from './prepare.ts';
import { sourceInputs, sourceLocator, type SourceLocation } from './source.ts';
import type { TemplateLoader } from './templates.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';
import { siteSetIssues, type SiteInSet } from './whole-site.ts';

/** Plain names only: no dots, slashes or anything that could leave the sites folder. */
export const PLAIN_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type SiteEntry =
  | {
      slug: string;
      file: string;
      ok: true;
      site: ResolvedSite;
      data: SiteData;
      raw?: Record<string, unknown>;
    }
  | {
      slug: string;
      file: string;
      ok: false;
      /** Paths into the resolved (template-merged) document, as the editor uses them. */
      issues: DocumentIssue[];
      /** Where each issue's value is written (same order as `issues`): for people reading them. */
      sources?: SourceLocation[];
      /** The document as stored, when the file parsed. */
      raw?: unknown;
    };

/**
 * Reads and parses a document file; throws DocumentSyntaxError for an unreadable or
 * malformed one (LossyJsonError: a key written twice, a number that would be rounded), and
 * for a symlink, a special file or one over the size limit, which is never read (safe-file.ts).
 */
export function readDocumentFile(file: string): unknown {
  return parseDocumentText(readDocumentText(file));
}

function readDocumentText(file: string): string {
  try {
    return readPlainFile(file);
  } catch (err) {
    if (err instanceof UnsafeFileError) throw new RefusedFileError(err.message);
    throw new DocumentSyntaxError(
      `cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** A file of the sites folder that is not read at all (a symlink, a special file, too large). */
export class RefusedFileError extends DocumentSyntaxError {}

/** Templates of a sites folder by name (plain names only); a malformed one throws DocumentSyntaxError. */
export function folderTemplateLoader(sitesDir: string): TemplateLoader {
  // Each template's last text and what it parsed to: the sites of one template (a thousand on
  // a server) read its file each, and parse it only when the text changed. Frozen, so no
  // site's preparation can change what the next one is given.
  const parsed = new Map<string, { text: string; doc: Record<string, unknown> }>();
  return (name) => {
    if (!PLAIN_NAME.test(name)) return undefined;
    const file = join(sitesDir, 'templates', `${name}.json`);
    if (!existsSync(file)) return undefined;
    const text = readDocumentText(file);
    const known = parsed.get(name);
    if (known?.text === text) return known.doc;
    const doc = parseDocumentText(text);
    if (!doc || typeof doc !== 'object' || Array.isArray(doc))
      throw new DocumentSyntaxError('a template must be a JSON object');
    parsed.set(name, { text, doc: deepFreeze(doc as Record<string, unknown>) });
    return doc as Record<string, unknown>;
  };
}

/** The shared catalogue, or an empty one with the reason (sites still load without it). */
export function readCatalogue(sitesDir: string): { catalogue: Catalogue; problem?: string } {
  const file = join(sitesDir, 'shared', 'catalogue.json');
  try {
    const doc = readDocumentFile(file) as Catalogue;
    if (!doc || !Array.isArray(doc.models)) throw new DocumentSyntaxError('has no "models" list');
    return { catalogue: doc };
  } catch (err) {
    return {
      catalogue: { manufacturers: [], models: [] } as unknown as Catalogue,
      problem: `${file}: ${(err as Error).message}`,
    };
  }
}

/** Whether two of these documents name one host name (as siteSetIssues compares them). */
export function hostnameShared(raws: unknown[]): boolean {
  const owner = new Map<string, number>();
  return raws.some((raw, i) => {
    const hosts = hostnamesOf(raw);
    if (!Array.isArray(hosts)) return false;
    return hosts.some((host) => {
      if (typeof host !== 'string') return false;
      const name = host.toLowerCase();
      const first = owner.get(name);
      if (first === undefined) owner.set(name, i);
      return first !== undefined && first !== i;
    });
  });
}

function hostnamesOf(raw: unknown): unknown {
  return raw && typeof raw === 'object' && !Array.isArray(raw)
    ? (raw as Record<string, unknown>).hostnames
    : undefined;
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** The site documents of a folder, by slug (file name without .json), sorted. */
export function siteNames(sitesDir: string): string[] {
  if (!existsSync(sitesDir) || !statSync(sitesDir).isDirectory()) return [];
  return readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export interface SiteFolderOptions
  extends Pick<ValidatorOptions, 'sanitizeHtml'>, Pick<PreparerOptions, 'sharePages'> {
  /** Defaults to the folder's shared/catalogue.json. */
  catalogue?: Catalogue;
}

/** Reads and prepares the documents of one sites folder, each on its own. */
export class SiteFolder {
  readonly loadTemplate: TemplateLoader;
  readonly catalogue: Catalogue;
  readonly catalogueProblem?: string;
  readonly prepare: SitePreparer;

  constructor(
    readonly dir: string,
    options: SiteFolderOptions = {},
  ) {
    this.loadTemplate = folderTemplateLoader(dir);
    const read = options.catalogue ? { catalogue: options.catalogue } : readCatalogue(dir);
    this.catalogue = read.catalogue;
    this.catalogueProblem = 'problem' in read ? read.problem : undefined;
    this.prepare = createSitePreparer({
      loadTemplate: this.loadTemplate,
      sanitizeHtml: options.sanitizeHtml,
      catalogue: this.catalogue,
      sharePages: options.sharePages,
    });
  }

  fileOf(slug: string) {
    return join(this.dir, `${slug}.json`);
  }

  /**
   * One document, prepared. `earlier` are the sites that come before it: a host name one
   * of them serves is refused here (the earlier site keeps it).
   */
  load(slug: string, earlier: SiteEntry[] = []): SiteEntry {
    const file = this.fileOf(slug);
    let raw: unknown;
    try {
      raw = readDocumentFile(file);
    } catch (err) {
      if (!(err instanceof DocumentSyntaxError)) throw err;
      // A key written twice or a number that would be rounded: each at its own path.
      const issues =
        err instanceof LossyJsonError
          ? err.faults.map(({ path, line, column, message }) => ({
              path,
              message: `${basename(file)}, line ${line}, column ${column}: ${message}`,
            }))
          : [
              {
                path: '/',
                message:
                  err instanceof RefusedFileError
                    ? `${basename(file)} ${err.detail}`
                    : `${basename(file)} is not valid JSON: ${err.detail}`,
              },
            ];
      return { slug, file, ok: false, issues };
    }
    return this.fromDocument(slug, raw, earlier);
  }

  /** A document given as data (a draft from git), prepared as `load` prepares a file. */
  fromDocument(slug: string, raw: unknown, earlier: SiteEntry[] = []): SiteEntry {
    const file = this.fileOf(slug);
    const result = this.prepareContained(slug, raw);
    const rawDoc = raw as Record<string, unknown> | null;
    const claims: SiteInSet[] = [
      // Claims are by document, valid or not: a copy never takes a host name from an original that is broken for a moment.
      ...earlier
        .filter((e) => e.slug !== slug)
        .map((e) => ({ name: e.slug, hostnames: hostnamesOf(e.raw) })),
      {
        name: slug,
        slug: rawDoc && typeof rawDoc === 'object' ? rawDoc.slug : undefined,
        hostnames: hostnamesOf(rawDoc),
      },
    ];
    const setIssues = siteSetIssues(claims).get(slug) ?? [];
    if (result.ok && !setIssues.length) {
      return {
        slug,
        file,
        ok: true,
        site: result.site,
        data: siteDataFor(result.site, this.catalogue),
        raw: raw as Record<string, unknown>,
      };
    }
    const issues = [...setIssues, ...(result.ok ? [] : result.issues)];
    const locate = sourceLocator(sourceInputs(raw, (name) => this.safeTemplate(name)));
    return { slug, file, ok: false, issues, sources: issues.map((i) => locate(i.path)), raw };
  }

  /**
   * Every document of the folder. A host name two documents claim stays with the one
   * that was there first (older file, then file name), so a copied document never takes
   * the original's host names.
   */
  loadAll(names = this.claimOrder(siteNames(this.dir))): SiteEntry[] {
    const entries: SiteEntry[] = [];
    for (const slug of names) entries.push(this.load(slug, entries));
    return entries;
  }

  /** Site names oldest file first (then by name): the order in which they claim host names. */
  claimOrder(names: string[]): string[] {
    const age = new Map(names.map((n) => [n, mtimeOf(this.fileOf(n))]));
    return [...names].sort((a, b) => age.get(a)! - age.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * Prepares one document. A failure of the preparing itself rather than a problem in the
   * document (the sanitiser's worker failing, say) is tried once more, as the sanitiser
   * starts a new worker; a second failure is this site's problem, so no other site stops.
   */
  private prepareContained(slug: string, raw: unknown): PrepareResult {
    try {
      return this.prepare(raw);
    } catch {
      try {
        return this.prepare(raw);
      } catch (err) {
        console.error(`[sites] ${slug} could not be checked`, err);
        return {
          ok: false,
          issues: [
            {
              path: '/',
              message: `could not be checked (${(err as Error).message}); it is checked again when its file changes or the server restarts`,
            },
          ],
        };
      }
    }
  }

  private safeTemplate(name: string) {
    try {
      return this.loadTemplate(name);
    } catch {
      return undefined;
    }
  }
}
