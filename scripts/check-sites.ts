/**
 * npm run check:sites [-- <file...>]
 * CI gate for site documents: every sites/*.json is valid (migrated, template resolved,
 * schema, unique block ids) and every site and template file is byte-for-byte in
 * canonical form, so diffs in pull requests only ever show real changes.
 * Fails naming the file and its first differing line; `npm run format:sites` fixes form.
 * A validation problem in a value that comes from a template is listed under the site,
 * naming the template file and the pointer in it (see scripts/validate.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFirstDifference, formatSiteDocument } from '../engine/document/canonical.ts';
import { displayPath, siteDocumentFiles } from '../engine/document/files.ts';
import { CURRENT_SCHEMA_VERSION } from '../engine/site/migrations.ts';
import {
  DocumentSyntaxError,
  LossyJsonError,
  parseDocumentText,
} from '../engine/site/json-text.ts';
import { checkFiles, documentsOf } from './validate.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

export interface CheckProblem {
  file: string;
  messages: string[];
}

const NOT_CANONICAL = 'not in canonical form';

/** Canonical-form problem for one file, or undefined when the file is canonical. */
export function canonicalProblem(file: string): string | undefined {
  const text = readFileSync(file, 'utf8');
  let doc: unknown;
  try {
    doc = parseDocumentText(text);
  } catch (err) {
    if (err instanceof LossyJsonError)
      return `would not read as written, so it cannot be formatted:\n    ${err.detail.replaceAll('\n', '\n    ')}`;
    if (err instanceof DocumentSyntaxError) return `not valid JSON: ${err.detail}`;
    throw err;
  }
  const canonical = formatSiteDocument(doc);
  if (canonical === text) return undefined;
  return `${NOT_CANONICAL} (${describeFirstDifference(text, canonical)}); run npm run format:sites`;
}

export function checkSites(sitesDir: string): {
  problems: CheckProblem[];
  notes: string[];
  checked: number;
} {
  const { sites, templates } = siteDocumentFiles(sitesDir);
  const problems: CheckProblem[] = [];
  const notes: string[] = [];
  // The sites are checked as one set (slugs, host names); templates are partial documents,
  // validated through the sites that use them: a problem whose value comes from a template
  // names the template file and its pointer.
  const siteLines = new Map(checkFiles(documentsOf([sitesDir])).map((r) => [r.file, r.lines]));
  for (const file of [...sites, ...templates]) {
    const messages: string[] = [...(siteLines.get(file) ?? [])];
    const form = canonicalProblem(file);
    // A file that does not read is already named by its site's issues (a template's is named only here).
    if (form && !(messages.length && !form.startsWith(NOT_CANONICAL))) messages.push(form);
    if (messages.length) problems.push({ file, messages });
    else {
      const version =
        (JSON.parse(readFileSync(file, 'utf8')) as { schemaVersion?: unknown }).schemaVersion ?? 1;
      if (version !== CURRENT_SCHEMA_VERSION) {
        notes.push(
          `${displayPath(file)} is schema version ${version}; the engine upgrades it on load (npm run migrate:sites rewrites it as version ${CURRENT_SCHEMA_VERSION})`,
        );
      }
    }
  }
  return { problems, notes, checked: sites.length + templates.length };
}

/** The command: checks the folder named (default: the project's sites/); 1 when any file fails. */
export async function main(argv: string[], io: ScriptIo): Promise<number> {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const sitesDir = argv[0] ? resolve(io.cwd, argv[0]) : join(root, 'sites');
  const { problems, notes, checked } = checkSites(sitesDir);
  for (const n of notes) await io.out(`note: ${n}\n`);
  for (const p of problems) {
    io.err(`✗ ${displayPath(p.file)}\n`);
    for (const m of p.messages) io.err(`  ${m}\n`);
  }
  if (problems.length) {
    io.err(
      `${problems.length} of ${checked} file${checked === 1 ? '' : 's'}  (sites and templates) failed the check\n`,
    );
    return 1;
  }
  await io.out(`✓ ${checked} site documents and templates are valid and in canonical form\n`);
  return 0;
}

runAsCommand(import.meta.url, main);
