/**
 * npm run validate -- <file...>
 * Checks site documents (migration, template, schema, unique block ids) and prints
 * every problem under the file as "/json/path: message". A value that comes from a
 * template, or sits in a page at another index in the file than in the resolved site,
 * is named where it is written: "sites/templates/ford.json /pages/6/…: message
 * (resolved path /pages/5/…)". Exits 1 when any file is invalid.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { displayPath } from '../engine/document/files.ts';
import { createSitePreparer } from '../engine/site/prepare.ts';
import { formatIssue, sourceInputs, sourceLocator } from '../engine/site/source.ts';
import type { DocumentIssue } from '../engine/site/types.ts';

function check(file: string): { issues: DocumentIssue[]; lines: () => string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const issues = [{ path: '/', message: `not readable JSON: ${(err as Error).message}` }];
    return { issues, lines: () => issues.map((i) => formatIssue(i, undefined)) };
  }
  const templatesDir = join(dirname(file), 'templates');
  const loadTemplate = (name: string) => {
    const f = join(templatesDir, `${name}.json`);
    return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined;
  };
  const result = createSitePreparer({ loadTemplate })(raw);
  const issues = result.ok ? [] : result.issues;
  return {
    issues,
    lines: () => {
      const locate = sourceLocator(sourceInputs(raw, loadTemplate));
      return issues.map((i) => formatIssue(i, locate(i.path), (name) => displayPath(join(templatesDir, `${name}.json`))));
    },
  };
}

/** The problems of a site document, at paths into the resolved (template-merged) document. */
export function validateFile(file: string): DocumentIssue[] {
  return check(file).issues;
}

/** The problems as lines for a person: each names the file (when a template) and pointer holding the value. */
export function describeFileIssues(file: string): string[] {
  return check(file).lines();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error('usage: npm run validate -- <site.json...>');
    process.exit(2);
  }
  let failed = 0;
  for (const file of files) {
    const lines = describeFileIssues(file);
    const name = relative(process.cwd(), file);
    if (!lines.length) {
      console.log(`✓ ${name}`);
      continue;
    }
    failed++;
    console.error(`✗ ${name}: ${lines.length} problem${lines.length > 1 ? 's' : ''}`);
    for (const line of lines) console.error(`  ${line}`);
  }
  process.exit(failed ? 1 : 0);
}
