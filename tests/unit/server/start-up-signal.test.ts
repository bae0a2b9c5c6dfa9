/**
 * SIGTERM while the server is still starting (docs/deploy.md, "Stopping a server"): server.ts
 * itself in a child process (on a production folder with no pages: fixtures/bare-build.ts),
 * signalled while it answers "starting". It lets the app finish starting, closes it (the store
 * closed: SQLite's write-ahead log checkpointed and gone), logs the drain and exits 0, without
 * ever announcing that it listens; it never dies of the signal half-way.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { walFile } from '../../../engine/api/db/guard.ts';
import { DRAIN_LOG } from '../../../engine/server/drain.ts';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const folder = bareProductionFolder('forecourt-start-signal-');
afterAll(() => rmSync(folder.dir, { recursive: true, force: true }));

/** A port free now (server.ts takes it first thing). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

it('SIGTERM during start-up: the app finishes starting, is closed, and the process exits 0', async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    FORECOURT_SITES_DIR: folder.sitesDir,
    FORECOURT_DIST: folder.distDir,
    FORECOURT_DATA_DIR: folder.dataDir,
    FORECOURT_DEMO_PHOTOS: 'drawn',
    FORECOURT_STAFF_TOKEN: 'start-signal-token',
  };
  for (const name of [
    'DATABASE_URL',
    'FORECOURT_GIT_REMOTE',
    'FORECOURT_FEEDS',
    'FORECOURT_S3_BUCKET',
  ])
    delete env[name];
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );

  // Starting: the port is taken and answers 503 until the app is made.
  let status = 0;
  while (status !== 503 && proc.exitCode === null) {
    status = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((res) => res.status)
      .catch(() => 0);
  }
  expect(status).toBe(503);
  expect(out).not.toContain('listening on');
  proc.kill('SIGTERM');

  const { code, signal } = await exited;
  expect({ code, signal, err: code === 0 ? '' : err }).toEqual({ code: 0, signal: null, err: '' });
  expect(out).toContain(DRAIN_LOG.done);
  // Not announced: it stopped before serving.
  expect(out).not.toContain('listening on');
  // The store was opened (the app finished starting) and closed: no write-ahead log left behind.
  const db = join(folder.dataDir, 'forecourt.db');
  expect(existsSync(db)).toBe(true);
  expect(existsSync(walFile(db))).toBe(false);
}, 180_000);
