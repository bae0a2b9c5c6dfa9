/**
 * A draft may hold a new block's placeholder words; publishing refuses it (422, each field
 * named) until they are replaced (docs/publishing.md; engine/site/placeholders.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import heroSchema from '../../../schemas/blocks/hero.schema.json';
import { SiteStore } from '../../../engine/server/sites.ts';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { listenLocally, type Listening } from '../listen.ts';

const root = join(import.meta.dirname, '../../..');
const PLACEHOLDER = heroSchema.properties.heading['x-placeholder'];
let dir: string;
let server: Listening | undefined;
let base: string;

const send = (method: string, body: unknown) => ({
  method,
  headers: { 'Content-Type': 'application/json', 'X-Forecourt-Staff': 'Sam' },
  body: JSON.stringify(body),
});
const api = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-placeholders-'));
  cpSync(join(root, 'sites'), dir, { recursive: true });
  const sites = new SiteStore(dir);
  const drafts = new DraftService(SiteRepo.open(dir), sites, {});
  const app = express();
  app.use(
    '/api/editor',
    createEditorRouter({ sites, sitesDir: dir, repo: SiteRepo.open(dir), drafts }),
  );
  server = await listenLocally(app);
  base = `${server.base}/api/editor`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('placeholders and publishing', () => {
  it('saves a draft with a placeholder, refuses to publish it, publishes once replaced', async () => {
    const slug = 'kiwi-car-yard';
    const opened = await api(`/sites/${slug}`);
    const doc = structuredClone(opened.body.document);
    const home = doc.pages.find((p: { id: string }) => p.id === 'home');
    home.blocks.push({ type: 'hero', id: 'new-hero', props: { heading: PLACEHOLDER } });
    const at = `/pages/${doc.pages.indexOf(home)}/blocks/${home.blocks.length - 1}/props/heading`;
    const saved = await api(
      `/sites/${slug}`,
      send('PUT', { document: doc, baseVersion: opened.body.version }),
    );
    expect(saved.status).toBe(200);

    const refused = await api(`/sites/${slug}/publish`, send('POST', {}));
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual([
      { path: at, message: expect.stringContaining(`still says "${PLACEHOLDER}"`) },
    ]);

    home.blocks[home.blocks.length - 1].props.heading = 'Summer run-out';
    const again = await api(`/sites/${slug}`);
    const fixed = await api(
      `/sites/${slug}`,
      send('PUT', { document: doc, baseVersion: again.body.version }),
    );
    expect(fixed.status).toBe(200);
    expect((await api(`/sites/${slug}/publish`, send('POST', {}))).status).toBe(200);
  });
});
