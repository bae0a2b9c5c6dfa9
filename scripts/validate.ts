/**
 * npm run validate -- <file...>
 * Checks site documents (migration, template, schema, unique block ids) and prints
 * every problem as "file: /json/path: message". Exits 1 when any file is invalid.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createSitePreparer } from '../engine/site/prepare.ts';
import type { DocumentIssue } from '../engine/site/types.ts';

export function validateFile(file: string): DocumentIssue[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return [{ path: '/', message: `not readable JSON: ${(err as Error).message}` }];
  }
  const templatesDir = join(dirname(file), 'templates');
  const prepare = createSitePreparer({
    loadTemplate: (name) => {
      const f = join(templatesDir, `${name}.json`);
      return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined;
    },
  });
  const result = prepare(raw);
  return result.ok ? [] : result.issues;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error('usage: npm run validate -- <site.json...>');
    process.exit(2);
  }
  let failed = 0;
  for (const file of files) {
    const issues = validateFile(file);
    const name = relative(process.cwd(), file);
    if (!issues.length) {
      console.log(`✓ ${name}`);
      continue;
    }
    failed++;
    console.error(`✗ ${name}: ${issues.length} problem${issues.length > 1 ? 's' : ''}`);
    for (const i of issues) console.error(`  ${i.path}: ${i.message}`);
  }
  process.exit(failed ? 1 : 0);
}
