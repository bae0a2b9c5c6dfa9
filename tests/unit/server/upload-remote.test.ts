/**
 * An image uploaded to a draft with drafts on the git remote (docs/publishing.md, "Drafts on the
 * remote"): two servers' asset libraries (createAssetLibraryRouter with the drafts as createApp
 * wires them), each on its own clone of one bare remote, no bucket. The upload's commit is on the
 * remote's draft branch when the upload is answered, and the other server lists and serves the
 * image at once, without a save in between; an image deleted through one server is off the
 * remote when answered. A remote that cannot be reached refuses the upload, and nothing of it
 * stays.
 */
import { execFileSync } from 'node:child_process';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssetLibraryRouter } from '../../../engine/server/assets-api.ts';
import { DraftShare, sharedBranch } from '../../../engine/server/draft-share.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { photoDerivatives } from '../../../engine/assets/photo-serve.ts';
import { listenLocally, type Listening } from '../listen.ts';
import { git, removeTemps, sitesWithRemote, temp } from './fixtures/sites-remote.ts';

const SLUG = 'southern-motor-group';
const { remote } = sitesWithRemote();
const servers: { close(): Promise<void> | void }[] = [];

/** A server's asset library on its own clone of the remote (`remoteUrl`: where its drafts go). */
async function server(name: string, remoteUrl = remote) {
  const sites = temp(name);
  execFileSync('git', ['clone', '-q', '-b', 'main', remote, sites]);
  const repo = SiteRepo.open(sites);
  const store = new SiteStore(sites, { quiet: true });
  const drafts = new DraftService(repo, store, {
    remote: remoteUrl,
    share: new DraftShare(repo, remoteUrl, 5_000),
  });
  const pass: express.RequestHandler = (_req, _res, next) => next();
  const app = express().use(
    createAssetLibraryRouter({
      repo,
      staff: pass,
      drafts,
      derivatives: photoDerivatives(temp(`${name}-data`)),
    }),
  );
  const listening: Listening = await listenLocally(app);
  servers.push({ close: () => store.close() }, listening);
  return { repo, base: listening.base };
}

let png: Buffer;
beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 30 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
  removeTemps();
  vi.restoreAllMocks();
});

const upload = (base: string) =>
  fetch(`${base}/api/editor/sites/${SLUG}/assets?name=banner.png`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png' },
    body: new Uint8Array(png),
  });

describe('an upload with drafts on the remote', { timeout: 120_000 }, () => {
  it('is on the remote when answered, and the other server lists and serves it at once', async () => {
    const one = await server('upload-one');
    const two = await server('upload-two');
    const res = await upload(one.base);
    expect(res.status).toBe(201);
    const { asset } = (await res.json()) as { asset: { name: string; url: string } };
    const path = `assets/${SLUG}/${asset.name}`;
    // On the remote's draft branch, as the draft this server holds.
    expect(git(remote, 'rev-parse', sharedBranch(SLUG))).toBe(one.repo.draftHead(SLUG));
    expect(git(remote, 'ls-tree', '--name-only', sharedBranch(SLUG), '--', path)).toBe(path);

    const listed = await fetch(`${two.base}/api/editor/sites/${SLUG}/assets`);
    expect(
      ((await listed.json()) as { assets: { name: string }[] }).assets.map((a) => a.name),
    ).toContain(asset.name);
    const served = await fetch(`${two.base}${asset.url}?w=160`, {
      headers: { Accept: 'image/png' },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64);

    // Deleted through the other server: off the remote when answered, and gone from the first's list.
    const deleted = await fetch(`${two.base}/api/editor/sites/${SLUG}/assets/${asset.name}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(git(remote, 'rev-parse', sharedBranch(SLUG))).toBe(two.repo.draftHead(SLUG));
    expect(git(remote, 'ls-tree', '--name-only', sharedBranch(SLUG), '--', path)).toBe('');
    const relisted = await fetch(`${one.base}/api/editor/sites/${SLUG}/assets`);
    expect(
      ((await relisted.json()) as { assets: { name: string }[] }).assets.map((a) => a.name),
    ).not.toContain(asset.name);
  });

  it('is refused when the remote cannot be reached, and nothing of it stays', async () => {
    const gone = await server('upload-gone', temp('not-a-remote'));
    const res = await upload(gone.base);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not reach/);
    expect(gone.repo.draftHead(SLUG)).toBeUndefined();
  });
});
