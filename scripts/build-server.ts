/**
 * The server compiled ahead (docs/deploy.md, "Memory and start-up"): server.ts and every
 * engine and demo module it reaches, bundled by esbuild into <dist>/node/, so `npm start`
 * and `npm run serve` run it with plain `node`: no TypeScript loader thread, nothing
 * transpiled at each start. A step of `npm run build`; FORECOURT_DIST moves it
 * with the rest of the build (vite.config.ts).
 *
 * - Packages stay in node_modules (imported as they are), so the build must sit inside the
 *   project; data files are found from the project root (engine/project-root.ts). lodash-es
 *   is the exception: as published it is some 600 modules, which Node would read and link one
 *   by one at every start (about half a second); bundled, only the functions used remain.
 * - Code splitting keeps server.ts's dynamic imports dynamic: bundled into one file, React
 *   would load before server.ts sets NODE_ENV, in its development build.
 * - The HTML sanitiser's worker (engine/sanitize/purify-worker.ts, when present) and the
 *   worker that prepares large site documents (engine/server/site-load-worker.ts) are entries
 *   of their own, purify-worker.js and site-load-worker.js beside the chunks, where the code
 *   starting them looks.
 * - The site and API request validators, compiled ahead by ajv, are written beside them as
 *   validators.cjs (engine/schema/precompiled.ts, standalone.ts).
 * - The rich text of the sites folder the server will serve (FORECOURT_SITES_DIR, or sites/),
 *   sanitised ahead by the worker, is written beside them as sanitized.json
 *   (engine/sanitize/sanitized-file.ts, sanitize-sites.ts).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { PRECOMPILED_VALIDATORS_FILE } from '../engine/schema/precompiled.ts';
import { INLINED_PACKAGES } from './inlined-packages.ts';

const root = join(import.meta.dirname, '..');
const WORKERS = [
  'engine/sanitize/purify-worker.ts',
  'engine/server/site-load-worker.ts',
  'engine/search/search-worker.ts',
];

/** esbuild's `packages: 'external'`, except for the named packages. */
function packagesExternalBut(inlined: string[]): Plugin {
  const bundled = (path: string) => inlined.some((p) => path === p || path.startsWith(`${p}/`));
  return {
    name: 'packages-external-but',
    setup(build) {
      // A package bundled brings the packages it imports with it (only bundled code has an
      // importer inside node_modules).
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        bundled(args.path) || args.importer.includes('/node_modules/')
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}

/** The compiled server's entry in a build folder (FORECOURT_DIST, or dist/). */
export function compiledServer(dist = process.env.FORECOURT_DIST ?? 'dist'): string {
  return join(resolve(root, dist), 'node', 'server.js');
}

export async function buildServer(
  dist = process.env.FORECOURT_DIST ?? 'dist',
  sitesDir = process.env.FORECOURT_SITES_DIR ?? join(root, 'sites'),
): Promise<string> {
  const outdir = join(resolve(root, dist), 'node');
  // Chunk names change with their contents: the last build's go.
  if (existsSync(outdir))
    for (const f of readdirSync(outdir)) if (/\.js(\.map)?$/.test(f)) rmSync(join(outdir, f));
  // Loaded here, not on import: tests and benches import compiledServer only.
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: ['server.ts', ...WORKERS.filter((w) => existsSync(join(root, w)))],
    outdir,
    // One flat folder: each entry as <name>.js, the shared chunks beside them.
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [packagesExternalBut(INLINED_PACKAGES)],
    // The CommonJS packages bundled require Node's own modules: each file has a `require` for them.
    banner: {
      js: "import { createRequire as __forecourtRequire } from 'node:module'; const require = __forecourtRequire(import.meta.url);",
    },
    // For `node --enable-source-maps` when a stack trace should name the source.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The validators compiled ahead, where the compiled server looks for them (engine/schema/precompiled.ts).
  const { standaloneValidators } = await import('../engine/schema/standalone.ts');
  writeFileSync(join(outdir, PRECOMPILED_VALIDATORS_FILE), standaloneValidators());
  // The sites' rich text as the worker sanitises it, so a built server need not load jsdom at start.
  const { SANITIZED_FILE } = await import('../engine/sanitize/sanitized-file.ts');
  const { sanitizeSitesAhead } = await import('../engine/sanitize/sanitize-sites.ts');
  writeFileSync(join(outdir, SANITIZED_FILE), sanitizeSitesAhead(sitesDir));
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
