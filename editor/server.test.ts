/** The editor's API router (engine/server/editor-api.ts) on a temporary copy of sites/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { SiteStore } from '../engine/server/sites.ts';
import { createEditorRouter } from '../engine/server/editor-api.ts';
import { formatSiteDocument } from '../engine/document/canonical.ts';

const root = join(import.meta.dirname, '..');
let dir: string;
let server: Server;
let base: string;
let sites: SiteStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-editor-api-'));
  cpSync(join(root, 'sites'), dir, { recursive: true });
  sites = new SiteStore(dir);
  const app = express();
  app.use('/api/editor', createEditorRouter({ sites, sitesDir: dir }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/api/editor`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const git = (args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trimEnd();
const json = (body: unknown) => ({
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const post = (body: unknown) => ({ ...json(body), method: 'POST' });

describe('editor API', () => {
  it('loads a site with its version, raw template chain and resolved form', async () => {
    const r = await (await fetch(`${base}/sites/gold-coast-ford`)).json();
    expect(r.document.slug).toBe('gold-coast-ford');
    expect(Object.keys(r.templates)).toEqual(['ford']);
    expect(r.resolved.features).toBeDefined();
    expect(r.version).toMatch(/^[0-9a-f]{40}$/); // the commit the document comes from
    expect(r.draft).toEqual({ exists: false, summary: [] });
  });

  it('saves a draft in canonical form whatever the key order: a commit on the draft branch, nothing visitors see', async () => {
    const { document, version } = await (await fetch(`${base}/sites/kiwi-car-yard`)).json();
    const published = readFileSync(join(dir, 'kiwi-car-yard.json'), 'utf8');
    const shuffled = Object.fromEntries(
      Object.entries({ ...document, name: 'Kiwi Car Yard Penrose' }).reverse(),
    );
    const res = await fetch(`${base}/sites/kiwi-car-yard`, {
      ...json({ document: shuffled, baseVersion: version }),
      headers: {
        'Content-Type': 'application/json',
        'X-Forecourt-Staff': encodeURIComponent('Aroha Ngata'),
      },
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({
      changed: true,
      merged: false,
      live: false,
      draft: { exists: true, author: 'Aroha Ngata' },
    });
    // In staff words: the setting's place and title, never its JSON path (docs/editor-design.md, "Staff words").
    const line =
      'Settings › Identity › Dealer or group name: “Kiwi Car Yard” → “Kiwi Car Yard Penrose”';
    expect(saved.draft.summary).toEqual([line]);
    // The draft branch holds the canonical text; the file and the running site are unchanged.
    const text = execFileSync('git', ['show', 'forecourt/draft/kiwi-car-yard:kiwi-car-yard.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(text).toBe(formatSiteDocument(JSON.parse(text)));
    expect(text.indexOf('"slug"')).toBeLessThan(text.indexOf('"pages"'));
    expect(git(['log', '-1', '--format=%an|%s', 'forecourt/draft/kiwi-car-yard'])).toBe(
      `Aroha Ngata|${line}`,
    );
    expect(readFileSync(join(dir, 'kiwi-car-yard.json'), 'utf8')).toBe(published);
    const entry = sites.get('kiwi-car-yard');
    expect(entry?.ok && entry.site.name).toBe('Kiwi Car Yard');
    // Staff reopening the site get the draft.
    const again = await (await fetch(`${base}/sites/kiwi-car-yard`)).json();
    expect(again.document.name).toBe('Kiwi Car Yard Penrose');
    expect(again.version).toBe(saved.version);
  });

  it('refuses a base version it does not know (409), writing nothing', async () => {
    const { document } = await (await fetch(`${base}/sites/lakeside-chevrolet`)).json();
    const res = await fetch(
      `${base}/sites/lakeside-chevrolet`,
      json({ document: { ...document, name: 'X' }, baseVersion: '0000000000000000' }),
    );
    expect(res.status).toBe(409);
    expect(git(['branch', '--list', 'forecourt/draft/lakeside-chevrolet'])).toBe('');
  });

  it('refuses invalid documents (422 with issues), mismatched slugs and template names that are not plain', async () => {
    const { document } = await (await fetch(`${base}/sites/gold-coast-ford`)).json();
    const bad = await fetch(
      `${base}/sites/gold-coast-ford`,
      json({ document: { ...document, region: 'XX' } }),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).issues).toEqual([expect.objectContaining({ path: '/region' })]);
    const other = await fetch(`${base}/sites/other-name`, json({ document }));
    expect((await other.json()).issues[0].path).toBe('/slug');
    const escape = await fetch(
      `${base}/sites/gold-coast-ford`,
      json({ document: { ...document, template: '../../package' } }),
    );
    expect((await escape.json()).issues[0].path).toBe('/template');
    expect((await fetch(`${base}/sites/Bad.Name`, json({ document }))).status).toBe(400);
  });

  it('creates a site from a template once', async () => {
    const body = {
      slug: 'new-dealer',
      name: 'New Dealer',
      region: 'NZ',
      template: 'ford',
      dealerships: [{ id: 5, slug: 'new-dealer', name: 'New Dealer', manufacturers: ['Ford'] }],
    };
    const published = git(['rev-parse', 'HEAD']);
    const res = await fetch(`${base}/sites`, post(body));
    expect(res.status).toBe(201);
    // Its first draft (docs/publishing.md): nothing on the published branch or in the work tree.
    expect(git(['rev-parse', 'HEAD'])).toBe(published);
    expect(existsSync(join(dir, 'new-dealer.json'))).toBe(false);
    expect(git(['log', '-1', '--format=%s', 'forecourt/draft/new-dealer'])).toBe(
      'Create site new-dealer (New Dealer)',
    );
    const created = await res.json();
    expect(created.version).toBe(git(['rev-parse', 'forecourt/draft/new-dealer']));
    expect(created.draft).toMatchObject({ exists: true, newSite: true });
    expect(JSON.parse(git(['show', 'forecourt/draft/new-dealer:new-dealer.json']))).toEqual({
      $schema: '../schemas/site.schema.json',
      schemaVersion: expect.any(Number),
      slug: 'new-dealer',
      name: 'New Dealer',
      template: 'ford',
      dealership_id: 5,
      region: 'NZ',
      dealerships: body.dealerships,
    });
    // Staff find it in the list and open it like any draft.
    const { sites: list } = await (await fetch(`${base}/sites`)).json();
    expect(list.find((s: { slug: string }) => s.slug === 'new-dealer')).toMatchObject({
      name: 'New Dealer',
      draft: true,
      unpublished: true,
    });
    const opened = await (await fetch(`${base}/sites/new-dealer`)).json();
    expect(opened).toMatchObject({ version: created.version, draft: { newSite: true } });
    expect(opened.resolved.pages.length).toBeGreaterThan(0);
    expect((await fetch(`${base}/sites`, post(body))).status).toBe(409);
    expect(
      (await fetch(`${base}/sites`, post({ ...body, slug: 'x', template: 'nope' }))).status,
    ).toBe(422);
  });

  it('checks a draft as the runtime would: issues, defaults filled, HTML sanitised', async () => {
    const { document } = await (await fetch(`${base}/sites/kiwi-car-yard`)).json();
    const draft = structuredClone(document);
    draft.pages[0].blocks.push({
      type: 'rich-text',
      id: 'evil',
      props: { html: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
    });
    draft.pages[0].blocks.push({ type: 'hero', id: 'no-heading', props: {} });
    const r = await (await fetch(`${base}/check`, post({ document: draft }))).json();
    expect(r.issues).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/blocks\/\d+\/props\/heading$/),
        message: 'is required',
      }),
    ]);
    const evil = r.site.pages[0].blocks.find((b: { id: string }) => b.id === 'evil');
    expect(evil.props.html).toBe('<p>Hi</p>');
    expect(evil.props.width).toBe('narrow'); // default filled
    expect(r.site.features.compare).toBeDefined();
  });
  it('a draft leaving out a template page that no longer exists still previews, with the issue', async () => {
    const { document } = await (await fetch(`${base}/sites/gold-coast-ford`)).json();
    const draft = { ...structuredClone(document), withoutPages: ['no-such-page'] };
    const r = await (await fetch(`${base}/check`, post({ document: draft }))).json();
    expect(r.issues).toEqual([
      { path: '/withoutPages/0', message: expect.stringContaining('"no-such-page"') },
    ]);
    expect(r.site.pages.length).toBeGreaterThan(3);
  });
});
