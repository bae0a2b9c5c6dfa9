/**
 * The last good revision through the server (engine/server/app.ts; docs/publishing.md,
 * "When the remote fails"): a site file broken while the server runs leaves its pages as
 * they were, /healthz and the editor API say what failed, and a fixed file is served again;
 * a site whose document is invalid from the start answers 503. Production mode on a copy of
 * sites/, with a renderer that writes the site's name (no build needed), and the server's
 * own file watcher.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createApp } from '../../../engine/server/app.ts';
import { CLIENT_ENTRY } from '../../../engine/server/manifest.ts';
import { conflictMarkersMessage } from '../../../engine/server/stale-sites.ts';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const SLUG = 'southern-motor-group';
const NAME = 'Southern Motor Group';
const BROKEN_FROM_START = 'kiwi-car-yard';
let dir: string;
let sitesDir: string;
let server: Server;
let close: (() => Promise<void>) | undefined;
let base: string;

beforeAll(async () => {
  const folder = bareProductionFolder('forecourt-last-good-http-');
  ({ dir, sitesDir } = folder);
  // A page is the site's name: enough to tell which revision is served.
  writeFileSync(
    join(folder.distDir, 'server/entry-server.js'),
    `export async function renderPage({ site }) {
  return { status: 200, html: '<h1>' + site.name + '</h1>', title: site.name, blockTypes: [], payload: { site, initialData: { url: '/', data: {} } } };
}
`,
  );
  writeFileSync(
    join(folder.distDir, 'client/.vite/manifest.json'),
    JSON.stringify({ [CLIENT_ENTRY]: { file: 'build/entry.js' } }),
  );
  const broken = join(sitesDir, `${BROKEN_FROM_START}.json`);
  writeFileSync(broken, readFileSync(broken, 'utf8').replace(/"name": "[^"]*"/, '"name": 42'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubEnv('FORECOURT_EDITOR_TOKEN', '');
  vi.stubEnv('FORECOURT_GIT_REMOTE', '');
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir,
    distDir: folder.distDir,
    dataDir: folder.dataDir,
    staffToken: 'last-good-test-token',
    providers: demoProviders({ count: 300 }),
  });
  close = started.close;
  server = started.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await close?.();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (slug: string) => {
  const res = await fetch(`${base}/sites/${slug}/`);
  return { status: res.status, html: await res.text() };
};
const healthz = async () => (await (await fetch(`${base}/healthz`)).json()) as Record<string, any>;
const editorSite = async (slug: string) =>
  (await (await fetch(`${base}/api/editor/sites/${slug}`)).json()) as Record<string, any>;

/** Waits for the server's file watcher to have reloaded the site (it settles changes for 100 ms). */
async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const siteFile = () => join(sitesDir, `${SLUG}.json`);

describe('a site file broken while the server runs', () => {
  it('keeps the pages as they were, says why on /healthz and in the editor, and serves the fix', async () => {
    expect(await page(SLUG)).toMatchObject({ status: 200, html: expect.stringContaining(NAME) });
    expect((await healthz()).sites).toBeUndefined();
    const text = readFileSync(siteFile(), 'utf8');

    // Conflict markers, as a merge committed unresolved leaves them.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes(`"name": "${NAME}"`));
    lines.splice(at, 1, '<<<<<<< HEAD', lines[at], '=======', lines[at], '>>>>>>> review');
    writeFileSync(siteFile(), lines.join('\n'));
    await until(async () => Boolean((await healthz()).sites), 'the failure on /healthz');

    const health = await healthz();
    expect(health).toMatchObject({ ok: true, stock: expect.any(String) }); // the keys it had
    expect(health.sites.stale).toEqual([
      {
        slug: SLUG,
        file: `${SLUG}.json`,
        since: expect.any(String),
        issues: [{ path: '/', message: conflictMarkersMessage(`${SLUG}.json`, at + 1) }],
      },
    ]);
    expect(await page(SLUG)).toMatchObject({ status: 200, html: expect.stringContaining(NAME) });
    const opened = await editorSite(SLUG);
    expect(opened.liveProblem).toEqual(health.sites.stale[0]);

    writeFileSync(siteFile(), text.replace(`"name": "${NAME}"`, '"name": "Southern Motors"'));
    await until(async () => !(await healthz()).sites, 'the failure cleared');
    expect(await page(SLUG)).toMatchObject({
      status: 200,
      html: expect.stringContaining('Southern Motors'),
    });
    expect((await editorSite(SLUG)).liveProblem).toBeUndefined();
  });
});

describe('a site whose document is invalid from the start', () => {
  it('answers 503 and is not reported as kept on an older revision', async () => {
    expect((await page(BROKEN_FROM_START)).status).toBe(503);
    writeFileSync(
      join(sitesDir, `${BROKEN_FROM_START}.json`),
      readFileSync(join(sitesDir, `${BROKEN_FROM_START}.json`), 'utf8').replace(
        '"name": 42',
        '"name": 43',
      ),
    );
    // Another site broken after it, so the watcher's reload is seen on /healthz.
    const text = readFileSync(siteFile(), 'utf8');
    writeFileSync(siteFile(), text.replace(/"name": "[^"]*"/, '"name": 44'));
    await until(async () => Boolean((await healthz()).sites), 'the other site on /healthz');
    expect((await page(BROKEN_FROM_START)).status).toBe(503);
    expect((await healthz()).sites.stale.map((s: { slug: string }) => s.slug)).toEqual([SLUG]);
  });
});
