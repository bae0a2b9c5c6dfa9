import { describe, expect, it } from 'vitest';
import { mergeDocuments, resolveTemplate } from '../../engine/site/templates.ts';
import { prepared, readSite, loadTemplate } from './helpers.ts';

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
    const { doc, issues, chain } = resolveTemplate(site, (n) => (n === 'base' ? template : undefined));
    expect(issues).toEqual([]);
    expect(chain).toEqual(['base']);
    expect(doc.theme).toEqual({ colours: { primary: '#123456', accent: '#ff0000' }, radius: 4 });
    expect(doc.features).toEqual({ reserveButtons: true, financeLink: '/finance' });
    // Template page order kept, site page replaces by id, new pages appended.
    expect((doc.pages as { id: string; title: string }[]).map((p) => `${p.id}:${p.title}`)).toEqual([
      'home:Site home',
      'finance:Finance',
      'contact:Contact',
    ]);
    expect(doc.template).toBe('base');
  });

  it('lets null remove what the template set', () => {
    expect(mergeDocuments({ features: { a: 1, b: 2 } }, { features: { a: null } })).toEqual({ features: { b: 2 } });
  });

  it('resolves chains of templates, nearest winning', () => {
    const templates: Record<string, Record<string, unknown>> = {
      brand: { template: 'group', features: { compare: true, favourites: true } },
      group: { features: { compare: false, watchlist: false }, region: 'NZ' },
    };
    const { doc, chain } = resolveTemplate({ template: 'brand', features: { favourites: false } }, (n) => templates[n]);
    expect(chain).toEqual(['brand', 'group']);
    expect(doc.features).toEqual({ compare: true, favourites: false, watchlist: false });
    expect(doc.region).toBe('NZ');
  });

  it('reports a missing template and a cycle', () => {
    expect(resolveTemplate({ template: 'nope' }, () => undefined).issues).toEqual([
      { path: '/template', message: 'template "nope" not found in sites/templates/' },
    ]);
    const cyc: Record<string, Record<string, unknown>> = { a: { template: 'b' }, b: { template: 'a' } };
    expect(resolveTemplate({ template: 'a' }, (n) => cyc[n]).issues[0].message).toBe('template cycle: a → b → a');
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
