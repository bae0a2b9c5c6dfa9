/**
 * Node-only helpers for the document scripts (check, format, migrate, diff): which files
 * are site documents, and reading/writing them. Kept apart from canonical.ts and diff.ts
 * so those stay importable in the browser.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatSiteDocument } from './canonical.ts';
import { migrateDocument } from '../site/migrations.ts';
import { DocumentSyntaxError, LossyJsonError, parseDocumentText } from '../site/json-text.ts';
import { readPlainFile, UnsafeFileError } from '../site/safe-file.ts';

/** The file's text; a symlink, special file or one over the size limit is refused unread (safe-file.ts). */
function readText(file: string): string {
  try {
    return readPlainFile(file);
  } catch (err) {
    if (err instanceof UnsafeFileError) throw new DocumentSyntaxError(err.message);
    throw err;
  }
}

/** Site documents and templates in a sites folder: `*.json` and `templates/*.json` (never `shared/`). */
export function siteDocumentFiles(sitesDir: string): { sites: string[]; templates: string[] } {
  const list = (dir: string) =>
    existsSync(dir) && statSync(dir).isDirectory()
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(dir, f))
      : [];
  return { sites: list(sitesDir), templates: list(join(sitesDir, 'templates')) };
}

/** A document file's content; throws DocumentSyntaxError (json-text.ts) for text that does not read as written. */
export function readJson(file: string): unknown {
  return parseDocumentText(readText(file));
}

export type RewriteResult = {
  file: string;
  changed: boolean;
  error?: string;
  from?: number;
  to?: number;
};

/**
 * Rewrites a document in canonical form, optionally migrated to the current version
 * first. Leaves the file untouched (and reports why) when it is not readable JSON, when
 * JSON.parse would not read it as written (a key written twice, a number it would round;
 * json-faults.ts), or when it is newer than this engine.
 */
export function rewriteDocument(file: string, options: { migrate?: boolean } = {}): RewriteResult {
  let text: string;
  let doc: unknown;
  try {
    text = readText(file);
    doc = parseDocumentText(text);
  } catch (err) {
    if (!(err instanceof DocumentSyntaxError)) throw err;
    // Rewriting would keep one of two keys and round long numbers: the file is left as it is.
    const error =
      err instanceof LossyJsonError
        ? `left as it is, as rewriting would change it:\n    ${err.detail.replaceAll('\n', '\n    ')}`
        : `not readable JSON: ${err.detail}`;
    return { file, changed: false, error };
  }
  let from: number | undefined;
  let to: number | undefined;
  if (options.migrate) {
    if (!doc || typeof doc !== 'object' || Array.isArray(doc))
      return { file, changed: false, error: 'a site document must be a JSON object' };
    try {
      from = ((doc as Record<string, unknown>).schemaVersion as number | undefined) ?? 1;
      doc = migrateDocument(doc as Record<string, any>).doc;
      to = (doc as Record<string, unknown>).schemaVersion as number;
    } catch (err) {
      return { file, changed: false, error: (err as Error).message };
    }
  }
  const canonical = formatSiteDocument(doc);
  if (canonical === text) return { file, changed: false, from, to };
  writeFileSync(file, canonical);
  return { file, changed: true, from, to };
}

/** Paths printed relative to the working directory, as a reviewer would type them. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/** Files named on the command line, or every site document and template in `sitesDir`. */
export function filesFromArgs(args: string[], sitesDir: string): string[] {
  if (args.length) return args;
  const { sites, templates } = siteDocumentFiles(sitesDir);
  return [...sites, ...templates];
}
