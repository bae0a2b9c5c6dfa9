/**
 * npm run format:sites [-- <file...>]
 * Rewrites site documents and templates in canonical form (schema key order, 2-space
 * indent, final newline). Content never changes: no defaults added, no ids renamed.
 * Without arguments: every sites/*.json and sites/templates/*.json.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayPath, filesFromArgs, rewriteDocument } from '../engine/document/files.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const files = filesFromArgs(process.argv.slice(2), join(root, 'sites'));
let failed = 0;
let changed = 0;
for (const file of files) {
  const r = rewriteDocument(file);
  if (r.error) {
    failed++;
    console.error(`✗ ${displayPath(file)}: ${r.error}`);
  } else if (r.changed) {
    changed++;
    console.log(`formatted ${displayPath(file)}`);
  }
}
console.log(`${changed} of ${files.length} file${files.length === 1 ? '' : 's'} rewritten`);
process.exit(failed ? 1 : 0);
