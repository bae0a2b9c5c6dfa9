/**
 * A server process of the platform bench, started the way `npm start` runs it (production
 * build, the server compiled ahead and run by plain node: scripts/build-server.ts), timed
 * from spawn to its first 200, and its resident memory read from /proc (Linux) while it runs.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from 'node:http';
import { join } from 'node:path';
import { compiledServer } from '../../build-server.ts';

const root = join(import.meta.dirname, '../../..');

/** A production build in a folder of its own (inside the project, so the server bundle finds node_modules). */
export function buildOnce(): { dist: string; remove(): void } {
  mkdirSync(join(root, '.data'), { recursive: true });
  const dist = mkdtempSync(join(root, '.data', 'bench-dist-'));
  execSync('npm run -s build', {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', FORECOURT_DIST: dist },
  });
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resident set size and its peak so far, in MB (VmRSS, VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One GET on loopback (a Host header chooses a site as in production); resolves with the status and milliseconds taken. */
export function get(
  port: number,
  path: string,
  host?: string,
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers: host ? { host } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end();
  });
}

export interface Started {
  proc: ChildProcess;
  port: number;
  /** Spawn to the first 200 of `firstPath`. */
  firstMs: number;
  stop(): Promise<void>;
}

/** Spawns a command on a free port (PORT) and waits for the first 200 of `firstPath`. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  firstPath: string,
  firstHost?: string,
): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c));
  proc.stderr!.on('data', (c: Buffer) => (out += c));
  let exited = false;
  proc.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited before answering:\n${out}`);
    if (performance.now() - t0 > 180_000) {
      proc.kill('SIGKILL');
      throw new Error(`no 200 from ${firstPath} within 180 s:\n${out}`);
    }
    const { status } = await get(port, firstPath, firstHost);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const firstMs = performance.now() - t0;
  return {
    proc,
    port,
    firstMs,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        proc.on('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** The platform's server over a sites folder, with a data folder of its own. */
export async function startPlatform(
  dist: string,
  sitesDir: string,
  firstPath: string,
  firstHost?: string,
) {
  mkdirSync(join(root, '.data'), { recursive: true });
  const dataDir = mkdtempSync(join(root, '.data', 'bench-data-'));
  const env = {
    NODE_ENV: 'production',
    FORECOURT_DIST: dist,
    FORECOURT_DATA_DIR: dataDir,
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_STAFF_TOKEN: 'bench-token-0123456789',
  };
  const started = await startProcess([compiledServer(dist)], env, firstPath, firstHost);
  return {
    ...started,
    stop: async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The memory peer: a bare Express app answering one route, started and measured the same way. */
export async function startBareExpress() {
  const code =
    "const express = require('express'); const app = express(); app.get('/', (_q, r) => r.send('ok')); app.listen(Number(process.env.PORT), '127.0.0.1');";
  return startProcess(['-e', code], {}, '/');
}

/** Lets a started process settle (timers, lazy work after the first answer) before its memory is read. */
export async function settledMemory(pid: number, ms = 1500) {
  await new Promise((r) => setTimeout(r, ms));
  return memoryOf(pid);
}

/** GET /healthz's `stock`: 'ready' once every site's cars are made and indexed (the server's warm-up). */
function stockState(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => {
        try {
          resolve((JSON.parse(body) as { stock?: string }).stock);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/**
 * Memory once the server holds all it will (every site's cars and engines made by its
 * warm-up, docs/deploy.md "Memory and start-up"), then settled: a server that makes its
 * stock site by site must not be measured before it has made it. Also the time from the
 * first 200 until the warm-up was done.
 */
export async function warmedMemory(started: Started, timeoutMs = 300_000) {
  const t0 = performance.now();
  while ((await stockState(started.port)) !== 'ready') {
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`the stock was not ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const warmMs = performance.now() - t0;
  return { ...(await settledMemory(started.proc.pid!)), warmMs };
}
