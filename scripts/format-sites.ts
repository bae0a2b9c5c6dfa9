/**
 * npm run format:sites [-- <file...>]
 * Rewrites site documents and templates in canonical form (schema key order, 2-space
 * indent, final newline). Content never changes: no defaults added, no ids renamed.
 * Without arguments: every sites/*.json and sites/templates/*.json.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayPath, filesFromArgs, rewriteDocument } from '../engine/document/files.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

/** The command: rewrites the files named (default: every site and template); 1 when one cannot be read. */
export async function main(argv: string[], io: ScriptIo): Promise<number> {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const files = filesFromArgs(
    argv.map((arg) => resolve(io.cwd, arg)),
    join(root, 'sites'),
  );
  let failed = 0;
  let changed = 0;
  for (const file of files) {
    const r = rewriteDocument(file);
    if (r.error) {
      failed++;
      io.err(`✗ ${displayPath(file)}: ${r.error}\n`);
    } else if (r.changed) {
      changed++;
      await io.out(`formatted ${displayPath(file)}\n`);
    }
  }
  await io.out(`${changed} of ${files.length} file${files.length === 1 ? '' : 's'} rewritten\n`);
  return failed ? 1 : 0;
}

runAsCommand(import.meta.url, main);
