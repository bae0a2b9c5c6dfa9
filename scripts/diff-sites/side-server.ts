/**
 * One side of `diff:sites --render` served: the production build it needs, its documents
 * written to a sites folder, and a production server on that folder.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { display, listJson, type DocSet } from '../../engine/document/diff-sets.ts';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** The production build the server renders with: FORECOURT_DIST, else dist/ (as createApp). */
export function distDir(root = ROOT): string {
  return process.env.FORECOURT_DIST
    ? resolve(root, process.env.FORECOURT_DIST)
    : join(root, 'dist');
}

/** Builds the production bundle when it is missing (rendering needs it). */
export function ensureBuild(root = ROOT) {
  const dist = distDir(root);
  if (
    existsSync(join(dist, 'server/entry-server.js')) &&
    existsSync(join(dist, 'client/.vite/manifest.json'))
  )
    return;
  console.error(
    `No production build in ${display(dist)}: building it (npx vite build && npx vite build --ssr blocks/entry-server.tsx)…`,
  );
  for (const args of [
    ['vite', 'build'],
    ['vite', 'build', '--ssr', 'blocks/entry-server.tsx'],
  ]) {
    // vite.config.ts reads FORECOURT_DIST too, so the build lands where the server looks.
    const r = spawnSync('npx', args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error(`build failed: npx ${args.join(' ')}`);
  }
}

/** Writes one side's documents to a temporary sites folder the server can load. */ export function materialise(
  set: DocSet,
  dir: string,
) {
  mkdirSync(join(dir, 'templates'), { recursive: true });
  mkdirSync(join(dir, 'shared'), { recursive: true });
  for (const [name, { text }] of set.sites) writeFileSync(join(dir, `${name}.json`), text);
  for (const [name, { text }] of set.templates)
    writeFileSync(join(dir, 'templates', `${name}.json`), text);
  // Shared data as of that side when it has it, else the working tree's.
  for (const f of listJson(join(ROOT, 'sites/shared'))) {
    writeFileSync(
      join(dir, 'shared', f),
      set.shared(f) ?? readFileSync(join(ROOT, 'sites/shared', f), 'utf8'),
    );
  }
  if (
    !existsSync(join(dir, 'shared', 'catalogue.json')) &&
    existsSync(join(ROOT, 'sites/shared'))
  ) {
    cpSync(join(ROOT, 'sites/shared'), join(dir, 'shared'), { recursive: true });
  }
}

/**
 * One side's production server. It gets its own throwaway database and a random staff
 * token that is never printed (the API prints a token it generates itself), so rendering
 * neither touches .data/ nor writes a credential into a CI log.
 */ export async function startServer(
  sitesDir: string,
  root: string,
  dataDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  process.env.NODE_ENV = 'production'; // React picks its build on first import
  const { createApp } = await import('../../engine/server/app.ts');
  const { demo } = await import('../../demo/defaults.ts');
  const { app } = await createApp({
    mode: 'production',
    root,
    sitesDir,
    distDir: distDir(root),
    dataDir,
    staffToken: randomBytes(24).toString('hex'),
    providers: demo,
  });
  return new Promise((ok, fail) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return fail(new Error('server has no port'));
      ok({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.on('error', fail);
  });
}
