/**
 * Browser tests run against the real production server: build once, start
 * server.ts (the platform with the demo) as `npm start` runs it, compiled ahead into the build
 * (scripts/build-server.ts), on a free port with a throwaway data directory, and share its URL.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compiledServer } from '../../scripts/build-server.ts';
import { launchShared, SHARED_CHROMIUM_ENV } from '../browser/chromium.ts';

const root = join(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    distDir: string;
    /**
     * The site and API validators compiled once from the source for the run, for the servers
     * files run from the source in their own process (editor-kit.ts); never given to a built
     * server, which reads its build's own.
     */
    sourceValidators: string;
  }
}

/** Starts the compiled server of the build in env.FORECOURT_DIST; `output()` is everything it has printed so far. */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ url: string; proc: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, [compiledServer(env.FORECOURT_DIST)], {
    cwd: root,
    env: { ...process.env, PORT: '0', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Stopped, or it outlives the run that gave up on it (a busy machine's start is slow).
      proc.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const m = output.match(/listening on (http:\/\/[^\s/]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => (output += c));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  // A server that dies after starting fails its tests with refused connections only, so say why here.
  proc.on('exit', (code, signal) => {
    if (!proc.killed)
      process.stderr.write(
        `[server ${url}] exited (code ${code}, signal ${signal}). It printed:\n${output}\n`,
      );
  });
  return { url, proc, output: () => output };
}

export default async function setup(project: TestProject) {
  // Each run builds into its own folder so parallel runs never overwrite each other. It
  // sits inside the project so the server bundle resolves react & co. from node_modules.
  mkdirSync(join(root, '.data'), { recursive: true });
  const dist = process.env.FORECOURT_DIST ?? mkdtempSync(join(root, '.data', 'dist-'));
  if (!process.env.FORECOURT_DIST) {
    execSync('npm run -s build', {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', FORECOURT_DIST: dist },
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-browser-'));
  // One Chromium for the run, which each file's launch() connects to (chromium.ts), started
  // while the server starts; the workers are started after this and inherit the variable.
  const [{ url, proc }, chromium] = await Promise.all([
    startServer({
      FORECOURT_DATA_DIR: dataDir,
      FORECOURT_DIST: dist,
      FORECOURT_STAFF_TOKEN: 'test-staff-token',
    }),
    launchShared(),
  ]);
  process.env[SHARED_CHROMIUM_ENV] = chromium.wsEndpoint();
  // As the unit run's compiled-once.ts makes them: from the schemas as they are, never stale.
  const compiledDir = mkdtempSync(join(tmpdir(), 'forecourt-browser-validators-'));
  const sourceValidators = join(compiledDir, 'validators.cjs');
  // Loaded here, not on import: test files import startServer from this module.
  const { standaloneValidators } = await import('../../engine/schema/standalone.ts');
  writeFileSync(sourceValidators, standaloneValidators());
  project.provide('sourceValidators', sourceValidators);
  project.provide('baseURL', url);
  project.provide('dataDir', dataDir);
  project.provide('distDir', dist);
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await chromium.close().catch(() => {});
    // The server writes to the data folder until it exits (SQLite's WAL, the sites repo), so
    // wait for the exit before removing it; SIGKILL after 10 s.
    const exited = new Promise<void>((resolve) =>
      proc.exitCode !== null || proc.signalCode !== null
        ? resolve()
        : proc.once('exit', () => resolve()),
    );
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    rmSync(compiledDir, { recursive: true, force: true });
    if (!process.env.FORECOURT_DIST) rmSync(dist, { recursive: true, force: true });
  };
}
