/**
 * The asset library (docs/editor-design.md, "Asset library"): uploads checked by their bytes and
 * size, SVGs cleaned, names made plain, files committed on the site's draft branch (staff see
 * them; visitors once the draft is published) and served with headers that keep them inert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express, { type RequestHandler } from 'express';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { createAssetLibraryRouter } from '../../../engine/server/assets-api.ts';
import { DELETE_REFUSED } from '../../../engine/server/asset-delete.ts';
import {
  MAX_ASSET_BYTES,
  MESSAGES,
  plainBaseName,
  sniffType,
} from '../../../engine/assets/asset-check.ts';
import { listenLocally, type Listening } from '../listen.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// Whole images: every raster upload is decoded (engine/assets/photo-pipeline.ts).
let JPEG: Buffer;
let WEBP: Buffer;
/** What a served raster image is: decoded, it is the 1 × 1 picture uploaded. */
const sizeOf = async (res: Response) => {
  const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return [width, height];
};
const SVG_WITH_SCRIPT = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <a href="javascript:alert(3)"><rect width="10" height="10" fill="red"/></a>
  <image href="https://evil.example/track.png"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
</svg>`;

let dir: string;
let server: Listening | undefined;
let base: string;
let refuse = false;
let repo: SiteRepo;
const DRAFT = 'forecourt/draft/demo-motors';

const git = (args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trimEnd();
const upload = async (body: Buffer | string, name = 'photo.png', slug = 'demo-motors') => {
  const res = await fetch(
    `${base}/api/editor/sites/${slug}/assets?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/octet-stream',
        'X-Forecourt-Staff': encodeURIComponent('Sam Lee'),
      },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    },
  );
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  const pixel = sharp({ create: { width: 2, height: 1, channels: 3, background: '#c33' } });
  JPEG = await pixel.clone().jpeg().toBuffer();
  WEBP = await pixel.clone().webp().toBuffer();
  dir = mkdtempSync(join(tmpdir(), 'forecourt-assets-'));
  writeFileSync(join(dir, 'demo-motors.json'), '{}\n');
  repo = SiteRepo.open(dir);
  const staff: RequestHandler = (_req, res, next) =>
    refuse ? res.status(403).json({ error: 'staff only' }) : next();
  const app = express();
  app.use(createAssetLibraryRouter({ repo, staff }));
  server = await listenLocally(app);
  base = server.base;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('checking an upload', () => {
  it('knows PNG, JPEG, WebP and SVG by their bytes, not their names', () => {
    expect(sniffType(PNG)).toBe('png');
    expect(sniffType(JPEG)).toBe('jpg');
    expect(sniffType(WEBP)).toBe('webp');
    expect(
      sniffType(Buffer.from('\uFEFF<?xml version="1.0"?><!-- x --><svg viewBox="0 0 1 1"/>')),
    ).toBe('svg');
    expect(sniffType(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffType(Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>'))).toBeUndefined();
    expect(sniffType(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('makes names plain', () => {
    expect(plainBaseName('Front of Showroom.JPG')).toBe('front-of-showroom');
    expect(plainBaseName('../../etc/passwd<script>.png')).toBe('etc-passwd-script');
    expect(plainBaseName('Écran été.webp')).toBe('ecran-ete');
    expect(plainBaseName('.png')).toBe('image');
  });
});

describe('the asset library API', () => {
  let firstUrl: string;

  it('stores a PNG under a plain, content-addressed name, committed on the draft branch by the staff member', async () => {
    const published = git(['rev-parse', 'HEAD']);
    const { status, body } = await upload(PNG, 'Showroom Front.PNG');
    expect(status).toBe(201);
    expect(body.asset.type).toBe('image/png');
    expect(body.asset.name).toMatch(/^showroom-front-[0-9a-f]{12}-c[0-9a-f]{6}\.png$/);
    expect(body.asset.url).toBe(`/assets/sites/demo-motors/${body.asset.name}`);
    firstUrl = body.asset.url;
    // Travels with the draft (docs/publishing.md): nothing published, nothing in the work tree.
    expect(git(['rev-parse', 'HEAD'])).toBe(published);
    expect(existsSync(join(dir, 'assets', 'demo-motors', body.asset.name))).toBe(false);
    expect(git(['rev-parse', `${DRAFT}^`])).toBe(published);
    expect(git(['log', '-1', '--format=%an', DRAFT])).toBe('Sam Lee');
    expect(git(['show', '--name-only', '--format=', DRAFT])).toBe(
      `assets/demo-motors/${body.asset.name}`,
    );
    expect(git(['status', '--porcelain'])).toBe('');
  });

  it('serves a draft image to staff only (not cached), inert', async () => {
    const res = await fetch(base + firstUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await sizeOf(res)).toEqual([1, 1]);
    refuse = true;
    try {
      expect((await fetch(base + firstUrl)).status).toBe(403);
    } finally {
      refuse = false;
    }
  });

  it('answers the same address for the same image, without a second commit', async () => {
    const head = git(['rev-parse', DRAFT]);
    const { status, body } = await upload(PNG, 'showroom front.png');
    expect(status).toBe(200);
    expect(body.asset.url).toBe(firstUrl);
    expect(git(['rev-parse', DRAFT])).toBe(head);
  });

  it('publishing the draft publishes its images: served to everyone, cached for good and inert', async () => {
    await repo.publish('demo-motors', '{}\n', 'Publish', { name: 'Pat' });
    const stored = readFileSync(join(dir, 'assets', 'demo-motors', firstUrl.split('/').pop()!));
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect(git(['status', '--porcelain'])).toBe('');
    refuse = true;
    try {
      const res = await fetch(base + firstUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(await sizeOf(res)).toEqual([1, 1]);
    } finally {
      refuse = false;
    }
    // Published, it is no new draft's: uploading it again changes nothing.
    expect((await upload(PNG, 'Showroom Front.png')).status).toBe(200);
    expect(git(['branch', '--list', DRAFT])).toBe('');
  });

  it('refuses what is not an image, whatever its name says', async () => {
    expect(await upload('just some text', 'photo.png')).toEqual({
      status: 415,
      body: { error: MESSAGES.unknownType },
    });
    expect(
      await upload('<html><body><script>alert(1)</script><svg></svg></body></html>', 'logo.svg'),
    ).toEqual({ status: 415, body: { error: MESSAGES.unknownType } });
    expect(await upload(Buffer.alloc(0))).toEqual({ status: 422, body: { error: MESSAGES.empty } });
  });

  it('refuses an image over the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_ASSET_BYTES)]);
    expect(await upload(big)).toEqual({ status: 413, body: { error: MESSAGES.tooLarge } });
  });

  it('keeps an SVG only without scripts, handlers, foreign content and outside links, and says what went', async () => {
    const { status, body } = await upload(SVG_WITH_SCRIPT, 'Logo.svg');
    expect(status).toBe(201);
    expect(body.asset.name).toMatch(/^logo-[0-9a-f]{12}\.svg$/);
    const res = await fetch(base + body.asset.url);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|javascript:|evil\.example|foreignObject/i);
    expect(body.removed).toEqual(
      expect.arrayContaining(['<script>', 'onload attribute', '<foreignobject>']),
    );
  });

  it('accepts JPEG and WebP', async () => {
    expect((await upload(JPEG, 'a.jpeg')).body.asset.name).toMatch(
      /^a-[0-9a-f]{12}-c[0-9a-f]{6}\.jpg$/,
    );
    expect((await upload(WEBP, 'b')).body.asset.name).toMatch(
      /^b-[0-9a-f]{12}-c[0-9a-f]{6}\.webp$/,
    );
  });

  it('lists the site’s images, newest first', async () => {
    const res = await fetch(`${base}/api/editor/sites/demo-motors/assets`);
    const { assets } = await res.json();
    expect(assets).toHaveLength(4);
    expect(assets.map((a: { url: string }) => a.url)).toContain(firstUrl);
    expect(assets[assets.length - 1].url).toBe(firstUrl);
  });

  it('knows only plain site names of sites that exist, and serves only stored names', async () => {
    expect((await upload(PNG, 'x.png', 'Bad..Slug')).status).toBe(400);
    expect((await upload(PNG, 'x.png', 'no-such-site')).status).toBe(404);
    expect((await fetch(`${base}/assets/sites/demo-motors/..%2Fdemo-motors.json`)).status).toBe(
      404,
    );
    expect((await fetch(`${base}/assets/sites/demo-motors/nothing-here.png`)).status).toBe(404);
  });

  it('lists and uploads for staff only; the images themselves are public', async () => {
    refuse = true;
    try {
      expect((await upload(PNG)).status).toBe(403);
      expect((await fetch(`${base}/api/editor/sites/demo-motors/assets`)).status).toBe(403);
      expect((await fetch(base + firstUrl)).status).toBe(200);
    } finally {
      refuse = false;
    }
  });

  it('keeps the drawing of a clean SVG whole: shapes, paths, gradients and links inside the file', async () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
  <rect x="1" y="2" width="10" height="10" rx="2" fill="url(#g)"/>
  <path d="M0 0L24 24Z" stroke="#000" stroke-width="1.5" fill-rule="evenodd"/>
  <a href="#g"><circle r="1"/></a><a href="images/other.svg"><circle r="2"/></a><a href="//evil.example/x.svg#a"><circle r="3"/></a>
</svg>`;
    const { status, body } = await upload(drawing, 'drawing.svg');
    expect(status).toBe(201);
    const svg = await (await fetch(base + body.asset.url)).text();
    for (const kept of [
      'viewBox="0 0 24 24"',
      'x="1"',
      'y="2"',
      'rx="2"',
      'fill="url(#g)"',
      'd="M0 0L24 24Z"',
      'stroke-width="1.5"',
      'fill-rule="evenodd"',
      'x2="1"',
      'offset="0"',
      'href="#g"',
    ])
      expect(svg).toContain(kept);
    expect(svg).not.toMatch(/other\.svg|evil\.example/);
  });
});

describe('deleting an image', () => {
  const remove = (name: string) =>
    fetch(`${base}/api/editor/sites/demo-motors/assets/${name}`, {
      method: 'DELETE',
      headers: { 'X-Forecourt-Staff': encodeURIComponent('Sam Lee') },
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  const list = async () =>
    (
      (await (await fetch(`${base}/api/editor/sites/demo-motors/assets`)).json()) as {
        assets: { name: string; published: boolean }[];
      }
    ).assets;
  const siteUsing = (url: string) =>
    `${JSON.stringify({
      pages: [
        {
          id: 'home',
          path: '/',
          title: 'Home',
          blocks: [{ type: 'hero', id: 'home-hero', props: { image: { src: url, alt: 'Front' } } }],
        },
      ],
    })}\n`;
  let draftOnly: { name: string; url: string };
  let published: string;

  beforeAll(async () => {
    const grey = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
    const { status, body } = await upload(grey, 'Mistake.png');
    expect(status).toBe(201);
    draftOnly = body.asset;
    expect(body.asset.published).toBe(false);
    published = (await list()).find((a) => a.published)!.name;
  });

  it('lists which images are published and which only the draft holds', async () => {
    const assets = await list();
    expect(assets.find((a) => a.name === draftOnly.name)?.published).toBe(false);
    expect(assets.find((a) => a.name === published)?.published).toBe(true);
  });

  it('keeps a published image, saying why', async () => {
    const head = git(['rev-parse', DRAFT]);
    expect(await remove(published)).toEqual({
      status: 409,
      body: { error: DELETE_REFUSED.published },
    });
    expect(git(['rev-parse', DRAFT])).toBe(head);
  });

  it('keeps an image the saved draft still uses, naming where in staff words', async () => {
    const head = git(['rev-parse', DRAFT]);
    const saved = repo.saveDraft(
      'demo-motors',
      siteUsing(draftOnly.url),
      'Use it',
      { name: 'Pat' },
      head,
    );
    const { status, body } = await remove(draftOnly.name);
    expect(status).toBe(409);
    expect(body.error).toContain('The saved draft still uses this image');
    expect(body.error).toMatch(/Hero/);
    expect(body.error).not.toMatch(/\/pages|props/);
    expect(git(['rev-parse', DRAFT])).toBe(saved);
  });

  it('deletes an upload only the draft holds once nothing uses it, in a commit by the staff member', async () => {
    repo.saveDraft(
      'demo-motors',
      '{}\n',
      'Stop using it',
      { name: 'Pat' },
      git(['rev-parse', DRAFT]),
    );
    expect(await remove(draftOnly.name)).toEqual({
      status: 200,
      body: { deleted: draftOnly.name },
    });
    expect((await list()).map((a) => a.name)).not.toContain(draftOnly.name);
    expect(git(['ls-tree', '-r', '--name-only', DRAFT, '--', 'assets/demo-motors/'])).not.toContain(
      draftOnly.name,
    );
    expect(git(['log', '-1', '--format=%an %s', DRAFT])).toBe(
      `Sam Lee Image ${draftOnly.name} deleted from demo-motors`,
    );
    // Published images are untouched, and the draft's own commit changed nothing else.
    expect(git(['diff', '--name-only', `${DRAFT}^`, DRAFT])).toBe(
      `assets/demo-motors/${draftOnly.name}`,
    );
    expect((await remove(draftOnly.name)).status).toBe(404);
  });

  it('answers 404 for a name that is not a stored image, and deletes for staff only', async () => {
    expect((await remove('..%2Fdemo-motors.json')).status).toBe(404);
    expect((await remove('no-such-image.png')).status).toBe(404);
    refuse = true;
    try {
      expect((await remove(published)).status).toBe(403);
    } finally {
      refuse = false;
    }
  });
});
