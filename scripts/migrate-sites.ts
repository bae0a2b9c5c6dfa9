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
import { runAsCommand, type ScriptIo } from './script-io.ts';

/** The command: upgrades the files named (default: every site and template); 1 when one fails. */
export async function main(argv: string[], io: ScriptIo): Promise<number> {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const files = filesFromArgs(
    argv.map((arg) => resolve(io.cwd, arg)),
    join(root, 'sites'),
  );
  let failed = 0;
  for (const file of files) {
    const r = rewriteDocument(file, { migrate: true });
    if (r.error) {
      failed++;
      io.err(`✗ ${displayPath(file)}: ${r.error}\n`);
    } else if (r.from !== r.to) {
      await io.out(`migrated ${displayPath(file)}: version ${r.from} → ${r.to}\n`);
    } else if (r.changed) {
      await io.out(`formatted ${displayPath(file)} (already version ${r.to})\n`);
    }
  }
  await io.out(
    `${files.length - failed} of ${files.length} file${files.length === 1 ? '' : 's'} at version ${CURRENT_SCHEMA_VERSION}, in canonical form\n`,
  );
  return failed ? 1 : 0;
}

runAsCommand(import.meta.url, main);
