import { describe, expect, it, vi } from 'vitest';
import { mergeDocuments, resolveTemplate } from '../../../engine/site/templates.ts';
import { registry } from '../../../blocks/registry.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { siteDataFor } from '../../../engine/site/data.ts';
import { readCatalogue } from '../../../engine/inventory/load.ts';
import { prepare, prepared, readSite, loadTemplate, SITES_DIR } from '../helpers.ts';

describe('template resolution', () => {
  const template = {
    theme: { colours: { primary: '#000000', accent: '#ff0000' }, radius: 4 },
    features: { reserveButtons: true, financeLink: '/finance-enquiry' },
    layout: { header: [{ type: 'header', id: 'site-header' }] },
    pages: [
      { id: 'home', path: '/', title: 'Template home', blocks: [] },
      { id: 'finance', path: '/finance', title: 'Finance', blocks: [] },
    ],
  };

  it('merges objects key by key with the site winning, replaces arrays, merges pages by id', () => {
    const site = {
      slug: 's',
      template: 'base',
      theme: { colours: { primary: '#123456' } },
      features: { financeLink: '/finance' },
      pages: [
        { id: 'contact', path: '/contact', title: 'Contact', blocks: [] },
        { id: 'home', path: '/', title: 'Site home', blocks: [] },
      ],
    };
    const { doc, issues, chain } = resolveTemplate(site, (n) =>
      n === 'base' ? template : undefined,
    );
    expect(issues).toEqual([]);
    expect(chain).toEqual(['base']);
    expect(doc.theme).toEqual({ colours: { primary: '#123456', accent: '#ff0000' }, radius: 4 });
    expect(doc.features).toEqual({ reserveButtons: true, financeLink: '/finance' });
    // Template page order kept, site page replaces by id, new pages appended.
    expect((doc.pages as { id: string; title: string }[]).map((p) => `${p.id}:${p.title}`)).toEqual(
      ['home:Site home', 'finance:Finance', 'contact:Contact'],
    );
    expect(doc.template).toBe('base');
  });

  it('lets null remove what the template set', () => {
    expect(mergeDocuments({ features: { a: 1, b: 2 } }, { features: { a: null } })).toEqual({
      features: { b: 2 },
    });
  });

  it('resolves chains of templates, nearest winning', () => {
    const templates: Record<string, Record<string, unknown>> = {
      brand: { template: 'group', features: { compare: true, favourites: true } },
      group: { features: { compare: false, watchlist: false }, region: 'NZ' },
    };
    const { doc, chain } = resolveTemplate(
      { template: 'brand', features: { favourites: false } },
      (n) => templates[n],
    );
    expect(chain).toEqual(['brand', 'group']);
    expect(doc.features).toEqual({ compare: true, favourites: false, watchlist: false });
    expect(doc.region).toBe('NZ');
  });

  it('reports a missing template and a cycle', () => {
    expect(resolveTemplate({ template: 'nope' }, () => undefined).issues).toEqual([
      { path: '/template', message: 'template "nope" not found in sites/templates/' },
    ]);
    const cyc: Record<string, Record<string, unknown>> = {
      a: { template: 'b' },
      b: { template: 'a' },
    };
    expect(resolveTemplate({ template: 'a' }, (n) => cyc[n]).issues[0].message).toBe(
      'template cycle: a → b → a',
    );
  });

  it('is deterministic: the same inputs give the same document', () => {
    const a = JSON.stringify(resolveTemplate(readSite('gold-coast-ford'), loadTemplate).doc);
    const b = JSON.stringify(resolveTemplate(readSite('gold-coast-ford'), loadTemplate).doc);
    expect(a).toBe(b);
  });

  it('gives the Ford demo site the template pages, layout and switches it does not override', () => {
    const site = prepared(readSite('gold-coast-ford'));
    expect(site.pages.map((p) => p.id)).toContain('finance');
    expect(site.pages.find((p) => p.id === 'home')!.title).toContain('Gold Coast Ford');
    expect(site.features.financeButtonText).toBe('Get Pre-Approved Now'); // from the template
    expect(site.features.phoneLinksInMenu).toBe(true); // from the site
    expect(site.layout.header.map((b) => b.type)).toEqual(['emergency-banner', 'header']);
  });
});

describe('leaving out template pages (withoutPages)', () => {
  const page = (id: string, path = `/${id}`) => ({ id, path, title: id, blocks: [] });
  const template = { pages: [page('home', '/'), page('finance'), page('service'), page('about')] };
  const load = (n: string) => (n === 'base' ? template : undefined);
  const ids = (doc: Record<string, unknown>) => (doc.pages as { id: string }[]).map((p) => p.id);

  it('drops the listed template pages, keeps the order of the rest, and leaves no list in the resolved document', () => {
    const site = {
      slug: 's',
      template: 'base',
      withoutPages: ['finance', 'about'],
      pages: [page('contact'), { ...page('home', '/'), title: 'Mine' }],
    };
    const { doc, issues } = resolveTemplate(site, load);
    expect(issues).toEqual([]);
    expect(ids(doc)).toEqual(['home', 'service', 'contact']);
    expect((doc.pages as { title: string }[])[0].title).toBe('Mine');
    expect(doc).not.toHaveProperty('withoutPages');
  });

  it('names the path and the id when an entry names no inherited page, and still applies the others', () => {
    const { doc, issues } = resolveTemplate(
      { template: 'base', withoutPages: ['finance', 'finance-calculator'] },
      load,
    );
    expect(issues).toEqual([
      { path: '/withoutPages/1', message: 'no template page has id "finance-calculator"' },
    ]);
    expect(ids(doc)).toEqual(['home', 'service', 'about']);
  });

  it('refuses a page that is both left out and defined by the same document', () => {
    const { issues } = resolveTemplate(
      { template: 'base', withoutPages: ['finance'], pages: [page('contact'), page('finance')] },
      load,
    );
    expect(issues).toEqual([
      {
        path: '/withoutPages/0',
        message:
          '"finance" is also a page of this document (/pages/1); leave the template page out or define your own, not both',
      },
    ]);
  });

  it('reports a repeated id, a wrong shape, and a list in a document without a template', () => {
    expect(
      resolveTemplate({ template: 'base', withoutPages: ['finance', 'finance'] }, load).issues,
    ).toEqual([
      { path: '/withoutPages/1', message: 'page "finance" is already listed at /withoutPages/0' },
    ]);
    expect(resolveTemplate({ template: 'base', withoutPages: 'finance' }, load).issues).toEqual([
      { path: '/withoutPages', message: 'must be a list of page ids' },
    ]);
    expect(resolveTemplate({ template: 'base', withoutPages: [3] }, load).issues).toEqual([
      { path: '/withoutPages/0', message: 'must be a page id (a string)' },
    ]);
    expect(
      resolveTemplate({ withoutPages: ['home'], pages: [page('home', '/')] }, load).issues,
    ).toEqual([
      {
        path: '/withoutPages',
        message: 'this document extends no template, so it has no template pages to leave out',
      },
    ]);
    // An empty list says nothing and is harmless.
    expect(resolveTemplate({ template: 'base', withoutPages: [] }, load).issues).toEqual([]);
  });

  it('works through a chain: each document leaves out pages of the templates below it', () => {
    const templates: Record<string, Record<string, unknown>> = {
      group: { pages: [page('home', '/'), page('finance'), page('service'), page('careers')] },
      brand: { template: 'group', withoutPages: ['careers'], pages: [page('models')] },
    };
    const resolve = (site: Record<string, unknown>) =>
      resolveTemplate({ template: 'brand', ...site }, (n) => templates[n]);
    // The site leaves out a page of the base template and one of the middle one.
    const a = resolve({ withoutPages: ['finance', 'models'] });
    expect(a.issues).toEqual([]);
    expect(ids(a.doc)).toEqual(['home', 'service']);
    expect(a.chain).toEqual(['brand', 'group']);
    // A page the brand template already left out is not inherited by the site...
    expect(resolve({ withoutPages: ['careers'] }).issues).toEqual([
      { path: '/withoutPages/0', message: 'no template page has id "careers"' },
    ]);
    // ...so the site may define its own page with that id: it is a new page.
    const own = resolve({ pages: [{ ...page('careers'), title: 'Work with us' }] });
    expect(own.issues).toEqual([]);
    expect(ids(own.doc)).toEqual(['home', 'finance', 'service', 'models', 'careers']);
    // The template's list is checked too, and named as the template's.
    templates.brand.withoutPages = ['careers', 'nope'];
    expect(resolve({}).issues).toEqual([
      {
        path: '/template',
        message: 'in template "brand": /withoutPages/1: no template page has id "nope"',
      },
    ]);
  });

  describe('on the Ford demo site', () => {
    const renderPage = createPageRenderer(registry);
    const catalogue = readCatalogue(SITES_DIR);
    const render = (site: ReturnType<typeof prepared>, url: string) =>
      renderPage({
        site,
        siteData: siteDataFor(site, catalogue),
        url,
        basename: '',
        mode: 'production',
        origin: 'http://127.0.0.1:9',
      });

    it('a left-out template page is gone from the pages and its route answers 404', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const full = prepared(readSite('gold-coast-ford'));
      expect(full.pages.map((p) => p.id)).toContain('finance');
      expect((await render(full, '/finance')).status).toBe(200);
      const site = prepared({ ...readSite('gold-coast-ford'), withoutPages: ['finance'] });
      expect(site.pages.map((p) => p.id)).not.toContain('finance');
      expect(site.pages).toHaveLength(full.pages.length - 1);
      expect(site).not.toHaveProperty('withoutPages');
      expect((await render(site, '/finance')).status).toBe(404);
      expect((await render(site, '/contact')).status).toBe(200);
    });

    it('an unknown id stops the site from preparing, with the path named', () => {
      const r = prepare({ ...readSite('gold-coast-ford'), withoutPages: ['finance-calculator'] });
      expect(r).toEqual({
        ok: false,
        issues: [
          { path: '/withoutPages/0', message: 'no template page has id "finance-calculator"' },
        ],
      });
    });
  });
});

describe('a page that is not an object, in a site extending a template', () => {
  it('is reported at its path, never thrown, whether the site or the template has it', () => {
    const site = readSite('gold-coast-ford');
    const r = prepare({ ...site, pages: [...site.pages, null], withoutPages: ['finance'] });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.some((i) => /^\/pages\/\d+$/.test(i.path))).toBe(true);
    const template = loadTemplate('ford');
    const resolved = resolveTemplate({ template: 'ford', withoutPages: ['finance'] }, () => ({
      ...template,
      pages: [null, ...template.pages],
    }));
    expect(resolved.merged).toBe(true);
    expect((resolved.doc.pages as unknown[])[0]).toBeNull();
  });
});
