/**
 * The brand-neutral starter templates (docs/site-documents.md, "Starter templates"): a site
 * created from each, through the editor API's own create route, as the editor's "New site"
 * form sends it, is valid with no whole-site issues and says "Ford" nowhere the site did
 * not say it itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteStore } from '../../../engine/server/sites.ts';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { createSitePreparer } from '../../../engine/site/prepare.ts';
import { readCatalogue } from '../../../engine/site/folder.ts';
import { STARTER_TEMPLATES } from '../../../demo/pages/starter-templates.ts';
import { loadTemplate, ROOT, SITES_DIR } from '../helpers.ts';

const STARTERS = Object.keys(STARTER_TEMPLATES);
const REGION: Record<string, string> = { 'us-franchise': 'US' };
const MAKES: Record<string, string[]> = {
  'used-car-yard': [],
  'multi-brand-group': ['Toyota', 'Mazda'],
  'us-franchise': ['Chevrolet'],
};
const BRAND_WORDS = /\b(ford|ranger|everest|mustang|bronco)\b/i;

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-starters-'));
  cpSync(SITES_DIR, dir, { recursive: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const app = express();
  app.use('/api/editor', createEditorRouter({ sites: new SiteStore(dir), sitesDir: dir }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // Longer than a check takes on a busy machine: an idle connection the server closed as the
  // next test reused it reset that request (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/api/editor`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** What the editor's "New site" form posts (editor/components/App.tsx, NewSiteForm). */
function newSite(template: string, makes?: string[], slug = `city-motors-${template}`) {
  const manufacturers = makes ?? MAKES[template] ?? ['Mazda'];
  return {
    slug,
    name: 'City Motors',
    region: REGION[template] ?? 'AU',
    template,
    dealerships: [
      {
        id: 901,
        slug: 'city-motors',
        name: 'City Motors',
        ...(manufacturers.length ? { manufacturers } : {}),
      },
    ],
  };
}

describe('starter templates', () => {
  it('are the generator’s output, and none of them says Ford', () => {
    for (const name of STARTERS) {
      const text = readFileSync(join(ROOT, 'sites/templates', `${name}.json`), 'utf8');
      expect(JSON.parse(text), name).toEqual(STARTER_TEMPLATES[name]());
      expect(text, name).not.toMatch(BRAND_WORDS);
    }
  });

  it.each(STARTERS)(
    '%s: a site created from it is valid, with no whole-site issues and no Ford wording',
    async (template) => {
      const body = newSite(template);
      const res = await fetch(`${base}/sites`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const created = await res.json();
      expect(created.issues ?? [], template).toEqual([]);
      expect(res.status).toBe(201);

      const prepare = createSitePreparer({
        loadTemplate,
        catalogue: readCatalogue(SITES_DIR).catalogue,
      });
      const result = prepare(created.document);
      expect(result.ok ? [] : result.issues).toEqual([]);
      if (!result.ok) return;
      expect(result.site.region).toBe(body.region);
      // What the template gives the site: pages, layout, theme, features (not the site's own data).
      const fromTemplate = JSON.stringify([
        result.site.pages,
        result.site.layout,
        result.site.theme,
        result.site.features,
      ]);
      expect(fromTemplate.match(BRAND_WORDS)).toBeNull();
      expect(fromTemplate.match(/Australia/)).toBeNull();
      // Words the template writes (filter and icon names such as "km" and "tyre" are not text).
      if (body.region === 'US')
        expect(fromTemplate.match(/\d km\b|\butes\b|\btyres\b|[Tt]yres and/)).toBeNull();
    },
    // The first site created compiles the validators: slow on a busy machine.
    60_000,
  );

  it('each names the makes it is made for, which the form offers it by', async () => {
    const res = await fetch(`${base}/templates`);
    const { templates } = (await res.json()) as {
      templates: Array<{ name: string; makes: string[] }>;
    };
    const makes = Object.fromEntries(templates.map((t) => [t.name, t.makes]));
    for (const name of STARTERS) expect(makes[name], name).toEqual([]);
    expect(makes.ford).toEqual(['ford']);
  });

  // The per-template makes above, plus none and makes no template names.
  const SOLD = [[], ['Toyota', 'Kia', 'Hyundai']];
  it.each(STARTERS.flatMap((t) => SOLD.map((sold, i) => [t, sold, i] as const)))(
    '%s: a site is created for a dealer selling %j',
    async (template, sold, i) => {
      const body = newSite(template, sold, `any-makes-${template}-${i}`);
      const res = await fetch(`${base}/sites`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const created = await res.json();
      expect(created.issues ?? [], template).toEqual([]);
      expect(res.status).toBe(201);
    },
    60_000,
  );

  it('a template made for other makes is refused at its field, saying why', async () => {
    const res = await fetch(`${base}/sites`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...newSite('ford', ['Mazda']), template: 'ford' }),
    });
    expect(res.status).toBe(422);
    const { issues } = await res.json();
    expect(issues).toEqual([
      {
        path: '/template',
        message: expect.stringContaining('made for dealers selling ford'),
      },
    ]);
  });
});
