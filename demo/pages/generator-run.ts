/**
 * What the demo page generators that edit dealer sites share: their command line
 * (`--write`, `--dir`, `--only`), the site preparer, and the one loop that changes each
 * sites/{slug}.json safely — prepared before (an invalid file is reported and left alone),
 * changed, prepared again (a change that would make it invalid is reported and nothing is
 * written), then written in canonical form, or only reported without --write.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSiteDocument } from '../../engine/document/canonical.ts';
import { sanitizeHtml } from '../../engine/sanitize/html.server.ts';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import type { DocumentIssue } from '../../engine/site/types.ts';

type Json = Record<string, any>;

export const projectRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(name);
export const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
export const sitesDir = resolve(option('--dir') ?? join(projectRoot, 'sites'));
const only = option('--only')
  ?.split(',')
  .map((s) => s.trim());
/** Whether this run writes (`--write`); without it a generator only reports. */
export const writing = flag('--write');

export const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));
export const loadTemplate = (name: string) => {
  const file = join(sitesDir, 'templates', `${name}.json`);
  return existsSync(file) ? readJson(file) : undefined;
};
export const prepare = createSitePreparer({ loadTemplate, sanitizeHtml });

const listIssues = (issues: DocumentIssue[]) =>
  issues.map((i) => `${i.path}: ${i.message}`).join('\n  ');

/**
 * Runs `change` on each site document (not templates) of the sites folder, or those `--only`
 * names, and exits: non-zero when a file was invalid before or would be after. `change` edits
 * the document in place and returns what it changed, one line each, or a sentence saying why
 * it leaves the file alone.
 */
export function updateSiteFiles(
  change: (doc: Json, prepared: Json) => string[] | string,
  nothing = 'nothing to change',
): never {
  const files = readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .filter((f) => !only || only.includes(f.replace(/\.json$/, '')));
  let failed = 0;
  for (const file of files) {
    const path = join(sitesDir, file);
    const doc = readJson(path);
    const first = prepare(structuredClone(doc));
    if (!first.ok) {
      failed++;
      console.error(`✗ ${file}: invalid before any change:\n  ${listIssues(first.issues)}`);
      continue;
    }
    const changes = change(doc, first.site as unknown as Json);
    if (typeof changes === 'string' || !changes.length) {
      console.log(`= ${file}: ${typeof changes === 'string' ? changes : nothing}`);
      continue;
    }
    const after = prepare(structuredClone(doc));
    if (!after.ok) {
      failed++;
      console.error(
        `✗ ${file}: the result would be invalid, nothing written:\n  ${listIssues(after.issues)}`,
      );
      continue;
    }
    console.log(`${writing ? '✓' : '~'} ${file}:\n  ${changes.join('\n  ')}`);
    if (writing) writeFileSync(path, formatSiteDocument(doc));
  }
  if (!writing) console.log('\n(dry run: add --write to save)');
  process.exit(failed ? 1 : 0);
}
