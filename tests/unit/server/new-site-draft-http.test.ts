/**
 * A site created in the editor is a draft until it is published (docs/publishing.md): through
 * the whole server (engine/server/app.ts) with a remote, visitors get 404 and `/` does not list
 * it while staff preview it; an image uploaded for it travels with the draft (staff see it,
 * visitors do not); publishing goes through the remote's gate, and a merged pull request of
 * another new site brings that one in. Production mode on a copy of sites/, with a renderer
 * that writes the site's name (no build needed) and the editor token set, so a request without
 * it is a visitor's.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createApp } from '../../../engine/server/app.ts';
import { CLIENT_ENTRY } from '../../../engine/server/manifest.ts';
import { EDITOR_ASSET_COOKIE, EditorAssetPass } from '../../../engine/server/editor-cookie.ts';
import sharp from 'sharp';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const TOKEN = 'new-site-draft-token';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** An image's pixels: an upload is stored re-encoded without its metadata (docs/cars.md, "Photos"), its picture kept. */
const pixels = (bytes: ArrayBuffer | Buffer) =>
  sharp(Buffer.from(bytes as ArrayBuffer))
    .raw()
    .toBuffer();
let dir: string;
let remote: string;
let clone: string;
let server: Server;
let close: (() => Promise<void>) | undefined;
let base: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=r@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trimEnd();

beforeAll(async () => {
  const folder = bareProductionFolder('forecourt-new-site-draft-');
  dir = folder.dir;
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
  // The sites folder's own repository (as the server would make it), pushed to a bare remote.
  git(folder.sitesDir, 'init', '-q', '-b', 'main');
  git(folder.sitesDir, 'add', '-A');
  git(folder.sitesDir, 'commit', '-qm', 'Sites');
  remote = mkdtempSync(join(tmpdir(), 'forecourt-new-site-remote-'));
  git(remote, 'init', '-q', '--bare', '-b', 'main');
  git(folder.sitesDir, 'push', '-q', remote, 'main');
  clone = mkdtempSync(join(tmpdir(), 'forecourt-new-site-clone-'));
  git(clone, 'clone', '-q', remote, '.');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubEnv('FORECOURT_EDITOR_TOKEN', TOKEN);
  vi.stubEnv('FORECOURT_PUBLISH_TOKEN', '');
  vi.stubEnv('FORECOURT_GIT_REMOTE', remote);
  vi.stubEnv('FORECOURT_GIT_SYNC_SECONDS', '1');
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir: folder.sitesDir,
    distDir: folder.distDir,
    dataDir: folder.dataDir,
    staffToken: 'new-site-draft-staff',
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
  for (const d of [dir, remote, clone]) if (d) rmSync(d, { recursive: true, force: true });
});

const staff = { Authorization: `Bearer ${TOKEN}`, 'X-Forecourt-Staff': 'Sam' };
const editor = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}/api/editor${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...staff, ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const create = (slug: string, name: string) =>
  editor('/sites', {
    method: 'POST',
    body: JSON.stringify({
      slug,
      name,
      region: 'AU',
      template: 'ford',
      dealerships: [{ id: 900, slug, name, manufacturers: ['Ford'] }],
    }),
  });
const visit = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers });
  return { status: res.status, text: await res.text() };
};

/** Waits for a condition the server's sync brings about (it runs every second here). */
async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a site created in the editor', { timeout: 90_000 }, () => {
  it('is a draft: staff preview it and its image, visitors get neither, until the remote takes its publish', async () => {
    expect((await create('harbour-ford', 'Harbour Ford')).status).toBe(201);
    expect(await visit('/sites/harbour-ford/')).toMatchObject({ status: 404 });
    expect((await visit('/')).text).not.toContain('Harbour Ford');
    expect(await visit('/drafts/harbour-ford/', staff)).toMatchObject({
      status: 200,
      text: expect.stringContaining('Harbour Ford'),
    });

    const uploaded = await fetch(`${base}/api/editor/sites/harbour-ford/assets?name=front.png`, {
      method: 'POST',
      headers: { ...staff, 'Content-Type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()).asset;
    expect((await visit(url, staff)).status).toBe(200);
    expect((await visit(url)).status).toBe(404);

    // The remote refuses (a protected branch): nothing goes live, the draft stays.
    const hook = join(remote, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "main is protected" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    expect((await editor('/sites/harbour-ford/publish', { method: 'POST' })).status).toBe(409);
    expect(await visit('/sites/harbour-ford/')).toMatchObject({ status: 404 });
    expect((await editor('/sites/harbour-ford')).body.draft).toMatchObject({ newSite: true });

    rmSync(hook);
    expect((await editor('/sites/harbour-ford/publish', { method: 'POST' })).status).toBe(200);
    expect(await visit('/sites/harbour-ford/')).toMatchObject({
      status: 200,
      text: expect.stringContaining('Harbour Ford'),
    });
    expect((await visit('/')).text).toContain('Harbour Ford');
    const image = await fetch(base + url);
    expect(image.status).toBe(200);
    expect(await pixels(await image.arrayBuffer())).toEqual(await pixels(PNG));
    expect(git(remote, 'ls-tree', '--name-only', '-r', 'main')).toContain(
      `assets/harbour-ford/${url.split('/').pop()}`,
    );
  });

  it('shows its draft image to a signed-in browser, which sends no token with an image', async () => {
    expect((await create('river-ford', 'River Ford')).status).toBe(201);
    const uploaded = await fetch(`${base}/api/editor/sites/river-ford/assets?name=front.png`, {
      method: 'POST',
      headers: { ...staff, 'Content-Type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    const { url } = (await uploaded.json()).asset;
    // Signing in (any editor request with the token) gives the browser the image pass.
    const signIn = await fetch(`${base}/api/editor/sites`, { headers: staff });
    const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith(EDITOR_ASSET_COOKIE));
    expect(setCookie).toMatch(/; Path=\/assets\/sites\/; .*HttpOnly; SameSite=Strict/);
    const cookie = setCookie!.split(';')[0];
    // The preview's <img>: the URL as the document holds it, the cookie, no Authorization.
    const shown = await fetch(base + url, { headers: { Cookie: cookie } });
    expect(shown.status).toBe(200);
    expect(await pixels(await shown.arrayBuffer())).toEqual(await pixels(PNG));
    // A /drafts/ page opened with ?token= gives the pass too.
    const page = await fetch(`${base}/drafts/river-ford/?token=${TOKEN}`);
    expect(page.headers.getSetCookie().some((c) => c.startsWith(EDITOR_ASSET_COOKIE))).toBe(true);
    // A visitor: no pass, an expired one, a forged one.
    const pass = new EditorAssetPass(TOKEN);
    const expired = `${EDITOR_ASSET_COOKIE}=${pass.value(Date.now() - 1000)}`;
    const forged = `${EDITOR_ASSET_COOKIE}=${new EditorAssetPass('guess').value(Date.now() + 60_000)}`;
    expect((await visit(url)).status).toBe(404);
    expect((await visit(url, { Cookie: expired })).status).toBe(403);
    expect((await visit(url, { Cookie: forged })).status).toBe(403);
    // A published image needs no pass: the pass opens draft images only.
    expect(
      (await visit('/assets/sites/river-ford/none-0123456789ab.png', { Cookie: cookie })).status,
    ).toBe(404);
  });

  it('is brought in by its merged pull request, and its draft is done', async () => {
    expect((await create('bayside-ford', 'Bayside Ford')).status).toBe(201);
    expect((await editor('/sites/bayside-ford/review', { method: 'POST' })).status).toBe(200);
    expect(await visit('/sites/bayside-ford/')).toMatchObject({ status: 404 });
    git(clone, 'pull', '-q', 'origin', 'main');
    git(clone, 'fetch', '-q', 'origin', 'forecourt/draft/bayside-ford');
    git(clone, 'merge', '-q', '--no-ff', '-m', 'Merge pull request', 'FETCH_HEAD');
    git(clone, 'push', '-q', 'origin', 'main');
    // Staff reading the site all along (each read looks at the remote's copy of the draft while
    // the merge is followed): the draft still ends, and is not brought back.
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) await editor('/sites/bayside-ford');
    });
    await until(
      async () => (await visit('/sites/bayside-ford/')).status === 200,
      'the merged site to be served',
    );
    await new Promise((r) => setTimeout(r, 3_000));
    reading = false;
    await Promise.all(readers);
    expect((await visit('/')).text).toContain('Bayside Ford');
    await until(
      async () => !(await editor('/sites/bayside-ford')).body.draft.exists,
      'the merged draft to be done',
    );
  });
});
