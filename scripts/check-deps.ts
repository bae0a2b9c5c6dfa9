/**
 * npm run check:deps
 * The dependency direction, checked on every import of the source (README, "Architecture"):
 *   sites → schemas ← engine ← blocks;  editor uses engine and blocks;  demo uses engine;
 *   nothing else imports the editor, and only the composition root (server.ts), scripts and
 *   tests import the demo. So engine imports no block, editor, demo or script; schemas
 *   import no code; blocks import no editor or demo code; demo imports no editor or block.
 *   Tests may reach across (a block's test fixtures in an engine test).
 * Prints each import against the direction as "file:line: imports target (rule)"; exits 1.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Top-level folder → the folders it must not import from. */
const FORBIDDEN: Record<string, string[]> = {
  schemas: ['engine', 'blocks', 'editor', 'demo', 'scripts', 'sites'],
  engine: ['blocks', 'editor', 'demo', 'scripts'],
  blocks: ['editor', 'demo', 'scripts'],
  demo: ['editor', 'blocks'],
};
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /(\.test\.tsx?$|(^|\/)test-[a-z-]+\.tsx?$|(^|\/)tests?\/)/;
const IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

export interface Violation {
  file: string;
  line: number;
  target: string;
  rule: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** Imports against the direction in the source under `root`. */
export function dependencyViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const top of Object.keys(FORBIDDEN)) {
    const dir = join(root, top);
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = relative(root, file).split(sep).join('/');
      if (TEST.test(rel)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        const target = relative(root, resolve(dirname(file), spec))
          .split(sep)
          .join('/');
        const into = target.split('/')[0];
        if (!FORBIDDEN[top].includes(into)) continue;
        const start = m.index + (m[0].length - m[0].trimStart().length); // past the character before `import`
        const line = text.slice(0, start).split('\n').length;
        violations.push({ file: rel, line, target, rule: `${top}/ must not import ${into}/` });
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const found = dependencyViolations(root);
  for (const v of found) console.error(`${v.file}:${v.line}: imports ${v.target} (${v.rule})`);
  if (found.length) {
    console.error(
      `${found.length} import${found.length === 1 ? '' : 's'} against the dependency direction (README, "Architecture")`,
    );
    process.exit(1);
  }
  console.log(
    '✓ imports follow the dependency direction: sites → schemas ← engine ← blocks, demo beside blocks, editor on top',
  );
}
