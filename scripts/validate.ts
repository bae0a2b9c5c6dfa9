/**
 * npm run validate -- <file or folder...>
 * Checks site documents through the one preparer (migration, template, schema, whole-site
 * rules) and, across the documents given (a folder gives all of its sites), the rules
 * between sites: slug equal to the file name, each host name on one site. Prints every
 * problem under the file as "/json/path: message". A value that comes from a template,
 * or sits in a page at another index in the file than in the resolved site, is named
 * where it is written: "sites/templates/ford.json /pages/6/…: message (resolved path
 * /pages/5/…)". Exits 1 when any file is invalid.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { displayPath } from '../engine/document/files.ts';
import { SiteFolder, siteNames, type SiteEntry } from '../engine/site/folder.ts';
import { formatIssue } from '../engine/site/source.ts';
import { parseDocumentText } from '../engine/site/json-text.ts';
import { placeholderIssues } from '../engine/site/placeholders.ts';
import type { DocumentIssue } from '../engine/site/types.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

const folders = new Map<string, SiteFolder>();
function folderOf(dir: string) {
  let f = folders.get(dir);
  if (!f) folders.set(dir, (f = new SiteFolder(dir)));
  return f;
}

/** The documents named by the arguments: files as given, a folder's sites oldest first (the order they claim host names in). */
export function documentsOf(args: string[]): string[] {
  return args.flatMap((arg) =>
    existsSync(arg) && statSync(arg).isDirectory()
      ? folderOf(resolve(arg))
          .claimOrder(siteNames(arg))
          .map((n) => join(arg, `${n}.json`))
      : [arg],
  );
}

/** Checks documents as one set (in the order given: an earlier document keeps a contested host name). */
export function checkFiles(files: string[]): { file: string; entry: SiteEntry; lines: string[] }[] {
  const earlier: SiteEntry[] = [];
  return files.map((file) => {
    const dir = resolve(dirname(file));
    const entry = existsSync(file)
      ? folderOf(dir).load(basename(file).replace(/\.json$/, ''), earlier)
      : ({
          slug: basename(file),
          file,
          ok: false,
          issues: [{ path: '/', message: 'no such file' }],
        } as SiteEntry);
    earlier.push(entry);
    const templateFile = (name: string) => displayPath(join(dir, 'templates', `${name}.json`));
    const lines = entry.ok
      ? []
      : entry.issues.map((issue, n) => formatIssue(issue, entry.sources?.[n], templateFile));
    // Placeholder words may stay in a draft, never in a document visitors get.
    for (const issue of placeholdersIn(file)) lines.push(`${issue.path}: ${issue.message}`);
    return { file, entry, lines };
  });
}

/** The fields of a readable file still holding their placeholder (engine/site/placeholders.ts), at paths in the file. */
function placeholdersIn(file: string): DocumentIssue[] {
  try {
    return placeholderIssues(parseDocumentText(readFileSync(file, 'utf8')));
  } catch {
    return []; // a file that does not read is named by its other issues
  }
}

/** The problems of one site document, at paths into the resolved (template-merged) document. */
export function validateFile(file: string): DocumentIssue[] {
  const [{ entry }] = checkFiles([file]);
  return entry.ok ? [] : entry.issues;
}

/** The problems as lines for a person: each names the file (when a template) and pointer holding the value. */
export function describeFileIssues(file: string): string[] {
  return checkFiles([file])[0].lines;
}

/** The command: checks the documents named as one set; 1 when any is invalid, 2 without arguments. */
export async function main(argv: string[], io: ScriptIo): Promise<number> {
  const files = documentsOf(argv.map((arg) => resolve(io.cwd, arg)));
  if (!files.length) {
    io.err('usage: npm run validate -- <site.json or sites folder...>\n');
    return 2;
  }
  let failed = 0;
  for (const { file, lines } of checkFiles(files)) {
    const name = relative(io.cwd, file);
    if (!lines.length) {
      await io.out(`✓ ${name}\n`);
      continue;
    }
    failed++;
    io.err(`✗ ${name}: ${lines.length} problem${lines.length > 1 ? 's' : ''}\n`);
    for (const line of lines) io.err(`  ${line}\n`);
  }
  return failed ? 1 : 0;
}

runAsCommand(import.meta.url, main);
