/**
 * The server's own thread never loads jsdom (docs/deploy.md, "Memory and start-up"):
 * rich text is sanitised in the worker while the sites load, and the worker has ended by
 * the time createApp resolves.
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { purifyWorkerRunning } from '../../../engine/sanitize/purify-client.ts';
import { createApp } from '../../../engine/server/app.ts';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const require = createRequire(import.meta.url);
/** jsdom's modules in this thread's module cache (packages are loaded natively, not by Vite, in the unit tests). */
const jsdomModules = () =>
  Object.keys(require.cache).filter((file) => /[\\/]node_modules[\\/]jsdom[\\/]/.test(file));

let dir: string;
let close: (() => Promise<void>) | undefined;

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

it('createApp loads and sanitises every site without jsdom in its thread, and the worker has ended', async () => {
  // A production build with no pages: enough for createApp, which is what is measured here.
  const folder = bareProductionFolder('forecourt-no-jsdom-');
  dir = folder.dir;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(jsdomModules()).toEqual([]);

  const { sitesDir, distDir, dataDir } = folder;
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir,
    distDir,
    dataDir,
    staffToken: 'no-jsdom-test-token',
    providers: demoProviders({ count: 200 }),
  });
  close = started.close;

  const sites = started.sites.all();
  expect(sites.length).toBeGreaterThan(0);
  expect(sites.filter((e) => !e.ok).map((e) => e.slug)).toEqual([]);
  // The sites' rich text went through the sanitiser: markup kept, nothing active.
  const html = JSON.stringify(sites.map((e) => e.ok && e.site));
  expect(html).toMatch(/<(p|strong|a|ul)[ >]/);
  expect(html).not.toMatch(/<script|javascript:|onerror=/i);
  expect(jsdomModules()).toEqual([]);
  expect(purifyWorkerRunning()).toBe(false);

  // The probe sees jsdom when this thread does load it (the check above could fail).
  require('jsdom');
  expect(jsdomModules().length).toBeGreaterThan(0);
}, 120_000);
