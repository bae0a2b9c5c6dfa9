/**
 * Staff members' roles in the editor (docs/security.md, "Who may edit and publish"): through
 * the whole server (engine/server/app.ts) with the shared editor token set, two members made
 * with `npm run staff-token` on the server's store: an editor of one site saves drafts and is
 * refused publish, discard and restore (403 with the message) and every other site; a
 * publisher of it publishes; each commit's git author is the member, read back from the
 * repository, whatever name the request claims; History names them. A member's image pass
 * opens only their own sites' draft images.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import {
  NEW_SITE_NEEDS_ALL_SITES,
  NOT_YOUR_EDITOR_SITE,
  PUBLISHER_ROLE_REQUIRED,
} from '../../../engine/api/staff-roles.ts';
import { createApp } from '../../../engine/server/app.ts';
import { EDITOR_ASSET_COOKIE } from '../../../engine/server/editor-cookie.ts';
import { CLIENT_ENTRY } from '../../../engine/server/manifest.ts';
import { SYSTEM } from '../../../engine/server/site-repo.ts';
import { capturedIo } from '../../../scripts/script-io.ts';
import { main as staffToken } from '../../../scripts/staff-token.ts';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const SHARED = 'staff-roles-editor-token';
const OPERATOR = 'staff-roles-operators-token';
const SITE = 'gold-coast-ford';
const OTHER = 'kiwi-car-yard';
let folder: ReturnType<typeof bareProductionFolder>;
let server: Server;
let close: (() => Promise<void>) | undefined;
let base: string;
let ed: string;
let pat: string;

/** `npm run staff-token -- …` on the server's own store: what it printed. */
async function script(...argv: string[]) {
  const io = capturedIo(ROOT, {
    FORECOURT_DATA_DIR: folder.dataDir,
    FORECOURT_SITES_DIR: folder.sitesDir,
    DATABASE_URL: '',
  });
  const code = await staffToken(argv, io);
  expect(code, io.stderr).toBe(0);
  return io.stdout;
}

async function makeToken(...argv: string[]) {
  const out = await script(...argv);
  return { token: /fcst_\S+/.exec(out)![0], out };
}

beforeAll(async () => {
  folder = bareProductionFolder('forecourt-staff-roles-');
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
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.stubEnv('FORECOURT_EDITOR_TOKEN', SHARED);
  vi.stubEnv('FORECOURT_PUBLISH_TOKEN', '');
  vi.stubEnv('FORECOURT_GIT_REMOTE', '');
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir: folder.sitesDir,
    distDir: folder.distDir,
    dataDir: folder.dataDir,
    staffToken: OPERATOR,
    providers: demoProviders({ count: 200 }),
  });
  close = started.close;
  server = started.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ed = (
    await makeToken(
      'create',
      '--sites',
      SITE,
      '--name',
      'Ed Editor',
      '--email',
      'ed@dealer.example',
    )
  ).token;
  pat = (
    await makeToken(
      ...['create', '--sites', `${SITE}:publisher`, '--name', 'Pat Publisher'],
      ...['--email', 'pat@dealer.example', '--role', 'editor'],
    )
  ).token;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await close?.();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (folder) rmSync(folder.dir, { recursive: true, force: true });
});

async function editor(token: string, path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${base}/api/editor${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      // A name the request claims: a member's commits carry the member's own instead.
      'X-Forecourt-Staff': 'Someone Else',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Author and committer of a commit, as git records them. */
const people = (rev: string) =>
  execFileSync('git', ['log', '-1', '--format=%an <%ae>|%cn <%ce>', rev], {
    cwd: folder.sitesDir,
    encoding: 'utf8',
  }).trim();

async function saveDraft(token: string, name: string) {
  const opened = await editor(token, `/sites/${SITE}`);
  expect(opened.status).toBe(200);
  const document = { ...opened.body.document, name };
  return editor(token, `/sites/${SITE}`, 'PUT', { document, baseVersion: opened.body.version });
}

describe('staff members with roles in the editor', () => {
  it('answers who is signed in, with their role per site', async () => {
    const me = await editor(ed, '/me');
    expect(me.body).toEqual({
      kind: 'member',
      name: 'Ed Editor',
      email: 'ed@dealer.example',
      roles: { [SITE]: 'editor' },
    });
    expect((await editor(pat, '/me')).body.roles).toEqual({ [SITE]: 'publisher' });
    expect((await editor(OPERATOR, '/me')).body).toMatchObject({ kind: 'operator' });
  });

  it("lists and opens a member's own sites only: another site's drafts, preview and images are refused", async () => {
    const list = await editor(ed, '/sites');
    expect(list.body.sites.map((s: { slug: string }) => s.slug)).toEqual([SITE]);
    for (const path of [`/sites/${OTHER}`, `/sites/${OTHER}/history`, `/sites/${OTHER}/assets`]) {
      const refused = await editor(ed, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toBe(NOT_YOUR_EDITOR_SITE);
    }
    // Express routes in any case and decoded: so does the guard.
    expect((await editor(ed, `/SITES/${OTHER.replace('-', '%2D')}`)).status).toBe(403);
    const preview = await fetch(`${base}/drafts/${OTHER}/?token=${ed}`);
    expect(preview.status).toBe(403);
    expect((await editor(ed, '/sites', 'POST', { slug: 'new-one', name: 'New' })).body).toEqual({
      error: NEW_SITE_NEEDS_ALL_SITES,
    });
    // The shared editor token and the operators' token still open every site.
    expect((await editor(SHARED, `/sites/${OTHER}`)).status).toBe(200);
    expect((await editor(OPERATOR, `/sites/${OTHER}`)).status).toBe(200);
  });

  it("gives a member an image pass for their own sites' draft images only", async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#c03030' },
    })
      .png()
      .toBuffer();
    const upload = async (token: string, slug: string) => {
      const res = await fetch(`${base}/api/editor/sites/${slug}/assets?name=front.png`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect(res.status).toBe(201);
      const pass = res.headers.getSetCookie().find((c) => c.startsWith(EDITOR_ASSET_COOKIE));
      return { url: ((await res.json()) as { asset: { url: string } }).asset.url, pass };
    };
    const own = await upload(ed, SITE);
    const other = await upload(OPERATOR, OTHER);
    const edPass = own.pass!.split(';')[0];
    const operatorPass = other.pass!.split(';')[0];
    const image = (url: string, cookie: string) =>
      fetch(base + url, { headers: { Cookie: cookie } }).then((r) => r.status);
    // The preview's <img> sends the pass and no token: Ed's opens his site's draft image only.
    expect(await image(own.url, edPass)).toBe(200);
    expect(await image(other.url, edPass)).toBe(404);
    expect(await image(other.url, operatorPass)).toBe(200);
    // The sites are signed: a pass rewritten to name another site is forged.
    const [at, , mac] = edPass.split('=')[1].split('.');
    expect(await image(other.url, `${EDITOR_ASSET_COOKIE}=${at}.${OTHER}.${mac}`)).toBe(403);
    // The operators' sign-in in the same browser replaces Ed's pass with one for every site.
    const signIn = await fetch(`${base}/api/editor/sites`, {
      headers: { Authorization: `Bearer ${OPERATOR}`, Cookie: edPass },
    });
    const renewed = signIn.headers.getSetCookie().find((c) => c.startsWith(EDITOR_ASSET_COOKIE));
    expect(await image(other.url, renewed!.split(';')[0])).toBe(200);
  });

  it('lets an editor save a draft as themself and refuses their publish, discard and restore', async () => {
    const saved = await saveDraft(ed, 'Gold Coast Ford by Ed');
    expect(saved.status).toBe(200);
    // Asking for review makes no commit: its description names him instead.
    const review = await editor(ed, `/sites/${SITE}/review`, 'POST');
    expect(review.status).toBe(200);
    expect(review.body.markdown).toContain('Review requested by Ed Editor <ed@dealer.example>.');
    expect(people(saved.body.version)).toBe(
      `Ed Editor <ed@dealer.example>|${SYSTEM.name} <${SYSTEM.email}>`,
    );
    expect((await editor(ed, `/sites/${SITE}`)).body.canPublish).toBe(false);
    const history = await editor(ed, `/sites/${SITE}/history`);
    const commit = history.body.versions[0].commit;
    for (const [method, path, body] of [
      ['POST', 'publish', {}],
      ['DELETE', 'draft', undefined],
      ['POST', 'restore', { commit }],
    ] as const) {
      const refused = await editor(ed, `/sites/${SITE}/${path}`, method, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toBe(PUBLISHER_ROLE_REQUIRED);
    }
    // Refused, nothing happened: the draft is still Ed's.
    expect((await editor(ed, `/sites/${SITE}`)).body.document.name).toBe('Gold Coast Ford by Ed');
  });

  it("lets a publisher publish; the published commit and History name them, and Ed's draft commit stays his", async () => {
    expect((await editor(pat, `/sites/${SITE}`)).body.canPublish).toBe(true);
    const published = await editor(pat, `/sites/${SITE}/publish`, 'POST', {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(people('HEAD')).toBe(
      `Pat Publisher <pat@dealer.example>|${SYSTEM.name} <${SYSTEM.email}>`,
    );
    const history = await editor(pat, `/sites/${SITE}/history`);
    expect(history.body.versions[0].author).toBe('Pat Publisher');
    const authors = execFileSync('git', ['log', '--format=%an', 'HEAD^2', '-1'], {
      cwd: folder.sitesDir,
      encoding: 'utf8',
    }).trim();
    expect(authors).toBe('Ed Editor');
  });

  it('refuses a revoked token with 401', async () => {
    const { token, out } = await makeToken('create', '--sites', SITE, '--name', 'Short Stay');
    expect((await editor(token, '/me')).status).toBe(200);
    const id = /Staff token (\d+)/.exec(out)![1];
    await script('revoke', id);
    expect((await editor(token, '/me')).status).toBe(401);
  });
});
