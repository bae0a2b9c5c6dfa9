/**
 * The server as `npm start` runs it (docs/deploy.md, "Memory and start-up"): `npm run serve`
 * starts the build's compiled server (scripts/build-server.ts) with plain node. From a
 * fresh data folder (its migrations found from the project root) it serves a dealer page
 * and the editor, and no TypeScript loader runs in any of its threads: a watcher preloaded
 * into every thread (fixtures/loader-watch.mjs) logs each module resolving to tsx or a .ts file,
 * or into a package the build bundles (lodash-es, express, ajv: read module by module, they
 * slowed every start), or into the client of a service it was not given.
 * The build sanitised the sites' rich text ahead, so no worker thread (jsdom) starts either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledServer } from '../../scripts/build-server.ts';
import { INLINED_PACKAGES } from '../../scripts/inlined-packages.ts';

const ROOT = join(import.meta.dirname, '../..');
const WATCH = join(import.meta.dirname, 'fixtures/loader-watch.mjs');
let dir: string;
let log: string;
let proc: ChildProcess;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-compiled-'));
  log = join(dir, 'loaders.log');
  writeFileSync(log, '');
  // Its own process group, so stopping it stops npm, the shell and the server.
  proc = spawn('npm', ['run', '-s', 'serve'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      NODE_ENV: 'production',
      FORECOURT_DIST: inject('distDir'),
      FORECOURT_DATA_DIR: join(dir, 'data'),
      FORECOURT_STAFF_TOKEN: 'compiled-test-staff-token',
      NODE_OPTIONS: `--import=${WATCH}`,
      LOADER_WATCH_LOG: log,
      LOADER_WATCH_INLINED: JSON.stringify(INLINED_PACKAGES),
    },
  });
  let output = '';
  url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      output += c;
      const m = output.match(/listening on (http:\/\/[^\s/]+)/);
      if (m) resolve(m[1]);
    });
    proc.stderr!.on('data', (c: Buffer) => (output += c));
    proc.on('exit', (code) => reject(new Error(`npm run serve exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (proc?.exitCode === null) {
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    process.kill(-proc.pid!, 'SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

describe('the compiled server (npm run serve)', () => {
  it('serves a dealer page with the dealer’s name, and the editor', async () => {
    const name = (
      JSON.parse(readFileSync(join(ROOT, 'sites/kiwi-car-yard.json'), 'utf8')) as { name: string }
    ).name;
    const page = await fetch(`${url}/sites/kiwi-car-yard/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<title>${name}`);
    const editor = await fetch(`${url}/editor/`);
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain('<title>Forecourt editor');
  });

  it('runs the build with plain node: no tsx, no TypeScript file and no bundled package read from node_modules in any thread', () => {
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const server = compiledServer(inject('distDir'));
    // The watcher was in the server's own process (else this test could not fail).
    expect(lines.some((l) => l.startsWith('thread main ') && l.includes(server))).toBe(true);
    expect(lines.filter((l) => !/^(thread|service-client) /.test(l))).toEqual([]);
    expect(lines.filter((l) => l.includes('tsx'))).toEqual([]);
  });

  it('loads no client of a service it was not given: no database, SMTP, GitHub token', () => {
    // Each is loaded when first used (docs/deploy.md, "Memory and start-up"); a page and the editor use none.
    expect(INLINED_PACKAGES).toContain('express');
    const lines = readFileSync(log, 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('service-client '))).toEqual([]);
  });

  it('started without the sanitiser’s worker: the build sanitised its sites’ rich text ahead', () => {
    expect(existsSync(join(dirname(compiledServer(inject('distDir'))), 'sanitized.json'))).toBe(
      true,
    );
    const threads = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('thread '));
    expect(threads.length).toBeGreaterThan(0);
    expect(threads.filter((l) => !l.startsWith('thread main '))).toEqual([]);
  });

  it('has the sanitiser’s worker beside the chunks when the source has one', () => {
    const source = existsSync(join(ROOT, 'engine/sanitize/purify-worker.ts'));
    expect(existsSync(join(dirname(compiledServer(inject('distDir'))), 'purify-worker.js'))).toBe(
      source,
    );
  });
});
