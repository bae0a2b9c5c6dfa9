/**
 * npm run migrate:sites [-- <file...>]
 * Upgrades site documents and templates in place to the engine's current schema
 * version (running the ordered migrations in engine/site/migrations.ts) and writes
 * them in canonical form. A document newer than the engine is left alone and reported.
 * Without arguments: every sites/*.json and sites/templates/*.json.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayPath, filesFromArgs, rewriteDocument } from '../engine/document/files.ts';
import { CURRENT_SCHEMA_VERSION } from '../engine/site/migrations.ts';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const files = filesFromArgs(process.argv.slice(2), join(root, 'sites'));
let failed = 0;
for (const file of files) {
  const r = rewriteDocument(file, { migrate: true });
  if (r.error) {
    failed++;
    console.error(`✗ ${displayPath(file)}: ${r.error}`);
  } else if (r.from !== r.to) {
    console.log(`migrated ${displayPath(file)}: version ${r.from} → ${r.to}`);
  } else if (r.changed) {
    console.log(`formatted ${displayPath(file)} (already version ${r.to})`);
  }
}
console.log(
  `${files.length - failed} of ${files.length} file${files.length === 1 ? '' : 's'} at version ${CURRENT_SCHEMA_VERSION}, in canonical form`,
);
process.exit(failed ? 1 : 0);
