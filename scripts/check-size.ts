/**
 * The file-size rule (README, "Code rules"): no hand-written source file over 400 lines, so a
 * module stays small enough to read in one sitting. Generated files (`*.gen.*`) and data
 * (JSON, CSV, Markdown, site documents, snapshots) are exempt: nobody reads them as code.
 * Prints each file over the limit as "file: N lines (limit 400)"; exits 1.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 400;
/** The folders and top-level files whose code is hand-written. */
const SOURCE_ROOTS = [
  'engine',
  'blocks',
  'editor',
  'schemas',
  'scripts',
  'demo',
  'tests',
  'server.ts',
  'vite.config.ts',
  'vitest.config.ts',
];
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html|sh)$/;
const EXEMPT = /\.gen\.|(^|\/)__snapshots__\//;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'fixtures']);

export interface Oversize {
  file: string;
  lines: number;
}

function files(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).flatMap((name) =>
    SKIP_DIRS.has(name) || name.startsWith('.') ? [] : files(join(path, name)),
  );
}

const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Hand-written source files under `root` longer than the limit, longest first. */
export function oversizeFiles(root: string, limit = MAX_LINES): Oversize[] {
  const found: Oversize[] = [];
  for (const top of SOURCE_ROOTS) {
    for (const path of files(join(root, top))) {
      const file = relative(root, path).split(sep).join('/');
      if (!CODE.test(file) || EXEMPT.test(file)) continue;
      const lines = lineCount(readFileSync(path, 'utf8'));
      if (lines > limit) found.push({ file, lines });
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const found = oversizeFiles(root);
  for (const f of found) console.error(`${f.file}: ${f.lines} lines (limit ${MAX_LINES})`);
  if (found.length) {
    console.error(
      `${found.length} source file${found.length === 1 ? '' : 's'} over ${MAX_LINES} lines: split by concern (README, "Code rules")`,
    );
    process.exit(1);
  }
  console.log(`✓ every hand-written source file is at most ${MAX_LINES} lines`);
}
