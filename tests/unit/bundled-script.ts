/**
 * A script compiled once (esbuild, as scripts/build-server.ts compiles the server), for tests
 * in which something starts it many times: git starting the diff driver once per changed file,
 * the leads bench starting its server again after each SIGKILL. `node --import tsx` loads and
 * transpiles the script's few hundred modules at every start (seconds on a busy 2-core
 * machine, tens of seconds under load); the compiled script starts in well under one. The
 * command's own wiring (`node --import tsx scripts/….ts`) is still started once by the test
 * (README, "Tests").
 *
 * - The engine's workers (the HTML sanitiser's, the large-document one) are entries of their
 *   own beside it, where the code starting them looks for a built worker
 *   (engine/sanitize/purify-client.ts, engine/server/site-load-client.ts).
 * - It sits two folders below the project, in `.data/`: packages resolve from node_modules
 *   (left out of the bundle), and a path a module takes relative to its own file (`../../..`
 *   from `scripts/x/y.ts`, as scripts/diff-sites/side-server.ts does) reaches the project as
 *   it does from the source.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './helpers.ts';

const WORKERS = ['engine/sanitize/purify-worker.ts', 'engine/server/site-load-worker.ts'];

export interface BundledScript {
  /** The compiled script: `node <file> …args`. */
  file: string;
  remove(): void;
}

export async function bundledScript(entry: string): Promise<BundledScript> {
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.data', 'test-script-'));
  await build({
    absWorkingDir: ROOT,
    // A set: a worker may be the entry itself (tests/unit/sanitize/compiled-worker.ts).
    entryPoints: [...new Set([entry, ...WORKERS.filter((w) => existsSync(join(ROOT, w)))])],
    outdir: dir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    // Split, as the server is: a dynamic import stays one (and its module loads when asked).
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return {
    file: join(dir, basename(entry).replace(/\.tsx?$/, '.js')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
