/** Shared by the page benchmarks: a fresh production build and server on a free port. */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compiledServer } from '../build-server.ts';

const root = join(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  dataDir: string;
  /** The build it serves (FORECOURT_DIST). */
  dist: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  /** Stops the server, then removes its build and data folders. */
  stop(): Promise<void>;
}

/** `build`: serve that build (another bench server's) rather than build anew; it is left in place at stop. */
export async function startBenchServer(
  env: Record<string, string> = {},
  build?: string,
): Promise<BenchServer> {
  mkdirSync(join(root, '.data'), { recursive: true });
  const dist = build ?? mkdtempSync(join(root, '.data', 'bench-dist-'));
  const dataDir = mkdtempSync(join(root, '.data', 'bench-data-'));
  if (!build)
    execSync('npm run -s build', {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production', FORECOURT_DIST: dist },
    });
  const proc: ChildProcess = spawn(process.execPath, [compiledServer(dist)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      FORECOURT_DIST: dist,
      FORECOURT_DATA_DIR: dataDir,
      FORECOURT_STAFF_TOKEN: 'bench-token',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    proc.stdout!.on('data', (c: Buffer) => {
      out += c;
      const m = out.match(/listening on (http:\/\/[^\s/]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.stderr!.on('data', (c: Buffer) => (out += c));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return {
    url,
    dataDir,
    dist,
    pid: proc.pid!,
    async stop() {
      // The data folder goes once the server has let go of its database (a timer would not fire before bench.ts exits).
      const exited =
        proc.exitCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      await exited;
      if (!build) rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bench server on the build `--dist=<folder>` names (relative to the working folder), else on a new build. */
export function benchServerFromArgs(env: Record<string, string> = {}): Promise<BenchServer> {
  const distArg = process.argv.find((a) => a.startsWith('--dist='));
  return startBenchServer(env, distArg && join(process.cwd(), distArg.slice('--dist='.length)));
}

/**
 * The slug of one in-stock car of a dealership, from the embedded search engine. `siteSlug`:
 * search as that site's pages do (with its key), else keyless.
 */
export async function someCarSlug(
  base: string,
  filters: string,
  siteSlug?: string,
): Promise<string | undefined> {
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    body: JSON.stringify({ hitsPerPage: 1, filters, attributesToRetrieve: ['slug'] }),
    headers: siteSlug ? { 'x-algolia-api-key': `site.${siteSlug}` } : {},
  });
  const body = (await res.json()) as { hits?: { slug: string }[] };
  return body.hits?.[0]?.slug;
}

/** Waits until the server's search answers with the site's stock (it loads after the server listens). */
export async function stockReady(base: string, slug: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!(await someCarSlug(base, '', slug).catch(() => undefined))) {
    if (Date.now() > until)
      throw new Error(`${slug}'s stock was not searchable after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
